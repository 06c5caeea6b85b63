import Button from '@mui/material/Button';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { EmptyState } from '@client/components/empty-state';

/**
 * An admin list the device could not read: a plain message and a way to try again (the technical
 * error is in the console, logged by the device query).
 */
export function LoadFailed({ message, onReload }: { message: string; onReload(): void }) {
  return (
    <EmptyState
      icon={<ErrorOutlineOutlined fontSize="inherit" color="error" />}
      title={message}
      description={GENERIC_MESSAGES.reloadHint}
      action={
        <Button variant="contained" startIcon={<RefreshOutlined />} onClick={onReload}>
          {GENERIC_MESSAGES.reload}
        </Button>
      }
    />
  );
}
