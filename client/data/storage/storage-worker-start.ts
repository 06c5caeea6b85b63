/**
 * Starts the device storage's worker (storage-worker.ts) as early as the data layer starts loading
 * (client/data/load-steps/libs.ts), so the worker fetches and evaluates its code (65–200 ms
 * measured) while the page evaluates RxDB, instead of after. Its messages wait until the storage
 * connects (worker-storage.ts). Nothing of RxDB here: this module is part of the data layer's first
 * step.
 */
import type { StoragePort } from './storage-port';

export interface StartedWorker {
  /** The worker as the storage's channel; its messages so far are delivered to the first listener. */
  port: StoragePort;
  /** Settles if the worker fails (its script did not load, say). */
  failed: Promise<void>;
  terminate(): void;
}

let started: StartedWorker | null | undefined;

/** The page's storage worker, started on the first call; null where no worker starts. */
export function startStorageWorker(): StartedWorker | null {
  if (started !== undefined) return started;
  if (typeof Worker !== 'function') return (started = null);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./storage-worker.ts', import.meta.url), {
      type: 'module',
      name: 'device-storage',
    });
  } catch (err) {
    console.warn('[storage] the storage worker did not start', err);
    return (started = null);
  }
  const early: MessageEvent[] = [];
  let deliver: ((event: MessageEvent) => void) | null = null;
  worker.addEventListener('message', (event) => (deliver ? deliver(event) : early.push(event)));
  const failed = new Promise<void>((resolve) => {
    worker.addEventListener('error', (event) => {
      console.warn('[storage] the storage worker failed', event.message);
      resolve();
    });
  });
  return (started = {
    port: {
      postMessage: (message) => worker.postMessage(message),
      addEventListener: (_type, listener) => {
        deliver = listener;
        for (const event of early.splice(0)) listener(event);
      },
    },
    failed,
    terminate: () => worker.terminate(),
  });
}
