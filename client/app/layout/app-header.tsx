import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { LazyPart } from '@client/components/lazy-part';
import { useAuth } from '@client/lib/session/auth-context';
import { whenIdle } from '@client/lib/when-idle';
import { SyncIndicator } from '@client/app/sync/sync-indicator';
import { OfflineBanner } from '@client/pwa/offline-banner';
import { StorageFullAlert } from '@client/pwa/storage-full-alert';
import { UnsentStorageAlert } from '@client/pwa/unsent-storage-alert';
import { Brand } from './brand';
import { MobileMenu } from './mobile-menu';
import { isActive, MAIN_NAV } from './nav-items';
import { useMessagesChrome } from './use-messages-chrome';

/** Only signed-in users need the menu (and its Popover), so it is a chunk of its own. */
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const InstallButton = lazy(() =>
  import('@client/pwa/install-button').then((m) => ({ default: m.InstallButton })),
);

/**
 * 安装应用 once the page is idle: the browser offers installing only after a while anyway, and
 * its code (the install flow, the iOS steps) stays out of the first screen's.
 */
function IdleInstallButton() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 3000), []);
  if (!idle) return null;
  return (
    <LazyPart name="the install button" fallback={null}>
      <InstallButton />
    </LazyPart>
  );
}

/** Where the sign-in buttons or the user menu will be (a still box: no skeleton code up front). */
const authSkeleton = (
  <Box aria-hidden sx={{ width: 140, height: 36, borderRadius: 1, bgcolor: 'action.hover' }} />
);

/**
 * Site header (product §2 "Chrome"): name, main links, install entry, login/register or the user
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
            <IdleInstallButton />
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
      <StorageFullAlert />
    </AppBar>
  );
}
