import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** Shown when a screen throws or its code cannot be loaded (for example offline after an update). */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('route error', error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadFailure(error)
      ? '页面资源加载失败，请检查网络后刷新。'
      : '页面出现错误，请刷新后重试。';

  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        页面出错了
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {detail}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </Container>
  );
}
