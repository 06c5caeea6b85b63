/**
 * The device storage across a message channel (storage-channel.ts), as the app runs it in its
 * worker: here the two ports of a MessageChannel, the worker's side serving the real Dexie storage
 * on fake-indexeddb. A database opened on the page's side reads, queries and sees changes, and its
 * writes land in the IndexedDB behind the other side. A quota failure on the worker's side is still
 * recognised on the page (the storage-full message depends on it); another failure is not taken
 * for one. A side that never gets ready gives no storage.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxDatabase, type RxStorage } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { favoriteId } from '@couchdb/model/favorite';
import { COLLECTION_SCHEMAS, type DeviceCollections } from '@client/data/database';
import { dexieStorage } from '@client/data/device-storage';
import { connectDeviceStorage, exposeDeviceStorage } from '@client/data/storage-channel';
import type { FavoriteDoc } from '@client/data/schemas/favorite.schema';
import { isQuotaExceededError } from '@client/lib/quota-error';

type Favorites = Pick<DeviceCollections, 'favorites'>;

const open: { db: RxDatabase<Favorites>; close: () => void }[] = [];

afterEach(async () => {
  for (const { db, close } of open.splice(0)) {
    await db.close();
    close();
  }
});

const favorite = (n: number): FavoriteDoc => ({
  id: favoriteId('u-channel', `p-${n}`),
  user_id: 'u-channel',
  property_id: `p-${n}`,
  created_at: '2026-11-27T00:00:00.000Z',
});

/** The worker's side serves `storage` on one port; the database opens on the other's storage. */
async function openAcross(
  storage: RxStorage<unknown, unknown>,
  name = `channel-${Date.now()}-${Math.random().toString(36).slice(2)}`,
): Promise<RxDatabase<Favorites>> {
  const { port1, port2 } = new MessageChannel();
  exposeDeviceStorage(port1 as never, storage);
  const remote = await connectDeviceStorage(port2 as never);
  if (!remote) throw new Error('the storage did not connect');
  const db = await createRxDatabase<Favorites>({ name, storage: remote, multiInstance: false });
  await db.addCollections({ favorites: { schema: COLLECTION_SCHEMAS.favorites } });
  open.push({
    db,
    close: () => {
      port1.close();
      port2.close();
    },
  });
  return db;
}

/** The Dexie storage whose writes fail with `failure` while `failing.now` is set. */
function failingStorage(failure: () => unknown, failing: { now: boolean }) {
  const dexie = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  return {
    ...dexie,
    name: dexie.name,
    rxdbVersion: dexie.rxdbVersion,
    createStorageInstance: async (params: never) => {
      const instance = await dexie.createStorageInstance(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows, context) =>
        failing.now ? Promise.reject(failure()) : bulkWrite(rows, context);
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}

describe('the device storage across a message channel', () => {
  it('reads, queries and sees changes, and writes into the IndexedDB behind the other side', async () => {
    const indexedDB = new IDBFactory();
    const name = `channel-${Date.now()}`;
    const db = await openAcross(dexieStorage({ indexedDB, IDBKeyRange }), name);
    const seen: number[] = [];
    const sub = db.favorites.find().$.subscribe((docs) => seen.push(docs.length));
    await db.favorites.bulkInsert([favorite(1), favorite(2)]);
    await db.favorites.insert(favorite(3));
    expect((await db.favorites.findOne(favorite(2).id).exec())?.property_id).toBe('p-2');
    expect(
      (await db.favorites.find({ selector: { property_id: 'p-3' } }).exec()).map((d) => d.id),
    ).toEqual([favorite(3).id]);
    await expect.poll(() => seen.at(-1)).toBe(3);
    sub.unsubscribe();
    await db.close();

    // The same IndexedDB, opened directly: the documents are there.
    const direct = await createRxDatabase<Favorites>({
      name,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    await direct.addCollections({ favorites: { schema: COLLECTION_SCHEMAS.favorites } });
    expect((await direct.favorites.find().exec()).map((d) => d.property_id).sort()).toEqual([
      'p-1',
      'p-2',
      'p-3',
    ]);
    await direct.close();
  });

  it('reports a quota failure of the other side as one; Dexie wraps it as an abort', async () => {
    const failing = { now: false };
    // What Dexie rejects with when the browser refuses a write for lack of space.
    const quota = () =>
      Object.assign(new Error('Transaction aborted'), {
        name: 'AbortError',
        inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      });
    const db = await openAcross(failingStorage(quota, failing));
    await db.favorites.insert(favorite(1));
    failing.now = true;
    const err = await db.favorites.insert(favorite(2)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isQuotaExceededError(err)).toBe(true);
    failing.now = false;
    expect(await db.favorites.count().exec()).toBe(1);
  });

  it('does not take another failure for a quota failure', async () => {
    const failing = { now: false };
    const db = await openAcross(
      failingStorage(() => new DOMException('no such store', 'NotFoundError'), failing),
    );
    failing.now = true;
    const err = await db.favorites.insert(favorite(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).toContain('NotFoundError');
    expect(isQuotaExceededError(err)).toBe(false);
  });

  it('gives no storage when the other side fails before it is ready', async () => {
    const { port1, port2 } = new MessageChannel();
    try {
      await expect(connectDeviceStorage(port2 as never, Promise.resolve())).resolves.toBeNull();
    } finally {
      port1.close();
      port2.close();
    }
  });
});
