// React's own modules are evaluated in this first task; the app's come in tasks of their own below.
import 'react-dom/client';
import { preloadFirstScreen } from './app/lazy-screens';
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

// Evaluating the app's modules at once is one long task on a slow phone: the theme (MUI's styles)
// first, then the rest, each import in a task of its own. The gateway's page preloads the chunks.
void import('./app/theme')
  .then(() => Promise.all([import('./app/mount-app'), firstScreen]))
  .then(([{ mountApp }]) => mountApp(container));
