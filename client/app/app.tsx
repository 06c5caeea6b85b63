import { useEffect, useMemo, useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import type { Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { ToastProvider } from '@client/components/toast/toast-provider';
import { useAuth } from '@client/lib/session/auth-context';
import { AuthProvider } from '@client/lib/session/auth-provider';
import { DeviceDataBridge } from '@client/app/sync/device-data-bridge';
import { FirstUnsentWatch } from '@client/app/sync/first-unsent-watch';
import { OwnAccountBridge } from '@client/app/sync/own-account-bridge';
import { forgetUserData } from '@client/app/sync/page-data';
import { AdminToolsOffline } from '@client/features/admin/admin-tools-offline';
import { requestPersistentStorageOnce } from '@client/pwa/storage';
import { UpdatePrompt } from '@client/pwa/update-prompt';
import { AppHistoryContext, createAppHistory, type AppHistory } from './app-history';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './router';
import { theme } from './theme';

/** At the first login on this device, ask the browser to keep the local data (architecture §8). */
function PersistStorageOnLogin() {
  const { user } = useAuth();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    requestPersistentStorageOnce().catch((err: unknown) =>
      console.warn('[storage] persistent storage request failed', err),
    );
  }, [signedIn]);
  return null;
}

/** The routes, as the router matches them; an error outside a screen (the layout's) shows here. */
function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

/** What the router reads the location from: the app's history, or the gateway's at one URL. */
type RouterHistory = Parameters<typeof HistoryRouter>[0]['history'];

/**
 * Providers around the router (theme, toasts, the session) and the app-wide PWA prompts. The
 * gateway's first-screen render passes its own history (in memory, at the requested URL) and theme
 * (with the visitor's screen size for media queries); the page hydrates what it rendered.
 */
export function App({
  history: given,
  theme: givenTheme = theme,
}: {
  history?: RouterHistory;
  theme?: Theme;
} = {}) {
  const [history] = useState<RouterHistory>(() => given ?? createAppHistory());
  const appHistory = 'setLeaveCheck' in history ? (history as AppHistory) : null;
  // MUI's own ThemeProvider also carries the CSS-variables provider (and its colour-scheme
  // script), which a theme without colour schemes never uses: the first screen's code leaves it
  // out. `vars: null` is what MUI's provider gives such a theme.
  const plainTheme = useMemo(() => ({ ...givenTheme, vars: null }), [givenTheme]);
  return (
    <ThemeProvider theme={plainTheme}>
      <CssBaseline />
      <ToastProvider>
        <AuthProvider onSignedOut={forgetUserData}>
          <DeviceDataBridge />
          <OwnAccountBridge />
          <FirstUnsentWatch />
          <AppHistoryContext value={appHistory}>
            <HistoryRouter history={history}>
              <AppRoutes />
            </HistoryRouter>
          </AppHistoryContext>
          <PersistStorageOnLogin />
          <AdminToolsOffline />
        </AuthProvider>
        <UpdatePrompt />
      </ToastProvider>
    </ThemeProvider>
  );
}
