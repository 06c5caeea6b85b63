import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** The failure of an online resource, with 重试. */
export function OnlineResourceFailure({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          重试
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
