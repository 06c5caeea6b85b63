/**
 * The device database's storage. A county's listings, thousands of documents the device mostly
 * reads, are kept packed (packed-storage.ts: in memory, stored as blocks of documents, for a first
 * sync near IndexedDB's cost a block rather than a row), and so are the replications' meta rows
 * (RxDB's record of the server's version of each document a pushing device pulled: as many rows
 * as listings on a signed-in device). Every other collection stays in RxDB's
 * Dexie storage on IndexedDB, a row a document, with many-key reads that skip the keys the device
 * does not hold (sparse-reads.ts). Write times never go back within a collection (write-times.ts).
 * The app, its benches and the device tests open their databases on it.
 */
import type { DexieSettings, RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { packedStorage, unpackedStorage } from './packed-storage';
import { dexieDatabaseName, REPLICATION_META_PREFIX } from './rxdb-internals';
import { sparseReads } from './sparse-reads';
import { monotonicWriteTimes } from './write-times';

/** The app's collections kept packed. */
export const PACKED_COLLECTIONS: ReadonlySet<string> = new Set(['properties']);

/** Whether collection `name` is kept packed: one of `packed`, or a replication's meta rows. */
export const isKeptPacked = (name: string, packed: ReadonlySet<string>): boolean =>
  packed.has(name) || name.startsWith(REPLICATION_META_PREFIX);

export function dexieStorage(
  settings: Omit<DexieSettings, 'onCreate'> = {},
): RxStorage<unknown, unknown> {
  return getRxStorageDexie({
    // A write is acknowledged once it is on disk, not only handed to the system.
    chromeTransactionDurability: 'strict',
    ...settings,
    onCreate: (db) => {
      db.use(sparseReads);
    },
  }) as RxStorage<unknown, unknown>;
}

/**
 * The device's storage: the collections of `packed` and the replications' meta rows kept packed,
 * the rest a row per document. A
 * collection kept packed before and not now is moved back to a row per document when it opens.
 */
export function deviceStorage(
  settings: Omit<DexieSettings, 'onCreate'> = {},
  packed: ReadonlySet<string> = PACKED_COLLECTIONS,
): RxStorage<unknown, unknown> {
  const dexie = dexieStorage(settings);
  const idb = {
    indexedDB: (settings.indexedDB as IDBFactory | undefined) ?? indexedDB,
    IDBKeyRange: (settings.IDBKeyRange as typeof IDBKeyRange | undefined) ?? IDBKeyRange,
  };
  const packedOnes = packedStorage({
    ...idb,
    before: dexie,
    databaseNameBefore: dexieDatabaseName,
  });
  const rowOnes = unpackedStorage(dexie, idb);
  return monotonicWriteTimes({
    name: 'cjfc-device',
    rxdbVersion: dexie.rxdbVersion,
    createStorageInstance: <T>(params: RxStorageInstanceCreationParams<T, unknown>) =>
      isKeptPacked(params.collectionName, packed)
        ? packedOnes.createStorageInstance(params)
        : rowOnes.createStorageInstance(params),
  } as RxStorage<unknown, unknown>);
}
