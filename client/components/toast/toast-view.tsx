/** The toast itself (MUI Snackbar + Alert): its own chunk, loaded with the first toast of a page. */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_AUTO_HIDE_MS, type ToastMessage } from './toast-state';

export default function ToastView({
  message,
  open,
  onClose,
}: {
  message: ToastMessage;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Snackbar
      key={message.key}
      open={open}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={message.severity}
        variant="filled"
        onClose={onClose}
        role="status"
        data-testid="toast"
        sx={{ width: '100%', boxShadow: 3 }}
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}
