import { useEffect, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import {
  estimateStorage,
  formatBytes,
  STORAGE_MESSAGES as sm,
  type StorageUsage,
} from '@client/pwa/storage';

type Estimate = { state: 'loading' } | { state: 'ready'; usage: StorageUsage | null };

/**
 * 高级设置 on the profile (product §2 Profile): this device's storage in plain words, folded away
 * so it does not stand among everyday things; its figures are read only once it is opened.
 */
export function AdvancedSettings() {
  return (
    <Card sx={{ mb: 2 }}>
      <Accordion
        disableGutters
        elevation={0}
        slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
        sx={{ '&::before': { display: 'none' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <SettingsOutlined color="action" fontSize="small" />
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {sm.section}
            </Typography>
            <Typography component="span" color="textSecondary" sx={{ fontSize: 13 }}>
              {sm.sectionHint}
            </Typography>
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          <DeviceStorage />
        </AccordionDetails>
      </Accordion>
    </Card>
  );
}

/** How much this device holds for the app, what is left, and whether the browser keeps it. */
function DeviceStorage() {
  const [estimate, setEstimate] = useState<Estimate>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    estimateStorage()
      .catch((err: unknown) => {
        console.warn('[storage] estimate failed', err);
        return null;
      })
      .then((usage) => {
        if (live) setEstimate({ state: 'ready', usage });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Box data-testid="storage-usage">
      <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {sm.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {sm.explain}
      </Typography>
      {estimate.state === 'loading' ? (
        <Skeleton width="60%" />
      ) : estimate.usage ? (
        <UsageFigures usage={estimate.usage} />
      ) : (
        <Typography color="textSecondary">{sm.unavailable}</Typography>
      )}
    </Box>
  );
}

function UsageFigures({ usage: { usage, quota, persisted } }: { usage: StorageUsage }) {
  const share = quota > 0 ? Math.min(100, (usage / quota) * 100) : 0;
  return (
    <Box>
      <Typography data-testid="storage-usage-figures" sx={{ mb: 1 }}>
        已用 {formatBytes(usage)} / 可用 {formatBytes(Math.max(0, quota - usage))}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.max(share, 1)}
        aria-label="存储空间用量"
        sx={{ height: 6, borderRadius: 3, mb: 1 }}
      />
      <Typography variant="body2" color="textSecondary">
        {persisted ? sm.persisted : sm.notPersisted}
      </Typography>
    </Box>
  );
}
