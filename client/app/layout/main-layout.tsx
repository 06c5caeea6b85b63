import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LazyPart } from '@client/components/lazy-part';
import { PageSpinner } from '@client/components/page-spinner';
import { endHydration } from '@client/lib/use-store-value';
import { AppHeader } from './app-header';
import { BOTTOM_TAB_BAR_HEIGHT, BottomTabBar } from './bottom-tab-bar';
import { LeaveGuard } from './leave-guard';
import { hidesTabBar } from './nav-items';
import { useTabBarReleased } from '@client/lib/tab-bar-release';
import { DocumentTitle } from './document-title';
import { PromotionCapture } from './promotion-capture';
import { ScrollMemory } from './scroll-memory';
import { SignOutHost } from './sign-out-host';

/** The footer is for laptops only and below the fold: its own chunk, loaded on wide screens. */
const AppFooter = lazy(() => import('./app-footer').then((m) => ({ default: m.AppFooter })));

/**
 * Ends the page's hydration once the screen has been hydrated (its effect runs in that commit):
 * React hydrates the screen, inside the layout's Suspense boundary, after the rest of the page.
 */
function ScreenHydrated() {
  useEffect(endHydration, []);
  return null;
}

/** The main layout (product §2): header, the screen, desktop footer, mobile tab bar; reads promotion links. */
export function MainLayout() {
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const released = useTabBarReleased();
  const tabBar = !hidesTabBar(useLocation().pathname) || released;
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        pb: {
          xs: tabBar ? `calc(${BOTTOM_TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom))` : 0,
          md: 0,
        },
      }}
    >
      <AppHeader />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <ScreenHydrated />
        </Suspense>
      </Box>
      {desktop && (
        <LazyPart name="the footer" fallback={null}>
          <AppFooter />
        </LazyPart>
      )}
      <BottomTabBar />
      <PromotionCapture />
      <LeaveGuard />
      <SignOutHost />
      <ScrollMemory />
      <DocumentTitle />
    </Box>
  );
}
