import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissQuotaExceeded, STORAGE_MESSAGES, useQuotaExceeded } from './storage';

/** The full-storage message: stays until the user closes it, so it is never missed. */
export default function StorageFullAlertView() {
  const open = useQuotaExceeded();
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="error"
        variant="filled"
        onClose={dismissQuotaExceeded}
        data-testid="storage-full"
        sx={{ width: '100%', boxShadow: 3 }}
      >
        {STORAGE_MESSAGES.quotaExceeded}
      </Alert>
    </Snackbar>
  );
}
