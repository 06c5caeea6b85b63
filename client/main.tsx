import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/lazy-screens';
import { rememberScreenWidth, SCREEN_WIDTH_ATTRIBUTE, themeAtWidth } from './app/screen-width';
import { startHydration } from './lib/use-store-value';
import { whenIdle } from './lib/when-idle';
import { startPwa } from './pwa/boot';
import { preloadPageData } from './app/sync/page-data';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The screen the page opens on loads with the entry; the app mounts once it is there, so the
// first render shows it (index.html's boot shell, or the gateway's first screen, shows meanwhile).
const firstScreen = preloadFirstScreen(window.location.pathname);
startPwa();
// The data layer's chunk (RxDB) downloads while the first screen renders (on a first visit, after).
preloadPageData();

// The gateway rendered the first screen for this width: the page's first render answers media
// queries as it did (a phone told apart by its user agent alone may be wider, or narrower).
const renderedWidth = Number(container.getAttribute(SCREEN_WIDTH_ATTRIBUTE));
const app = (
  <StrictMode>
    <App theme={renderedWidth > 0 ? themeAtWidth(renderedWidth) : undefined} />
  </StrictMode>
);
// For the gateway's next render; reading the width can force a layout, so not in this first task.
whenIdle(rememberScreenWidth, 2000);

// A transition render yields to the browser every few milliseconds instead of one long task,
// so the page answers input while the app mounts (Lighthouse TBT, DESIGN §8 budgets).
void firstScreen.then(() =>
  startTransition(() => {
    if (container.hasAttribute('data-ssr')) {
      // The gateway rendered this first screen (sync-server/first-screen.ts): adopt its markup.
      startHydration();
      hydrateRoot(container, app, {
        onRecoverableError: (err, info) =>
          console.warn('the first screen was rendered again', err, info.componentStack),
      });
    } else {
      createRoot(container).render(app);
    }
  }),
);
