import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { EmptyState } from './empty-state';

/**
 * The denial screen of a page that checks the role itself (product §6): 访问受限 and why, with a way
 * on (home unless the page names another, e.g. /profile for the agents' pages).
 */
export function AccessDenied({
  title,
  message,
  actionTo = '/',
  actionLabel = '返回首页',
}: {
  title: string;
  message: string;
  actionTo?: string;
  actionLabel?: string;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <EmptyState
        icon={<LockOutlined fontSize="inherit" />}
        title={title}
        titleAs="h1"
        description={message}
        action={
          <Button component={RouterLink} to={actionTo} variant="outlined">
            {actionLabel}
          </Button>
        }
      />
    </Container>
  );
}
