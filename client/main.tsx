import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPwa } from './pwa/boot';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startPwa();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
