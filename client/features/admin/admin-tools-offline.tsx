/**
 * The admin's own tools, which the service worker's install leaves out (vite.config.ts
 * ADMIN_ONLY_CHUNKS: no visitor's phone downloads the news editor): on an admin's device they are
 * fetched once the service worker controls the page and the page is idle, through the service
 * worker, which keeps them. The news editor then opens offline too, on the train, without having
 * been opened online first.
 */
import { useEffect } from 'react';
import { useAuth } from '@client/lib/session/auth-context';
import { whenIdle } from '@client/lib/when-idle';

/** Longest wait for an idle moment before the admin's tools are fetched anyway. */
const ADMIN_TOOLS_IDLE_MS = 10_000;

/** Loads the admin-only chunks (their code runs once; what matters is the fetch the worker keeps). */
const loadAdminTools = () => import('./components/news-editor');

/** Calls `run` once a service worker controls this page; returns a cancel function. */
function whenControlled(run: () => void): () => void {
  const container = navigator.serviceWorker;
  if (container.controller) {
    run();
    return () => undefined;
  }
  const onChange = () => {
    if (!container.controller) return;
    container.removeEventListener('controllerchange', onChange);
    run();
  };
  container.addEventListener('controllerchange', onChange);
  return () => container.removeEventListener('controllerchange', onChange);
}

export function AdminToolsOffline() {
  const { user } = useAuth();
  const admin = user?.user_type === 'admin';
  useEffect(() => {
    if (!admin || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelIdle = () => {};
    const cancelControlled = whenControlled(() => {
      cancelIdle = whenIdle(() => {
        loadAdminTools().catch((err: unknown) =>
          console.warn('[pwa] the news editor is not kept for offline use yet', err),
        );
      }, ADMIN_TOOLS_IDLE_MS);
    });
    return () => {
      cancelControlled();
      cancelIdle();
    };
  }, [admin]);
  return null;
}
