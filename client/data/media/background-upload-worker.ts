/**
 * Runs in the service worker, imported into the one vite-plugin-pwa generates (vite.config.ts,
 * `importScripts`): on the outbox's Background Sync event it sends the waiting files
 * (background-upload-run.ts). Built on its own as a classic script.
 */
import { readBackgroundUploadTag } from './background-upload';
import { uploadInBackground, type RenewedSession } from './background-upload-run';
import { connectionKind } from './video-network';
import { ApiError } from '@client/lib/http';
import { refreshRequest } from '@client/lib/session/auth-api';
import { REFRESH_LOCK } from '@client/lib/session/refresh-lock';

/** The service worker's pages (not in TypeScript's DOM types). */
interface WorkerClients {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly { visibilityState?: DocumentVisibilityState }[]>;
}

/** The Background Sync event (not in TypeScript's DOM types). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(work: Promise<unknown>): void;
}

/**
 * A new access token from the refresh cookie, under the lock the pages take for the same (each
 * renewal rotates the cookie); null when the gateway says the session is over.
 */
async function renew(): Promise<RenewedSession | null> {
  try {
    const session = await navigator.locks.request(REFRESH_LOCK, () => refreshRequest());
    return { userId: session.user.id, accessToken: session.accessToken };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/** Whether a page of the app is on screen (a page in the background or closed is not). */
async function appInView(): Promise<boolean> {
  const worker = self as unknown as { clients: WorkerClients };
  const pages = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return pages.some((page) => page.visibilityState === 'visible');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  const request = readBackgroundUploadTag(sync.tag);
  if (!request) return;
  sync.waitUntil(
    uploadInBackground(request, {
      renew,
      connection: connectionKind,
      locks: navigator.locks,
      appInView,
    }).then(
      (outcome) => {
        // Rejected, so the browser wakes the service worker again later, when the app may be closed.
        if (outcome === 'app-in-view') throw new Error('the app is on screen and sends itself');
      },
      (err: unknown) => {
        console.warn('[background upload] not finished; the browser tries again later', err);
        throw err;
      },
    ),
  );
});
