/**
 * The page's device storage worker (client/data/storage/storage-worker.ts), where Dexie's IndexedDB
 * requests run: a test that injects a storage fault does it in there, not in the page.
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

/**
 * From now on, the page's storage worker refuses every write to the IndexedDB databases whose name
 * ends with `databaseSuffix` as a full disk does: `put` and `add` throw QuotaExceededError. RxDB's
 * Dexie storage keeps each collection in a database of its own (`…--demands`); the packed listings
 * are in `cjfc-packed`. The worker's code cannot be reached before it runs (a context's init script
 * runs in pages only), so the fault goes in once it runs; the page must not reload after it.
 */
export async function fillDeviceStorage(page: Page, databaseSuffix: string): Promise<void> {
  const worker = await storageWorker(page);
  await worker.evaluate((suffix) => {
    const store = IDBObjectStore.prototype as unknown as Record<
      'put' | 'add',
      (this: IDBObjectStore, ...args: unknown[]) => IDBRequest
    >;
    for (const name of ['put', 'add'] as const) {
      const write = store[name];
      store[name] = function (...args) {
        if (this.transaction.db.name.endsWith(suffix))
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return write.apply(this, args);
      };
    }
  }, databaseSuffix);
}
