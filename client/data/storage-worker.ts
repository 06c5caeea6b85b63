/**
 * The device storage's worker: Dexie and IndexedDB run here, off the page's main thread, and the
 * page's RxDB reaches them through RxDB's remote storage (storage-channel.ts, worker-storage.ts).
 */
import { dexieStorage } from './device-storage';
import { exposeDeviceStorage, type StoragePort } from './storage-channel';

exposeDeviceStorage(self as unknown as StoragePort, dexieStorage());
