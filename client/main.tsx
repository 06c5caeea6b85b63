// React's own modules are evaluated in this first task; the app's come in tasks of their own below.
import 'react-dom/client';
// Before any schema is built: zod's check for `new Function` would break the CSP.
import './lib/zod-without-eval';
import { preloadFirstScreen, preloadLaterScreens } from './app/lazy-screens';
import { startPwa } from './pwa/boot';
import { afterFirstScreen, preloadPageData } from './app/sync/page-data';
import { yieldToMain } from './lib/when-idle';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container: HTMLElement = root;
const path = window.location.pathname;

// The screen the page opens on loads with the app; the app mounts once it is there, so the first
// render shows it (index.html's boot shell, or the gateway's first screen, shows meanwhile). The
// gateway's page preloads the screen's chunks already: there, its modules are evaluated last.
const earlyScreen = container.hasAttribute('data-ssr') ? null : preloadFirstScreen(path);
// The service worker installs (downloading the whole app) once the first screen is shown.
startPwa(afterFirstScreen);
// The data layer's chunk (RxDB) downloads while the first screen renders (on a first visit, after).
preloadPageData();
// The other screens' loaders come once the page is idle: a tap on one fetches just its files.
preloadLaterScreens();

/** A dropped connection while the app's chunks load: tried again this many times, then left. */
const LOAD_TRIES = 4;

/**
 * Evaluating the app at once is one long task on a slow phone; instead, each step below is a task
 * of its own: the router, emotion (MUI's styling engine), MUI's styling system, its base
 * components, the theme (MUI's theme code), the app's own modules, the screen's. (MUI in one step
 * was a task of 100–150 ms on Lighthouse's slowed CPU; in three, none of them is the longest.) A
 * step only evaluates what the app imports anyway, and the build puts each step's modules in a
 * file of its own (scripts/first-screen-chunks.ts). The theme
 * comes after MUI's styling: its import of MUI's styles index would otherwise draw the styling
 * engine into the theme's step: one long task where there are two shorter ones. (Nothing on the
 * way uses Intl's zh-CN formats: their first use loads ICU's locale data, a long task of its own.)
 */
const APP_STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('./app/load-steps/router'),
  () => import('./app/load-steps/emotion'),
  () => import('./app/load-steps/mui-styles'),
  () => import('./app/load-steps/mui'),
  () => import('./app/theme'),
];

/** Loads the app a step a task, then makes its history in a task of its own; gives the mount. */
function loadApp(attempt: number): Promise<(root: HTMLElement) => void> {
  return APP_STEPS.reduce<Promise<unknown>>(
    (previous, step) => previous.then(yieldToMain).then(step),
    Promise.resolve(),
  )
    .then(yieldToMain)
    .then(() => import('./app/mount-app'))
    .then(async ({ mountApp, prepareHistory }) => {
      await ((attempt === 1 && earlyScreen) || preloadFirstScreen(path));
      await yieldToMain();
      const history = prepareHistory();
      await yieldToMain();
      return (root: HTMLElement) => mountApp(root, history);
    });
}

function boot(attempt: number): void {
  loadApp(attempt).then(
    (mountApp) => mountApp(container),
    (err: unknown) => {
      // The page stays as shown (the gateway's first screen, or the boot shell) and loads the app
      // again once the connection is back: a first visit on a rural network may drop mid-way.
      console.error(`loading the app failed (try ${attempt} of ${LOAD_TRIES})`, err);
      if (attempt >= LOAD_TRIES) return;
      const again = () => boot(attempt + 1);
      if (navigator.onLine) setTimeout(again, 1_000 * attempt);
      else window.addEventListener('online', again, { once: true });
    },
  );
}
boot(1);
