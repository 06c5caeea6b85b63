/**
 * Mounts the app into #root: hydrates the gateway's first screen (or renders into the boot shell).
 * A chunk of its own that main.tsx imports once React has been evaluated, so the app's modules
 * (MUI, the router, the layout) are evaluated in a task of their own instead of one long first task.
 */
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstScreenHydrated, startHydration } from '@client/lib/use-store-value';
import { whenIdle } from '@client/lib/when-idle';
import { App } from './app';
import { FIRST_SCREEN_HYDRATED_MARK, replayEarlyTaps } from './early-taps';
import { createAppHistory, type AppHistory } from './app-history';
import { pageEmotionCache } from './emotion-cache';
import { rememberScreenWidth, SCREEN_WIDTH_ATTRIBUTE, themeAtWidth } from './screen-width';

/**
 * The app's history, made before mounting (client/main.tsx calls it in a task of its own): making
 * it (the saved scroll positions read) inside the first render would lengthen that render's task
 * on a slow phone.
 */
export const prepareHistory = createAppHistory;

export function mountApp(container: HTMLElement, history: AppHistory): void {
  // The gateway rendered the first screen for this width: the page's first render answers media
  // queries as it did (a phone told apart by its user agent alone may be wider, or narrower).
  const renderedWidth = Number(container.getAttribute(SCREEN_WIDTH_ATTRIBUTE));
  const app = (
    <StrictMode>
      <CacheProvider value={pageEmotionCache()}>
        <App
          history={history}
          theme={renderedWidth > 0 ? themeAtWidth(renderedWidth) : undefined}
        />
      </CacheProvider>
    </StrictMode>
  );
  // For the gateway's next render; reading the width can force a layout, so not in this task.
  whenIdle(rememberScreenWidth, 2000);

  // A transition render yields to the browser every few milliseconds instead of one long task,
  // so the page answers input while the app mounts (Lighthouse TBT, architecture §11 budgets).
  startTransition(() => {
    if (container.hasAttribute('data-ssr')) {
      // The gateway rendered this first screen (sync-server/first-screen.ts): adopt its markup.
      startHydration();
      hydrateRoot(container, app, {
        onRecoverableError: (err, info) =>
          console.warn('the first screen was rendered again', err, info.componentStack),
      });
      // The taps made on the rendered page while the app loaded, once its controls answer (in a
      // task of their own, after the commit that hydrated the screen).
      void firstScreenHydrated.then(() => {
        performance.mark(FIRST_SCREEN_HYDRATED_MARK);
        setTimeout(replayEarlyTaps, 0);
      });
    } else {
      createRoot(container).render(app);
    }
  });
}
