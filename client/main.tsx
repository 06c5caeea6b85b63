import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPwa } from './pwa/boot';
import { preloadPageData } from './features/sync/page-data';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startPwa();
// The data layer's chunk (RxDB) downloads while the first screen renders, not after it.
preloadPageData();

// A transition render yields to the browser every few milliseconds instead of one long task,
// so the page answers input while the app mounts (Lighthouse TBT, DESIGN §8 budgets).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
