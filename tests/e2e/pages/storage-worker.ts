/**
 * The page's device storage worker (client/data/storage-worker.ts), where Dexie's IndexedDB requests
 * run: a test that injects a storage fault does it in there, not in the page.
 */
import type { Page, Worker } from 'playwright-core';
import { SYNC_WAIT } from '../../helpers/browser';

export const STORAGE_WORKER_URL = /\/assets\/storage-worker-[^/]*\.js$/;

/** The page's storage worker, once it runs (the device database opens after the first screen). */
export async function storageWorker(page: Page): Promise<Worker> {
  const running = page.workers().find((w) => STORAGE_WORKER_URL.test(w.url()));
  if (running) return running;
  return page.waitForEvent('worker', {
    predicate: (w) => STORAGE_WORKER_URL.test(w.url()),
    timeout: SYNC_WAIT.timeout,
  });
}
