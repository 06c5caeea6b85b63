import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ToastContext, type Toast, type ToastSeverity } from './toast-context';

interface Message {
  key: number;
  text: string;
  severity: ToastSeverity;
}

const AUTO_HIDE_MS = 3000;

/** Shows one toast at a time; a new one replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((severity: ToastSeverity, text: string) => {
    setMessage({ key: Date.now(), text, severity });
    setOpen(true);
  }, []);

  const toast = useMemo<Toast>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
      warning: (text) => show('warning', text),
    }),
    [show],
  );

  return (
    <ToastContext value={toast}>
      {children}
      <Snackbar
        key={message?.key}
        open={open}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity={message?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
          role="status"
          data-testid="toast"
          sx={{ width: '100%', boxShadow: 3 }}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </ToastContext>
  );
}
