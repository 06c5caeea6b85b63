/**
 * The service worker's life on this page: registers /sw.js (production builds only, after load and
 * once the first screen is shown, with workbox-window in a chunk of its own), looks for a new
 * version hourly and whenever the app comes back into view, and applies a waiting version only when
 * the user accepts it.
 */
import type { Workbox } from 'workbox-window';
import { hasUnsavedChanges } from './unsaved-changes';

/** How often an open app looks for a new version. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Focus and visibility checks closer together than this are skipped. */
const MIN_CHECK_GAP_MS = 60 * 1000;

export interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  updateReady: boolean;
}

let state: UpdateState = { updateReady: false };
const listeners = new Set<() => void>();
let workbox: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
let lastCheck = 0;

function setState(next: UpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUpdateState(): UpdateState {
  return state;
}

/** Asks the server for a newer sw.js (skipped offline and when checked a moment ago). */
export async function checkForUpdate(force = false): Promise<void> {
  if (!workbox || !navigator.onLine) return;
  const now = Date.now();
  if (!force && now - lastCheck < MIN_CHECK_GAP_MS) return;
  lastCheck = now;
  try {
    await workbox.update();
  } catch (err) {
    console.warn('[pwa] update check failed', err);
  }
}

/**
 * Registers the service worker (a no-op in development and where service workers are missing) once
 * the page has loaded and `afterFirstScreen` has run its callback. Installing it downloads every
 * chunk of the app for offline use: started at load, those downloads (and the gateway's work to
 * send them) competed with the first screen's hydration and the device database's start, on a
 * phone's few cores and a slow connection.
 */
export function registerServiceWorker(afterFirstScreen: (run: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    workbox = wb;
    wb.addEventListener('waiting', () => setState({ updateReady: true }));
    registration = await wb.register();
    setInterval(() => void checkForUpdate(true), UPDATE_CHECK_INTERVAL_MS);
    window.addEventListener('focus', () => void checkForUpdate());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void checkForUpdate();
    });
  };
  const run = () =>
    start().catch((err: unknown) => console.error('[pwa] service worker registration failed', err));
  afterFirstScreen(() => {
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
  });
}

export type ApplyUpdateResult = 'reloading' | 'unsaved-changes';

/**
 * Switches to the waiting version and reloads, unless a form holds unsaved input (then nothing
 * happens and the caller asks the user to save first).
 */
export function applyUpdate(): ApplyUpdateResult {
  if (hasUnsavedChanges()) return 'unsaved-changes';
  const waiting = registration?.waiting;
  if (workbox && waiting) {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  } else {
    // Another tab already activated it and this page is controlled by the new version.
    window.location.reload();
  }
  return 'reloading';
}
