import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useInstallAction } from './install-action';
import { INSTALL_LABEL } from './messages';
import { dismissUnsentAtRisk, STORAGE_MESSAGES } from './storage';

/**
 * A bar under the header, like the offline one (it covers nothing): install the app, or stay online
 * until the unsent items are sent. Stays until closed.
 */
export default function UnsentStorageAlertView() {
  const install = useInstallAction();
  return (
    <Box
      role="alert"
      data-testid="unsent-storage-alert"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        columnGap: 1,
        px: 2,
        py: 0.75,
        fontSize: 13,
        lineHeight: 1.4,
        bgcolor: '#fff7e6',
        color: '#8a5300',
        borderTop: 1,
        borderColor: '#ffe3b3',
      }}
    >
      <WarningAmberOutlined sx={{ fontSize: 16 }} />
      <Box component="span" sx={{ flex: '1 1 240px', maxWidth: 720 }}>
        {STORAGE_MESSAGES.unsentAtRisk}
      </Box>
      {install.mode !== 'none' && (
        <Button size="small" color="inherit" onClick={install.start}>
          {INSTALL_LABEL}
        </Button>
      )}
      <Button size="small" color="inherit" onClick={dismissUnsentAtRisk}>
        {STORAGE_MESSAGES.understood}
      </Button>
      {install.dialog}
    </Box>
  );
}
