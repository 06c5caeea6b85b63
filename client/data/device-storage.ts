/**
 * The device database's storage. A county's listings, thousands of documents the device mostly
 * reads, are kept packed (packed-storage.ts: in memory, stored as blocks of documents, for a first
 * sync near IndexedDB's cost a block rather than a row). Every other collection stays in RxDB's
 * Dexie storage on IndexedDB, a row a document, with many-key reads that skip the keys the device
 * does not hold (sparse-reads.ts). The app, its benches and the device tests open their databases
 * on it.
 */
import type { DexieSettings, RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { packedStorage } from './packed-storage';
import { sparseReads } from './sparse-reads';

/** The collections kept packed. */
export const PACKED_COLLECTIONS: ReadonlySet<string> = new Set(['properties']);

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

/** The name of the IndexedDB database RxDB's Dexie storage keeps a collection in. */
export function dexieDatabaseName(
  params: RxStorageInstanceCreationParams<unknown, unknown>,
): string {
  return `rxdb-dexie-${params.databaseName}--${params.schema.version}--${params.collectionName}`;
}

export function deviceStorage(
  settings: Omit<DexieSettings, 'onCreate'> = {},
): RxStorage<unknown, unknown> {
  const dexie = dexieStorage(settings);
  const packed = packedStorage({
    indexedDB: (settings.indexedDB as IDBFactory | undefined) ?? indexedDB,
    before: dexie,
    databaseNameBefore: dexieDatabaseName,
  });
  return {
    name: 'cjfc-device',
    rxdbVersion: dexie.rxdbVersion,
    createStorageInstance: <T>(params: RxStorageInstanceCreationParams<T, unknown>) =>
      PACKED_COLLECTIONS.has(params.collectionName)
        ? packed.createStorageInstance(params)
        : dexie.createStorageInstance(params),
  } as RxStorage<unknown, unknown>;
}
