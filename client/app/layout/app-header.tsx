import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useAuth } from '@client/lib/session/auth-context';
import { SyncIndicator } from '@client/app/sync/sync-indicator';
import { InstallButton } from '@client/pwa/install-button';
import { OfflineBanner } from '@client/pwa/offline-banner';
import { UnsentStorageAlert } from '@client/pwa/unsent-storage-alert';
import { Brand } from './brand';
import { MobileMenu } from './mobile-menu';
import { isActive, MAIN_NAV } from './nav-items';
import { useMessagesChrome } from './use-messages-chrome';

/** Only signed-in users need the menu (and its Popover), so it is a chunk of its own. */
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const authSkeleton = <Skeleton variant="rounded" width={140} height={36} />;

/**
 * Site header (spec §2 "Chrome"): name, main links, install entry, login/register or the user
 * menu, and the offline banner under it.
 */
export function AppHeader() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  const chrome = useMessagesChrome();

  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 4, minHeight: { xs: 56, md: 64 } }}>
          <Brand />
          <Stack
            component="nav"
            aria-label="主导航"
            direction="row"
            spacing={1}
            sx={{ display: { xs: 'none', md: 'flex' }, flexGrow: 1 }}
          >
            {MAIN_NAV.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <Button
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  color={active ? 'primary' : 'inherit'}
                  aria-current={active ? 'page' : undefined}
                  sx={{ fontSize: 16, px: 2, fontWeight: active ? 700 : 500 }}
                >
                  {item.label}
                </Button>
              );
            })}
          </Stack>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <SyncIndicator />
          {chrome && (
            <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
              <chrome.MessagesButton />
            </Box>
          )}
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1.5 }}>
            <InstallButton />
            {status === 'loading' ? (
              authSkeleton
            ) : user ? (
              <Suspense fallback={authSkeleton}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <>
                <Button component={RouterLink} to="/login" variant="outlined">
                  登录
                </Button>
                <Button component={RouterLink} to="/register" variant="contained">
                  注册
                </Button>
              </>
            )}
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <MobileMenu />
          </Box>
        </Toolbar>
      </Container>
      <OfflineBanner />
      <UnsentStorageAlert />
    </AppBar>
  );
}
