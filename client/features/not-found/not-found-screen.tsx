import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Any path outside the route table. */
export default function NotFoundScreen() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography
        sx={{ fontSize: 72, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
        aria-hidden
      >
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
        页面不存在
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        您访问的页面可能已被移除，或链接地址有误。
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained">
          返回首页
        </Button>
        <Button component={RouterLink} to="/properties" variant="outlined">
          浏览房源
        </Button>
      </Stack>
    </Container>
  );
}
