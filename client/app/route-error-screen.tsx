import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useOnlineStatus } from '@client/pwa/online-status';
import { ROUTE_ERROR_MESSAGES } from './route-error-messages';

function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/**
 * Shown when a screen throws or its code cannot be loaded (offline before the app was kept for
 * offline use, or after an update). A screen whose code did not load is loaded again as soon as
 * the connection is back: the user does not have to find the refresh button.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const online = useOnlineStatus();
  const chunkFailed = isChunkLoadFailure(error);
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  useEffect(() => {
    if (!chunkFailed) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [chunkFailed]);
  const detail = chunkFailed ? ROUTE_ERROR_MESSAGES.chunkFailed : ROUTE_ERROR_MESSAGES.failed;

  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {ROUTE_ERROR_MESSAGES.title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: chunkFailed && !online ? 1 : 4 }}>
        {detail}
      </Typography>
      {chunkFailed && !online && (
        <Typography color="textSecondary" sx={{ mb: 4 }} data-testid="reloads-online">
          {ROUTE_ERROR_MESSAGES.reloadsOnline}
        </Typography>
      )}
      <Button variant="contained" onClick={() => window.location.reload()}>
        {ROUTE_ERROR_MESSAGES.reload}
      </Button>
    </Container>
  );
}
