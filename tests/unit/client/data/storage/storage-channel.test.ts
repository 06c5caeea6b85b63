/**
 * The device storage across a message channel (storage-channel.ts), as the app runs it in its
 * worker: here the two ports of a MessageChannel, the worker's side serving the real Dexie storage
 * on fake-indexeddb. A database opened on the page's side reads, queries and sees changes, and its
 * writes land in the IndexedDB behind the other side. A quota failure on the worker's side is still
 * recognised on the page (the storage-full message depends on it); another failure is not taken
 * for one; neither carries the documents written to the page (a screen or the console showed them). A side that never gets ready gives no storage. The worker's side pulls a collection
 * into the storage the page opened, and for one the page also pushes, RxDB's meta rows too, whose
 * change events it keeps to itself.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  createRxDatabase,
  getChangedDocumentsSince,
  getRxReplicationMetaInstanceSchema,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { favoriteId } from '@couchdb/model/favorite-facts';
import { COLLECTION_SCHEMAS, type DeviceCollections } from '@client/data/storage/database';
import { deviceStorage } from '@client/data/storage/device-storage';
import { BULK_PULL, type BulkPullRequest } from '@client/data/sync/bulk-pull';
import {
  bulkPullerOf,
  CHANGE_EVENTS_A_MESSAGE,
  connectDeviceStorage,
  exposeDeviceStorage,
} from '@client/data/storage/storage-channel';
import type { PullResponse, SyncDocument } from '@couchdb/model/sync';
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

/** A favourite as a pull sends it. */
const pulled = (n: number): SyncDocument => ({ ...favorite(n), _deleted: false });

/** The catch-up of database `name`'s favourites from the start, as the page would ask for it. */
const favoritesPull = (name: string, rest: Partial<BulkPullRequest>): BulkPullRequest => ({
  kind: BULK_PULL,
  databaseName: name,
  collectionName: 'favorites',
  schemaVersion: COLLECTION_SCHEMAS.favorites.version,
  collection: 'favorites',
  baseUrl: 'http://gateway.test',
  checkpoint: undefined,
  pageSize: 2,
  headers: {},
  context: 'test',
  ...rest,
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
  const dexie = deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
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
    const db = await openAcross(deviceStorage({ indexedDB, IDBKeyRange }), name);
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
      storage: deviceStorage({ indexedDB, IDBKeyRange }),
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

  it('fails a write on the page without the documents it carried, named as the other side named it', async () => {
    const failing = { now: false };
    const db = await openAcross(
      failingStorage(() => new DOMException('no such store', 'NotFoundError'), failing),
    );
    failing.now = true;
    const written = favorite(2);
    const err = await db.favorites.insert(written).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const { name, message } = err as Error;
    expect(name).toBe('NotFoundError');
    expect(message).toContain('bulkWrite of favorites');
    expect(message).toContain('no such store');
    for (const shown of [message, String(err), (err as Error).stack ?? ''])
      for (const content of [written.id, written.user_id, written.property_id])
        expect(shown).not.toContain(content);
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

  it('sends a big write’s change events in messages of a hundred, every one, in order', async () => {
    const { port1, port2 } = new MessageChannel();
    const sizes: number[] = [];
    const checkpoints: unknown[] = [];
    port2.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as {
        method?: string;
        return?: { events: unknown[]; checkpoint: unknown };
      };
      if (data?.method === 'changeStream') {
        sizes.push(data.return!.events.length);
        checkpoints.push(data.return!.checkpoint);
      }
    });
    exposeDeviceStorage(
      port1 as never,
      deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    );
    const remote = await connectDeviceStorage(port2 as never);
    const db = await createRxDatabase<Favorites>({
      name: `channel-events-${Date.now()}`,
      storage: remote!,
      multiInstance: false,
    });
    await db.addCollections({ favorites: { schema: COLLECTION_SCHEMAS.favorites } });
    open.push({ db, close: () => (port1.close(), port2.close()) });
    const seen: string[] = [];
    const sub = db.favorites.$.subscribe((event) => seen.push(event.documentId));
    const docs = Array.from({ length: 250 }, (_, i) => favorite(i));
    // The database's own writes as it opened.
    sizes.length = 0;
    checkpoints.length = 0;

    await db.favorites.bulkInsert(docs);

    await expect.poll(() => seen.length).toBe(250);
    sub.unsubscribe();
    expect(sizes).toEqual([CHANGE_EVENTS_A_MESSAGE, CHANGE_EVENTS_A_MESSAGE, 50]);
    expect(seen).toEqual(docs.map((d) => d.id));

    // A piece's checkpoint is where RxDB's upstream would resume once it has pushed that piece:
    // from any but the last, the changes since still hold every document of the pieces after it.
    const instance = db.favorites.storageInstance;
    const since = async (checkpoint: unknown) =>
      (await getChangedDocumentsSince(instance, 1000, checkpoint as never)).documents.map(
        (d) => d.id,
      );
    expect(await since(checkpoints[0])).toEqual(expect.arrayContaining(seen.slice(100)));
    expect(await since(checkpoints[1])).toEqual(expect.arrayContaining(seen.slice(200)));
  });

  it('pulls a collection into the storage the page opened, where the page sees it', async () => {
    const { port1, port2 } = new MessageChannel();
    const pages: PullResponse[] = [
      { documents: [1, 2].map(pulled), checkpoint: { seq: '2' } },
      { documents: [3].map(pulled), checkpoint: { seq: '3' } },
    ];
    const asked: string[] = [];
    const fetchPage: typeof fetch = async (input, init) => {
      asked.push(`${String(input)} ${JSON.stringify(init?.headers)}`);
      return new Response(JSON.stringify(pages.shift()), { status: 200 });
    };
    exposeDeviceStorage(
      port1 as never,
      deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
      fetchPage,
    );
    const remote = await connectDeviceStorage(port2 as never);
    const name = `channel-pull-${Date.now()}`;
    const db = await createRxDatabase<Favorites>({ name, storage: remote!, multiInstance: false });
    await db.addCollections({ favorites: { schema: COLLECTION_SCHEMAS.favorites } });
    open.push({ db, close: () => (port1.close(), port2.close()) });
    const counts: number[] = [];
    const sub = db.favorites.count().$.subscribe((n) => counts.push(n));
    const request = favoritesPull(name, { pageSize: 2, headers: { Authorization: 'Bearer t' } });

    const result = await bulkPullerOf(remote!)!(request);

    expect(result).toMatchObject({ written: 2, pulls: 2, checkpoint: { seq: '3' } });
    expect(result.documents.map((d) => d.id)).toEqual([pulled(3).id]);
    expect(asked).toEqual([
      'http://gateway.test/api/sync/favorites/pull?limit=2 {"Accept":"application/json","Authorization":"Bearer t"}',
      'http://gateway.test/api/sync/favorites/pull?limit=2&checkpoint=2 {"Accept":"application/json","Authorization":"Bearer t"}',
    ]);
    await expect.poll(() => counts.at(-1)).toBe(2);
    expect((await db.favorites.findOne(pulled(2).id).exec())?.property_id).toBe('p-2');
    sub.unsubscribe();
    // A database the worker does not hold open is refused, not created.
    await expect(bulkPullerOf(remote!)!({ ...request, databaseName: 'other' })).rejects.toThrow(
      'not open',
    );
  });

  it('pulls a collection the page also pushes with its meta rows, whose events stay on the worker’s side', async () => {
    const { port1, port2 } = new MessageChannel();
    const crossed: unknown[] = [];
    port2.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { method?: string; return?: { events: unknown[] } };
      if (data?.method === 'changeStream') crossed.push(...data.return!.events);
    });
    const pages: PullResponse[] = [{ documents: [1, 2, 3].map(pulled), checkpoint: { seq: '3' } }];
    exposeDeviceStorage(
      port1 as never,
      deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
      async () => new Response(JSON.stringify(pages.shift()), { status: 200 }),
    );
    const remote = await connectDeviceStorage(port2 as never);
    const name = `channel-pull-meta-${Date.now()}`;
    const db = await createRxDatabase<Favorites>({ name, storage: remote!, multiInstance: false });
    await db.addCollections({ favorites: { schema: COLLECTION_SCHEMAS.favorites } });
    open.push({ db, close: () => (port1.close(), port2.close()) });
    const meta = await remote!.createStorageInstance({
      databaseInstanceToken: db.token,
      databaseName: name,
      collectionName: 'rx-replication-meta-favorites',
      schema: getRxReplicationMetaInstanceSchema(db.favorites.schema.jsonSchema, false),
      options: {},
      multiInstance: false,
      devMode: false,
    });
    const counts: number[] = [];
    const sub = db.favorites.count().$.subscribe((n) => counts.push(n));

    const result = await bulkPullerOf(remote!)!(
      favoritesPull(name, {
        pageSize: 5,
        pulledState: {
          metaCollectionName: 'rx-replication-meta-favorites',
          identifier: 'rxdbreplicationfavorites',
          identifierHash: 'hashfavorites',
          checkpointKey: 'keyfavorites',
        },
      }),
    );

    expect(result).toMatchObject({ written: 2, checkpoint: { seq: '3' } });
    await expect.poll(() => counts.at(-1)).toBe(2);
    sub.unsubscribe();
    // The server's versions are on the worker's side, read through the page's meta instance.
    const rows = await meta.findDocumentsById(
      [1, 2].map((n) => `${pulled(n).id}|0`),
      false,
    );
    expect(rows.map((row) => (row as { docData: unknown }).docData)).toEqual([1, 2].map(pulled));
    // The listings' change events crossed; the meta rows' did not.
    const crossedIds = crossed.map((e) => (e as { documentId: string }).documentId);
    expect(crossedIds).toEqual(expect.arrayContaining([1, 2].map((n) => pulled(n).id)));
    expect(crossedIds.filter((id) => id.endsWith('|0'))).toEqual([]);
    await meta.close();
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
