// React's own modules are evaluated in this first task; the app's come in tasks of their own below.
import 'react-dom/client';
import { preloadFirstScreen } from './app/lazy-screens';
import { startPwa } from './pwa/boot';
import { preloadPageData } from './app/sync/page-data';
import { yieldToMain } from './lib/when-idle';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const path = window.location.pathname;

// The screen the page opens on loads with the app; the app mounts once it is there, so the first
// render shows it (index.html's boot shell, or the gateway's first screen, shows meanwhile). The
// gateway's page preloads the screen's chunks already: there, its modules are evaluated last.
const earlyScreen = container.hasAttribute('data-ssr') ? null : preloadFirstScreen(path);
startPwa();
// The data layer's chunk (RxDB) downloads while the first screen renders (on a first visit, after).
preloadPageData();

// Evaluating the app at once is one long task on a slow phone; instead, each step below is a task
// of its own: ICU's zh-CN number formats (loaded on first use: MUI's zh-CN locale and the cards'
// prices need them), the theme (MUI's styles), the app's modules, the screen's.
void yieldToMain()
  .then(() => new Intl.NumberFormat('zh-CN').format(0))
  .then(yieldToMain)
  .then(() => import('./app/theme'))
  .then(() => import('./app/mount-app'))
  .then(async ({ mountApp }) => {
    await (earlyScreen ?? preloadFirstScreen(path));
    mountApp(container);
  });
