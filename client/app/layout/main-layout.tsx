import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import Box from '@mui/material/Box';
import { PageSpinner } from '@client/components/page-spinner';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BOTTOM_TAB_BAR_HEIGHT, BottomTabBar } from './bottom-tab-bar';

/** The main layout (spec §2): header, the screen, desktop footer, mobile tab bar. */
export function MainLayout() {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        pb: { xs: `calc(${BOTTOM_TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom))`, md: 0 },
      }}
    >
      <AppHeader />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
      <BottomTabBar />
      <ScrollRestoration />
    </Box>
  );
}
