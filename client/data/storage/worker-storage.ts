/**
 * The page's device storage: the Dexie storage (device-storage.ts) in a worker of its own
 * (storage-worker.ts, started by storage-worker-start.ts), reached through RxDB's remote storage
 * (storage-channel.ts). The page's RxDB (collections, queries, replication) stays on the main
 * thread; Dexie and the IndexedDB requests run beside it, so a first sync of thousands of listings
 * no longer blocks the page in tasks of 100 ms and more on a slow phone (bench/first-sync). One
 * worker a page, for the page's lifetime. Where no worker starts (its script fails to load, no
 * module workers), the storage runs on the page as before, Dexie loaded then.
 */
import type { RxStorage } from 'rxdb';
import { connectDeviceStorage } from './storage-channel';
import { startStorageWorker } from './storage-worker-start';

async function storageOnThePage(): Promise<RxStorage<unknown, unknown>> {
  const { deviceStorage } = await import('./device-storage');
  return deviceStorage();
}

export async function workerStorage(): Promise<RxStorage<unknown, unknown>> {
  const worker = startStorageWorker();
  const storage = worker && (await connectDeviceStorage(worker.port, worker.failed));
  if (storage) return storage;
  worker?.terminate();
  console.warn('[storage] the storage runs on the page');
  return storageOnThePage();
}
