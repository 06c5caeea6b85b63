import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import {
  estimateStorage,
  formatBytes,
  STORAGE_MESSAGES,
  type StorageUsage,
} from '@client/pwa/storage';

type Estimate = { state: 'loading' } | { state: 'ready'; usage: StorageUsage | null };

/** 本机存储: how much this device holds for the app, what is left, and whether it is kept. */
export function StorageUsageCard() {
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
    <Card sx={{ p: 3, mb: 2 }} data-testid="storage-usage">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <StorageOutlined color="primary" fontSize="small" />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          本机存储
        </Typography>
      </Stack>
      {estimate.state === 'loading' ? (
        <Skeleton width="60%" />
      ) : estimate.usage ? (
        <UsageFigures usage={estimate.usage} />
      ) : (
        <Typography color="textSecondary">{STORAGE_MESSAGES.unavailable}</Typography>
      )}
    </Card>
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
        {persisted ? STORAGE_MESSAGES.persisted : STORAGE_MESSAGES.notPersisted}
      </Typography>
    </Box>
  );
}
