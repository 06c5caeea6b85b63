/**
 * The page's device storage: the Dexie storage (device-storage.ts) in a worker of its own
 * (storage-worker.ts), reached through RxDB's remote storage (storage-channel.ts). The page's RxDB
 * (collections, queries, replication) stays on the main thread; Dexie and the IndexedDB requests
 * run beside it, so a first sync of thousands of listings no longer blocks the page in tasks of
 * 100 ms and more on a slow phone (bench/first-sync). One worker a page, for the page's lifetime.
 * Where no worker starts (its script fails to load, no module workers), the storage runs on the
 * page as before, Dexie loaded then.
 */
import type { RxStorage } from 'rxdb';
import { connectDeviceStorage } from './storage-channel';

async function storageOnThePage(): Promise<RxStorage<unknown, unknown>> {
  const { dexieStorage } = await import('./device-storage');
  return dexieStorage();
}

export async function workerStorage(): Promise<RxStorage<unknown, unknown>> {
  if (typeof Worker !== 'function') return storageOnThePage();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./storage-worker.ts', import.meta.url), {
      type: 'module',
      name: 'device-storage',
    });
  } catch (err) {
    console.warn('[storage] the storage worker did not start; the storage runs on the page', err);
    return storageOnThePage();
  }
  const failed = new Promise<void>((resolve) => {
    worker.addEventListener('error', (event) => {
      console.warn('[storage] the storage worker failed', event.message);
      resolve();
    });
  });
  const storage = await connectDeviceStorage(worker, failed);
  if (storage) return storage;
  worker.terminate();
  return storageOnThePage();
}
