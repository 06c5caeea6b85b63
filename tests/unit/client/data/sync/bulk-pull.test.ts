/**
 * The storage worker's catch-up pull (client/data/sync/bulk-pull.ts) into the real Dexie storage on
 * fake-indexeddb, as a device database opened on it sees it: every document but the last written,
 * with the page replication's context; pages fetched ahead while a write runs, up to a write's
 * worth, and the next write taking all of them; a database closed under it stops it; a
 * stored document (or one the walk meets twice) ends as it was last sent; a failed page keeps what
 * was written and rejects. For a collection the device also pushes, it writes what RxDB's pull
 * records (the pulled marker, and the server's version in the replication's meta instance), and
 * leaves a document changed on the device to the page's replication.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  createRxDatabase,
  getRxReplicationMetaInstanceSchema,
  type RxDatabase,
  type RxStorageInstance,
  type RxStorageReplicationMeta,
} from 'rxdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBenchProperties } from '@couchdb/seed/bench-data';
import type { PullResponse, SyncCheckpoint, SyncDocument } from '@couchdb/model/sync';
import {
  BULK_PULL,
  BULK_WRITE_ROWS,
  bulkPull,
  type BulkPullRequest,
  type PulledState,
} from '@client/data/sync/bulk-pull';
import { COLLECTION_SCHEMAS, type DeviceCollections } from '@client/data/storage/database';
import { deviceStorage } from '@client/data/storage/device-storage';

type Properties = Pick<DeviceCollections, 'properties'>;
type Instance = RxStorageInstance<SyncDocument, unknown, unknown>;

const open: RxDatabase<Properties>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

const CONTEXT = 'replication-downstream-test';

async function device(): Promise<{ db: RxDatabase<Properties>; instance: Instance }> {
  const db = await createRxDatabase<Properties>({
    name: `bulk-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    storage: deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  await db.addCollections({ properties: { schema: COLLECTION_SCHEMAS.properties } });
  open.push(db);
  const instance = (db.properties as unknown as { internalStorageInstance: Instance })
    .internalStorageInstance;
  return { db, instance };
}

const listings = (count: number, seed = 7): SyncDocument[] =>
  buildBenchProperties(count, seed).map((p, i) => ({
    ...(p as unknown as SyncDocument),
    server_rev: `1-${i}`,
    _deleted: false,
  }));

const request = (pageSize: number, checkpoint?: SyncCheckpoint): BulkPullRequest => ({
  kind: BULK_PULL,
  databaseName: 'unused',
  collectionName: 'properties',
  schemaVersion: 0,
  collection: 'properties',
  baseUrl: 'http://gateway.test',
  checkpoint,
  pageSize,
  headers: {},
  context: CONTEXT,
});

/** The gateway's feed as pages of `pageSize` after each checkpoint (`seq` = documents so far). */
function feed(documents: SyncDocument[], pageSize: number, log: string[] = []) {
  const asked: string[] = [];
  const fetchPage = async (url: string): Promise<PullResponse> => {
    asked.push(url);
    const from = Number(new URL(url).searchParams.get('checkpoint') ?? 0);
    log.push(`fetch ${from}`);
    const page = documents.slice(from, from + pageSize);
    return { documents: page, checkpoint: { seq: String(from + page.length), role: 'visitor' } };
  };
  return { fetchPage, asked };
}

/**
 * Logs each write of `instance` in `log` (`write <rows>`) and holds the first until the function
 * returned is called.
 */
function holdFirstWrite(instance: Instance, log: string[]): () => void {
  const writing = instance.bulkWrite.bind(instance);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let writes = 0;
  instance.bulkWrite = async (rows, context) => {
    log.push(`write ${rows.length}`);
    if (++writes === 1) await held;
    return writing(rows, context);
  };
  return release;
}

describe('the storage worker’s catch-up pull', () => {
  it('writes all but the last document, with the replication’s context, and gives back the last and the checkpoint', async () => {
    const { db, instance } = await device();
    const documents = listings(1_234);
    const contexts: string[] = [];
    const sub = instance.changeStream().subscribe((bulk) => contexts.push(bulk.context));
    const { fetchPage, asked } = feed(documents, 500);

    const result = await bulkPull(instance, request(500), fetchPage);
    sub.unsubscribe();

    expect(result.written).toBe(1_233);
    expect(result.documents.map((d) => d.id)).toEqual([documents.at(-1)!.id]);
    expect(result.checkpoint).toEqual({ seq: '1234', role: 'visitor' });
    // Pages after 0, 500 and 1000; the last (234) was not full, so nothing more was asked.
    expect(result.pulls).toBe(3);
    expect(asked.map((u) => new URL(u).searchParams.get('checkpoint'))).toEqual([
      null,
      '500',
      '1000',
    ]);
    expect(asked.every((u) => u.startsWith('http://gateway.test/api/sync/properties/pull?'))).toBe(
      true,
    );
    expect(contexts.length).toBeGreaterThanOrEqual(Math.ceil(1_233 / BULK_WRITE_ROWS));
    expect(new Set(contexts)).toEqual(new Set([CONTEXT]));
    // The device database reads them as its own documents.
    expect(await db.properties.count().exec()).toBe(1_233);
    const first = await db.properties.findOne(documents[0]!.id).exec();
    expect(first?.title).toBe(documents[0]!.title);
  });

  it('fetches ahead while it writes, up to a write’s worth, and the next write takes every page that came', async () => {
    const { db, instance } = await device();
    const log: string[] = [];
    const pageSize = BULK_WRITE_ROWS / 4;
    const { fetchPage } = feed(listings(BULK_WRITE_ROWS * 2), pageSize, log);
    const release = holdFirstWrite(instance, log);

    const pulled = bulkPull(instance, request(pageSize), fetchPage);
    // The fake feed answers at once: once a task has passed, the fetches have gone as far as they go.
    await vi.waitFor(() => expect(log).toContain(`fetch ${BULK_WRITE_ROWS}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const writes = () => log.filter((entry) => entry.startsWith('write'));
    expect(writes()).toEqual([`write ${pageSize - 1}`]);
    expect(log.filter((entry) => entry.startsWith('fetch'))).toEqual(
      [0, 1, 2, 3, 4].map((n) => `fetch ${n * pageSize}`),
    );
    release();
    const result = await pulled;

    // The four pages that came during the first write went in one write (with the first page's
    // last document, held back until then).
    expect(writes()[1]).toBe(`write ${BULK_WRITE_ROWS}`);
    expect(result.written).toBe(BULK_WRITE_ROWS * 2 - 1);
    expect(await db.properties.count().exec()).toBe(BULK_WRITE_ROWS * 2 - 1);
  });

  it('writes over what the device holds, and a document the walk meets twice ends as it was last', async () => {
    const { db, instance } = await device();
    const documents = listings(30);
    // The device already holds the first ten (a catch-up that failed half-way before).
    await bulkPull(instance, request(10), feed(documents.slice(0, 11), 10).fetchPage);
    expect(await db.properties.count().exec()).toBe(10);
    // The feed now: the thirty, then the third one changed again (a later change, a later page).
    const changed = { ...documents[2]!, title: '改过的标题', server_rev: '2-x' };
    const { fetchPage } = feed([...documents, changed, ...listings(5, 9)], 10);

    const result = await bulkPull(instance, request(10), fetchPage);

    // 36 in the feed, the last held back: 34 listings, the third one changed twice.
    expect(result.checkpoint).toEqual({ seq: '36', role: 'visitor' });
    expect(await db.properties.count().exec()).toBe(34);
    expect((await db.properties.findOne(documents[2]!.id).exec())?.title).toBe('改过的标题');
    expect((await db.properties.findOne(documents[3]!.id).exec())?.title).toBe(documents[3]!.title);
  });

  it('keeps what was written when a page fails, and says so', async () => {
    const { db, instance } = await device();
    const { fetchPage: pages } = feed(listings(2_000), 500);
    const fetchPage = (url: string) =>
      new URL(url).searchParams.get('checkpoint') === '1000'
        ? Promise.reject(new Error('network down'))
        : pages(url);

    await expect(bulkPull(instance, request(500), fetchPage)).rejects.toThrow('network down');
    // The first page, and the second but its last document (held for the one after).
    expect(await db.properties.count().exec()).toBe(999);
  });

  it('stops, fetching no more, when the database closes under it', async () => {
    const { db, instance } = await device();
    const log: string[] = [];
    const pageSize = BULK_WRITE_ROWS / 4;
    const { fetchPage } = feed(listings(BULK_WRITE_ROWS * 3), pageSize, log);
    const release = holdFirstWrite(instance, log);

    const pulled = bulkPull(instance, request(pageSize), fetchPage);
    await vi.waitFor(() => expect(log).toContain(`fetch ${BULK_WRITE_ROWS}`));
    // The page switches identities: its database closes while the catch-up writes.
    await db.close();
    release();

    await expect(pulled).rejects.toThrow(/closed/);
    const logged = log.length;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toHaveLength(logged);
    // The pages fetched during the held write (a write's worth), no more.
    expect(log.filter((entry) => entry.startsWith('fetch'))).toHaveLength(
      BULK_WRITE_ROWS / pageSize + 1,
    );
    expect(log.filter((entry) => entry.startsWith('write'))).toHaveLength(1);
  });

  it('gives back nothing to store when the feed has nothing new', async () => {
    const { instance } = await device();
    const from = { seq: '42', role: 'visitor' as const };
    const result = await bulkPull(instance, request(500, from), async () => ({
      documents: [],
      checkpoint: from,
    }));
    expect(result).toMatchObject({ documents: [], checkpoint: from, written: 0, pulls: 1 });
  });
});

type Meta = RxStorageInstance<RxStorageReplicationMeta<SyncDocument, unknown>, unknown, unknown>;

/** A replication's meta instance beside `db`'s listings, as RxDB's replication opens it. */
async function metaInstance(db: RxDatabase<Properties>): Promise<Meta> {
  const meta = await db.storage.createStorageInstance({
    databaseInstanceToken: db.token,
    databaseName: db.name,
    collectionName: 'rx-replication-meta-test',
    schema: getRxReplicationMetaInstanceSchema(db.properties.schema.jsonSchema, false),
    options: {},
    multiInstance: false,
    devMode: false,
  });
  return meta as unknown as Meta;
}

const PULLED: PulledState = {
  metaCollectionName: 'rx-replication-meta-test',
  identifier: 'rxdbreplicationtest',
  identifierHash: 'hashoftest',
  checkpointKey: 'checkpointkeytest',
};

/** The server's version the meta instance holds of each of `ids` (undefined: no row). */
async function serverVersions(meta: Meta, ids: string[]) {
  const rows = await meta.findDocumentsById(
    ids.map((id) => `${id}|0`),
    true,
  );
  const byId = new Map(rows.map((row) => [row.itemId, row.docData as SyncDocument]));
  return ids.map((id) => byId.get(id));
}

describe('the catch-up of a collection the device also pushes', () => {
  it('writes each document marked as pulled, and the server’s version beside it', async () => {
    const { db, instance } = await device();
    const meta = await metaInstance(db);
    const documents = listings(25);

    const result = await bulkPull(
      instance,
      { ...request(10), pulledState: PULLED },
      feed(documents, 10).fetchPage,
      meta,
    );

    expect(result.written).toBe(24);
    expect(result.documents.map((d) => d.id)).toEqual([documents[24]!.id]);
    const ids = documents.slice(0, 24).map((d) => d.id);
    const stored = await instance.findDocumentsById(ids, false);
    expect(stored).toHaveLength(24);
    for (const doc of stored) {
      // RxDB's marker of a state as its pull left it: the revision's height, the replication's hash.
      expect(doc._meta).toMatchObject({ o: { _rev: 1, hash: PULLED.identifierHash } });
      expect(doc._rev).toMatch(new RegExp(`^1-${PULLED.identifierHash}`));
    }
    const versions = await serverVersions(meta, ids);
    versions.forEach((version, i) => expect(version).toEqual(documents[i]));
    // Not the last one: the page's replication stores it and its row.
    expect(await serverVersions(meta, [documents[24]!.id])).toEqual([undefined]);
    await meta.close();
  });

  it('writes over a document still as pulled, and leaves one changed on the device to the page', async () => {
    const { db, instance } = await device();
    const meta = await metaInstance(db);
    const documents = listings(12);
    await bulkPull(
      instance,
      { ...request(20), pulledState: PULLED },
      feed(documents, 20).fetchPage,
      meta,
    );
    const [untouched, changedHere] = documents;
    await (await db.properties.findOne(changedHere!.id).exec())!.incrementalPatch({
      title: '本机改的标题',
    });
    // The server changed both since.
    const later = [untouched!, changedHere!].map((doc) => ({
      ...doc,
      price: (doc.price as number) + 10_000,
      server_rev: '2-later',
    }));

    const result = await bulkPull(
      instance,
      { ...request(20), pulledState: PULLED },
      feed([...later, ...listings(3, 11)], 20).fetchPage,
      meta,
    );

    // The untouched one is the server's now, its row too, marked as the second state pulled.
    const [overwritten] = await instance.findDocumentsById([untouched!.id], false);
    expect(overwritten).toMatchObject({ price: later[0]!.price, _meta: { o: { _rev: 2 } } });
    // The one changed here keeps the change, and its row the version the change was made on.
    const kept = await db.properties.findOne(changedHere!.id).exec();
    expect(kept).toMatchObject({ title: '本机改的标题', price: changedHere!.price });
    expect(await serverVersions(meta, [untouched!.id, changedHere!.id])).toEqual([
      later[0],
      changedHere,
    ]);
    // Handed to the page's replication (its latest version), before the last document.
    expect(result.documents.map((d) => d.id)).toEqual([changedHere!.id, listings(3, 11)[2]!.id]);
    expect(result.documents[0]).toEqual(later[1]);
    expect(result.written).toBe(3);
    await meta.close();
  });
});
