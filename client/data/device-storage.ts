/**
 * The device database's storage: RxDB's Dexie storage on IndexedDB, with many-key reads that skip
 * the keys the device does not hold (sparse-reads.ts). The app, its benches and the device tests
 * open their databases on it.
 */
import type { DexieSettings, RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { sparseReads } from './sparse-reads';

export function dexieStorage(
  settings: Omit<DexieSettings, 'onCreate'> = {},
): RxStorage<unknown, unknown> {
  return getRxStorageDexie({
    ...settings,
    onCreate: (db) => {
      db.use(sparseReads);
    },
  }) as RxStorage<unknown, unknown>;
}
