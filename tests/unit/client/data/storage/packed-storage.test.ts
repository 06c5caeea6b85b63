/**
 * The packed storage (packed-storage.ts, packed-blocks.ts), on fake-indexeddb: what it was written
 * comes back when it opens again, the last version of each document; a write with a stale version
 * is refused and stores nothing; a write IndexedDB refuses changes nothing; a second tab sees a
 * tab's writes as change events; many small writes are compacted without losing one; the documents
 * of the storage before (RxDB's Dexie) are moved in once and its database deleted; deleted
 * documents cleaned up are gone after a reopen.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { now, type EventBulk, type RxStorage, type RxStorageInstanceCreationParams } from 'rxdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  itemSchema,
  type Item,
  type ItemDoc,
  type ItemInstance,
} from '@tests/fixtures/storage-items';
import { deviceStorage, dexieStorage } from '@client/data/storage/device-storage';
import { dexieDatabaseName } from '@client/data/storage/rxdb-internals';
import { BLOCK_FORMAT, PackedBlocks, packedBlocks } from '@client/data/storage/packed-blocks';
import {
  COMPACT_PAST_BLOCKS,
  FROM_ANOTHER_TAB,
  packedStorage,
} from '@client/data/storage/packed-storage';

type Doc = ItemDoc;
type Instance = ItemInstance;
const schema = itemSchema;

const params = (multiInstance = false): RxStorageInstanceCreationParams<Item, unknown> => ({
  databaseName: 'cjfc_packed_test',
  databaseInstanceToken: 'token',
  collectionName: 'properties',
  schema,
  options: {},
  multiInstance,
  devMode: false,
});

const opened: Instance[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const instance of opened.splice(0)) await instance.close().catch(() => undefined);
});

async function open(
  storage: RxStorage<unknown, unknown>,
  multiInstance = false,
): Promise<Instance> {
  const instance = (await storage.createStorageInstance(params(multiInstance))) as Instance;
  opened.push(instance);
  return instance;
}

function doc(id: string, title: string, revision = 1, deleted = false, lwt = now()): Doc {
  return {
    id,
    title,
    _deleted: deleted,
    _rev: `${revision}-${title}`,
    _meta: { lwt },
    _attachments: {},
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes `next` over `previous` (or as new), failing the test on a refusal. */
async function write(instance: Instance, next: Doc, previous?: Doc): Promise<void> {
  const result = await instance.bulkWrite([{ document: next, previous }], 'test');
  expect(result.error).toEqual([]);
}

const titles = async (instance: Instance, ids: string[]) =>
  (await instance.findDocumentsById(ids, true)).map((d) => [d.id, d.title, d._deleted]);

/** The packed database's rows (blocks) of every collection. */
async function blockRows(factory: IDBFactory): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('cjfc-packed');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      const request = db.transaction('log').objectStore('log').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

describe('the packed storage', () => {
  it('gives back what it stored when it opens again, the last version of each document', async () => {
    const factory = new IDBFactory();
    const first = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const one = doc('a', '一号');
    await write(first, one);
    const two = doc('b', '二号');
    await write(first, two);
    await write(first, doc('a', '一号改', 2), one);
    await write(first, doc('b', '二号', 2, true), two);
    await first.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a', 'b'])).toEqual([
      ['a', '一号改', false],
      ['b', '二号', true],
    ]);
    expect(await again.findDocumentsById(['b'], false)).toEqual([]);
  });

  it('refuses a write over a version it does not hold, and stores nothing of it', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const one = doc('a', '一号');
    await write(instance, one);
    await write(instance, doc('a', '一号改', 2), one);

    const stale = await instance.bulkWrite(
      [{ document: doc('a', '旧版改', 2), previous: one }],
      't',
    );
    expect(stale.error.map((e) => [e.status, (e as { documentId: string }).documentId])).toEqual([
      [409, 'a'],
    ]);
    await instance.close();
    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a'])).toEqual([['a', '一号改', false]]);
  });

  it('changes nothing, and sends no change, when IndexedDB refuses the write', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const one = doc('a', '一号');
    await write(instance, one);
    const events: EventBulk<unknown, unknown>[] = [];
    const watching = instance.changeStream().subscribe((bulk) => events.push(bulk));
    vi.spyOn(PackedBlocks.prototype, 'write').mockRejectedValueOnce(
      new DOMException('the disk is full', 'QuotaExceededError'),
    );

    await expect(write(instance, doc('a', '一号改', 2), one)).rejects.toThrow('the disk is full');
    expect(await titles(instance, ['a'])).toEqual([['a', '一号', false]]);
    // The next write still goes through.
    await write(instance, doc('a', '一号再改', 2), one);
    watching.unsubscribe();
    expect(
      events.flatMap((bulk) => bulk.events.map((e) => (e as { documentId: string }).documentId)),
    ).toEqual(['a']);
  });

  it("lets another tab see a tab's writes, as change events", async () => {
    const factory = new IDBFactory();
    const tab = await open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);
    const other = await open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);
    const seen: string[] = [];
    const watching = other.changeStream().subscribe((bulk) => {
      if (bulk.context === FROM_ANOTHER_TAB) seen.push(...bulk.events.map((e) => e.documentId));
    });
    const one = doc('a', '一号');
    await write(tab, one);
    await write(tab, doc('b', '二号'));
    await vi.waitFor(() => expect(seen).toEqual(['a', 'b']));
    expect(await titles(other, ['a', 'b'])).toEqual([
      ['a', '一号', false],
      ['b', '二号', false],
    ]);
    // And the other way: a change made there is the version here.
    const [held] = (await other.findDocumentsById(['a'], true)) as Doc[];
    await write(other, doc('a', '一号改', 2), held);
    await vi.waitFor(async () =>
      expect(await titles(tab, ['a'])).toEqual([['a', '一号改', false]]),
    );
    watching.unsubscribe();
  });

  it('takes a write another tab stored while it was still reading its blocks', async () => {
    const factory = new IDBFactory();
    const tab = await open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);
    // The opening tab has read its blocks, and waits, while the first tab writes.
    const load = PackedBlocks.prototype.load;
    let readBlocks!: () => void;
    const blocksRead = new Promise<void>((resolve) => (readBlocks = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(PackedBlocks.prototype, 'load').mockImplementation(async function (
      this: PackedBlocks,
      ...args: Parameters<PackedBlocks['load']>
    ) {
      const loaded = await load.apply(this, args);
      readBlocks();
      await released;
      return loaded;
    });
    const opening = open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);
    await blocksRead;
    const listener = new BroadcastChannel('cjfc-packed|cjfc_packed_test|properties|0');
    const broadcast = new Promise((resolve) => (listener.onmessage = resolve));
    await write(tab, doc('a', '一号'));
    await broadcast;
    listener.close();
    release();

    const other = await opening;
    await vi.waitFor(async () =>
      expect(await titles(other, ['a'])).toEqual([['a', '一号', false]]),
    );
  });

  it('compacts many small writes into few blocks, losing none', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    let held = doc('a', '版本0');
    await write(instance, held);
    for (let n = 1; n <= COMPACT_PAST_BLOCKS + 5; n += 1) {
      const next = doc('a', `版本${n}`, n + 1);
      await write(instance, next, held);
      held = next;
      await write(instance, doc(`item-${n}`, `第${n}套`));
    }
    await vi.waitFor(async () =>
      expect(await blockRows(factory)).toBeLessThan(COMPACT_PAST_BLOCKS),
    );
    await instance.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a'])).toEqual([['a', `版本${COMPACT_PAST_BLOCKS + 5}`, false]]);
    const ids = Array.from({ length: COMPACT_PAST_BLOCKS + 5 }, (_, i) => `item-${i + 1}`);
    expect(await again.findDocumentsById(ids, false)).toHaveLength(ids.length);
  });

  it("moves the Dexie storage's documents in once, and deletes its database", async () => {
    const factory = new IDBFactory();
    const dexie = dexieStorage({ indexedDB: factory, IDBKeyRange });
    const old = (await dexie.createStorageInstance(params())) as Instance;
    const one = doc('a', '一号');
    await write(old, one);
    await write(old, doc('gone', '已删', 1, true));
    await old.close();
    const dexieName = dexieDatabaseName(params() as never);
    expect((await factory.databases()).map((d) => d.name)).toContain(dexieName);

    const moved = await open(deviceStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(moved, ['a', 'gone'])).toEqual([
      ['a', '一号', false],
      ['gone', '已删', true],
    ]);
    await vi.waitFor(async () =>
      expect((await factory.databases()).map((d) => d.name)).not.toContain(dexieName),
    );
    await write(moved, doc('a', '一号改', 2), one);
    await moved.close();

    const again = await open(deviceStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a'])).toEqual([['a', '一号改', false]]);
  });

  it("keeps a replication's meta rows packed too, moving in those kept a row per document", async () => {
    const factory = new IDBFactory();
    // RxDB names each replication's meta instance `rx-replication-meta-<hash>`.
    const meta = { ...params(), collectionName: 'rx-replication-meta-0a1b2c3d' };
    const old = (await dexieStorage({ indexedDB: factory, IDBKeyRange }).createStorageInstance(
      meta,
    )) as Instance;
    const one = doc('a', '一号');
    await write(old, one);
    await old.close();

    const packed = (await deviceStorage({ indexedDB: factory, IDBKeyRange }).createStorageInstance(
      meta,
    )) as Instance;
    opened.push(packed);
    expect(await titles(packed, ['a'])).toEqual([['a', '一号', false]]);
    await write(packed, doc('a', '一号改', 2), one);
    expect(await packedBlocks(factory, IDBKeyRange).instances()).toEqual([
      `${meta.databaseName}|${meta.collectionName}|${schema.version}`,
    ]);
    await vi.waitFor(async () =>
      expect((await factory.databases()).map((d) => d.name)).not.toContain(
        dexieDatabaseName(meta as never),
      ),
    );
  });

  it('forgets deleted documents it cleans up, also once opened again', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const one = doc('a', '一号');
    await write(instance, one);
    await write(instance, doc('a', '一号', 2, true), one);
    await write(instance, doc('b', '二号'));
    await instance.cleanup(0);
    await instance.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a', 'b'])).toEqual([['b', '二号', false]]);
  });
});

/** A raw IndexedDB request as a promise (the tests' own reads and writes of the layout). */
function idb<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const INSTANCE = 'cjfc_packed_test|properties|0';

describe('the packed storage keeps what was written, in revision order', () => {
  it('keeps the later revision when the clock went back between two writes', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const ahead = doc('a', '时钟快时写的', 1, false, now() + DAY_MS);
    await write(instance, ahead);
    await write(instance, doc('a', '时钟校正后写的', 2), ahead);
    await instance.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a'])).toEqual([['a', '时钟校正后写的', false]]);
  });

  it('refuses a write on a revision another instance replaced, with the current one', async () => {
    const factory = new IDBFactory();
    const one = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const first = doc('a', '原来的');
    await write(one, first);
    // Opened now, it holds `first`; no broadcast reaches it (no multiInstance).
    const two = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    const kept = doc('a', '第一台改的', 2);
    await write(one, kept, first);

    const late = await two.bulkWrite(
      [{ document: doc('a', '第二台改的', 2), previous: first }],
      'test',
    );
    expect(late.error).toHaveLength(1);
    expect(late.error[0]).toMatchObject({ status: 409, documentId: 'a' });
    expect((late.error[0] as { documentInDb: Doc }).documentInDb._rev).toBe(kept._rev);
    // The refused instance now holds the version that won, and a write over it goes through.
    expect(await titles(two, ['a'])).toEqual([['a', '第一台改的', false]]);
    await write(two, doc('a', '第二台再改的', 3), kept);
    await one.close();
    await two.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a'])).toEqual([['a', '第二台再改的', false]]);
  });

  it('lets exactly one of two tabs writing over the same revision at once win', async () => {
    const factory = new IDBFactory();
    const tab = await open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);
    const first = doc('a', '原来的');
    await write(tab, first);
    const other = await open(packedStorage({ indexedDB: factory, IDBKeyRange }), true);

    const [here, there] = await Promise.all([
      tab.bulkWrite([{ document: doc('a', '这边改的', 2), previous: first }], 'test'),
      other.bulkWrite([{ document: doc('a', '那边改的', 2), previous: first }], 'test'),
    ]);
    expect([here.error.length, there.error.length].sort()).toEqual([0, 1]);
    const winner = here.error.length === 0 ? '这边改的' : '那边改的';
    for (const instance of [tab, other]) {
      await vi.waitFor(async () =>
        expect(await titles(instance, ['a'])).toEqual([['a', winner, false]]),
      );
    }
  });

  it('refuses every call once closed, and remove() after close() deletes nothing', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    await write(instance, doc('a', '一号'));
    await instance.close();

    await expect(instance.remove()).rejects.toThrow(/closed/);
    await expect(instance.bulkWrite([{ document: doc('b', '二号') }], 'test')).rejects.toThrow(
      /closed/,
    );
    await expect(instance.findDocumentsById(['a'], true)).rejects.toThrow(/closed/);
    await expect(instance.cleanup(0)).rejects.toThrow(/closed/);
    expect(() => instance.changeStream()).toThrow(/closed/);
    await instance.close();

    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a', 'b'])).toEqual([['a', '一号', false]]);
  });

  it('backs off compacting after a compaction failed, instead of trying after every write', async () => {
    const factory = new IDBFactory();
    const compact = vi
      .spyOn(PackedBlocks.prototype, 'compact')
      .mockRejectedValue(new DOMException('the disk is full', 'QuotaExceededError'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    let n = 0;
    const writeOne = () => write(instance, doc(`item-${n}`, `第${n++}套`));
    while (n <= COMPACT_PAST_BLOCKS) await writeOne();
    await vi.waitFor(() => expect(compact).toHaveBeenCalledTimes(1));
    // Not again while the blocks have not doubled since the failure...
    while (n < 2 * (COMPACT_PAST_BLOCKS + 1)) await writeOne();
    expect(compact).toHaveBeenCalledTimes(1);
    // ...and again once they have.
    await writeOne();
    await vi.waitFor(() => expect(compact).toHaveBeenCalledTimes(2));
    expect(await titles(instance, ['item-0'])).toEqual([['item-0', '第0套', false]]);
  });
});

describe('the packed layout and the ways out of it', () => {
  /** The previous release's layout: blocks under one increasing number, a mark once moved in. */
  async function writeVersion1(factory: IDBFactory, blocks: Doc[][]): Promise<void> {
    const opening = factory.open('cjfc-packed', 1);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      db.createObjectStore('blocks', { autoIncrement: true }).createIndex('instance', 'instance');
      db.createObjectStore('marks', { keyPath: 'instance' });
    };
    const db = await idb(opening);
    const tx = db.transaction(['blocks', 'marks'], 'readwrite');
    for (const docs of blocks) tx.objectStore('blocks').add({ instance: INSTANCE, docs });
    tx.objectStore('marks').put({ instance: INSTANCE, movedAt: 1 });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }

  it("moves the previous layout's blocks in, each document's highest revision", async () => {
    const factory = new IDBFactory();
    // What the bug of ordering by the clock left: the version written with the clock ahead last.
    await writeVersion1(factory, [
      [doc('a', '最初', 1), doc('b', '二号', 1)],
      [doc('a', '时钟快时写的', 2, false, now() + DAY_MS)],
      [doc('a', '时钟校正后写的', 3)],
    ]);

    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(instance, ['a', 'b'])).toEqual([
      ['a', '时钟校正后写的', false],
      ['b', '二号', false],
    ]);
    const db = await idb(factory.open('cjfc-packed'));
    const left = await idb(db.transaction('blocks').objectStore('blocks').count());
    db.close();
    expect(left).toBe(0);
    // Written over, it opens as written.
    await write(instance, doc('b', '二号改', 2), doc('b', '二号', 1));
    await instance.close();
    const again = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    expect(await titles(again, ['a', 'b'])).toEqual([
      ['a', '时钟校正后写的', false],
      ['b', '二号改', false],
    ]);
  });

  it('refuses to open blocks of a format it does not know, and changes nothing', async () => {
    const factory = new IDBFactory();
    const instance = await open(packedStorage({ indexedDB: factory, IDBKeyRange }));
    await write(instance, doc('a', '一号'));
    await instance.close();
    const db = await idb(factory.open('cjfc-packed'));
    const tx = db.transaction('log', 'readwrite');
    tx.objectStore('log').put({ format: BLOCK_FORMAT + 1, docs: [] }, [INSTANCE, 99, 0]);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();

    await expect(open(packedStorage({ indexedDB: factory, IDBKeyRange }))).rejects.toThrow(
      /format/,
    );
  });

  it('moves a collection back to a row per document, once, and forgets its blocks', async () => {
    const factory = new IDBFactory();
    const packed = await open(deviceStorage({ indexedDB: factory, IDBKeyRange }));
    const one = doc('a', '一号');
    await write(packed, one);
    const kept = doc('a', '一号改', 2);
    await write(packed, kept, one);
    await write(packed, doc('gone', '已删', 1, true));
    await packed.close();

    const rows = await open(deviceStorage({ indexedDB: factory, IDBKeyRange }, new Set()));
    expect(await titles(rows, ['a', 'gone'])).toEqual([
      ['a', '一号改', false],
      ['gone', '已删', true],
    ]);
    expect(await packedBlocks(factory, IDBKeyRange).instances()).toEqual([]);
    // The revision moved with it: a write over it is taken, one over the older refused.
    const stale = await rows.bulkWrite([{ document: doc('a', '旧版改', 2), previous: one }], 't');
    expect(stale.error).toHaveLength(1);
    await write(rows, doc('a', '再改', 3), kept);
    await rows.close();

    const again = await open(deviceStorage({ indexedDB: factory, IDBKeyRange }, new Set()));
    expect(await titles(again, ['a'])).toEqual([['a', '再改', false]]);
  });
});
