/**
 * The device storage's worker: Dexie and IndexedDB run here, off the page's main thread, and the
 * page's RxDB reaches them through RxDB's remote storage (storage-channel.ts, worker-storage.ts).
 */
import { deviceStorage } from './device-storage';
import { exposeDeviceStorage } from './storage-channel';
import type { StoragePort } from './storage-port';

exposeDeviceStorage(self as unknown as StoragePort, deviceStorage());
