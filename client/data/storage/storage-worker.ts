/**
 * The device storage's worker: Dexie, the packed listings (packed-storage.ts) and IndexedDB run
 * here, off the page's main thread; the page's RxDB reaches them through RxDB's remote storage
 * (storage-channel.ts, worker-storage.ts).
 */
import { deviceStorage } from './device-storage';
import { exposeDeviceStorage } from './storage-channel';
import type { StoragePort } from './storage-port';

exposeDeviceStorage(self as unknown as StoragePort, deviceStorage());
