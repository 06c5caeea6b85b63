/**
 * The page of bench/first-sync.bench.ts. `firstSync` runs the visitor's real data layer (DeviceData:
 * RxDB on the device storage with every collection, the replications and the stream, as the app
 * opens it) into an empty IndexedDB until every listing is local. `floor` is the least any first
 * sync can cost: the same gateway pull pages fetched one after another, then one IndexedDB
 * transaction writing all of them packed as the device keeps them (1,000 a row), without RxDB. `rxdbWrite` stores the same pages with one RxDB bulk insert (no
 * replication). `rowCost` writes as many rows as listings holding nothing but their key: IndexedDB's
 * own cost a row.
 */
import type { RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import { openDatabase, VISITOR_COLLECTIONS } from '@client/data/storage/database';
import { DeviceData } from '@client/data/device-data';
import { deviceStorage } from '@client/data/storage/device-storage';
import { COMPACTED_BLOCK_DOCS } from '@client/data/storage/packed-blocks';
import { REPLICATION_META_PREFIX } from '@client/data/storage/rxdb-internals';
import { workerStorage } from '@client/data/storage/worker-storage';
import type { BulkPullRequest, BulkPullResult } from '@client/data/sync/bulk-pull';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import {
  PULL_LIMIT_MAX,
  type PullResponse,
  type SyncCheckpoint,
  type SyncDocument,
} from '@couchdb/model/sync';
import { pullUrl } from '@client/data/sync/pull-url';

export interface FirstSyncTiming {
  /** Opening the empty database with its collections and starting the sync. */
  openMs: number;
  /** From the start until the first properties pull request left the page (leader election etc.). */
  firstPullMs: number;
  /** From the start until the answer of the last pull arrived (the rest is storing). */
  lastPullMs: number;
  /** From the start until every listing is stored. */
  totalMs: number;
  documents: number;
  pulls: number;
  /** Time between a pull's answer and the next pull's request, summed (the pulls not in flight). */
  pullGapsMs: number;
  /** The listings' bulk writes to IndexedDB: how many, documents in the largest, time summed. */
  writes: number;
  largestWrite: number;
  writeMs: number;
  /** The replication's own bulk writes to its meta instance (checkpoints; RxDB 17 kept no row per listing here). */
  metaWrites: number;
  metaRows: number;
  metaWriteMs: number;
  /** Main-thread tasks over 50 ms: how many, and their time summed. */
  longTasks: number;
  longTaskMs: number;
  /**
   * The listings' catch-up in the storage worker (client/data/sync/bulk-pull.ts), if it ran: when
   * it was asked for, how long it took, its pulls (not in the page's resource timing) and the
   * listings it wrote itself.
   */
  catchUp: CatchUp | null;
}

export interface FloorTiming {
  fetchMs: number;
  writeMs: number;
  totalMs: number;
  documents: number;
  pulls: number;
}

const PULL_PATH = '/api/sync/properties/pull';

function pullRequests(): PerformanceResourceTiming[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
    e.name.includes(PULL_PATH),
  );
}

/** The storage worker's catch-up of a collection (its request's times on the page's clock). */
export interface CatchUp {
  startMs: number;
  ms: number;
  pulls: number;
  written: number;
  timing: BulkPullResult['timing'] | null;
}

/** Where the device storage runs: in its worker, as the app runs it, or on the page itself. */
export type StoragePlace = 'worker' | 'page';

/**
 * The app's production storage (Dexie, device-storage.ts; in its worker, worker-storage.ts, or on
 * the page), with the listings' bulk writes timed, and the replication's own (its meta instance).
 */
async function timedStorage(
  place: StoragePlace,
  writes: { docs: number; ms: number }[],
  metaWrites: { docs: number; ms: number }[],
  catchUps: (CatchUp & { collection: string })[],
): Promise<RxStorage<unknown, unknown>> {
  const base = place === 'worker' ? await workerStorage() : deviceStorage();
  const timed = Object.create(base) as RxStorage<unknown, unknown>;
  // The worker's catch-up request on the storage itself: a call through the copy would count its
  // request ids apart from the storage's instances and take their answers for its own.
  const remote = base as { customRequest?: (data: unknown) => Promise<unknown> };
  if (remote.customRequest) {
    const customRequest = remote.customRequest.bind(base);
    Object.assign(timed, {
      customRequest: async (data: BulkPullRequest) => {
        const startMs = performance.now();
        const answer = (await customRequest(data)) as Partial<BulkPullResult>;
        catchUps.push({
          collection: data.collection,
          startMs,
          ms: performance.now() - startMs,
          pulls: answer.pulls ?? 0,
          written: answer.written ?? 0,
          timing: answer.timing ?? null,
        });
        return answer;
      },
    });
  }
  timed.createStorageInstance = async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
    const instance = await base.createStorageInstance(params);
    const timedWrites =
      params.collectionName === 'properties'
        ? writes
        : params.collectionName.startsWith(REPLICATION_META_PREFIX)
          ? metaWrites
          : null;
    if (!timedWrites) return instance;
    const bulkWrite = instance.bulkWrite.bind(instance);
    instance.bulkWrite = async (rows, context) => {
      const started = performance.now();
      const result = await bulkWrite(rows, context);
      timedWrites.push({ docs: rows.length, ms: performance.now() - started });
      return result;
    };
    return instance;
  };
  return timed;
}

/** A signed-in account the bench's gateway knows, with an access token it signed. */
export interface BenchAccount {
  userId: string;
  role: 'user' | 'agent' | 'admin';
  token: string;
}

/** A first sync not done after this long has stalled. */
const STALLED_MS = 120_000;

async function firstSync(
  expected: number,
  place: StoragePlace,
  account?: BenchAccount,
): Promise<FirstSyncTiming> {
  performance.clearResourceTimings();
  const writes: { docs: number; ms: number }[] = [];
  const metaWrites: { docs: number; ms: number }[] = [];
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const start = performance.now();
  const catchUps: Parameters<typeof timedStorage>[3] = [];
  const data = new DeviceData({ getAccessToken: async () => account?.token ?? null }, () =>
    timedStorage(place, writes, metaWrites, catchUps),
  );
  // A sync that stalls says where, not waits for ever (a few runs hung on 2026-11-30, cause unknown).
  let phase = 'opening the database';
  let stalledTimer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    stalledTimer = setTimeout(() => {
      const collection = data.database?.properties;
      void (collection ? collection.count().exec() : Promise.resolve(NaN)).then((n) =>
        reject(new Error(`first sync stalled ${phase}: ${n} of ${expected} listings stored`)),
      );
    }, STALLED_MS);
  });
  const synced = async () => {
    await data.use(
      account ? { kind: 'user', userId: account.userId, role: account.role } : { kind: 'anon' },
    );
    const opened = performance.now();
    phase = 'before its first pull ended';
    const properties = data.sync!.replications.find((r) => r.name === 'properties')!;
    await properties.state.awaitInitialReplication();
    phase = 'waiting for the listings to be counted';
    const collection = data.database!.properties;
    let documents = await collection.count().exec();
    if (documents < expected) {
      documents = await new Promise<number>((resolve) => {
        const sub = collection.count().$.subscribe((n) => {
          if (n < expected) return;
          sub.unsubscribe();
          resolve(n);
        });
      });
    }
    return { opened, documents };
  };
  const { opened, documents } = await Promise.race([synced(), stalled]).finally(() =>
    clearTimeout(stalledTimer),
  );
  const done = performance.now();
  const pulls = pullRequests();
  observer.disconnect();
  await data.close();
  let pullGapsMs = 0;
  for (let i = 1; i < pulls.length; i++)
    pullGapsMs += Math.max(0, pulls[i]!.startTime - pulls[i - 1]!.responseEnd);
  return {
    openMs: opened - start,
    firstPullMs: (pulls[0]?.startTime ?? NaN) - start,
    lastPullMs: Math.max(...pulls.map((p) => p.responseEnd)) - start,
    totalMs: done - start,
    documents,
    pulls: pulls.length,
    pullGapsMs,
    writes: writes.length,
    largestWrite: Math.max(0, ...writes.map((w) => w.docs)),
    writeMs: writes.reduce((sum, w) => sum + w.ms, 0),
    metaWrites: metaWrites.length,
    metaRows: metaWrites.reduce((sum, w) => sum + w.docs, 0),
    metaWriteMs: metaWrites.reduce((sum, w) => sum + w.ms, 0),
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((a, b) => a + b, 0),
    catchUp: ((c) => (c ? { ...c, startMs: c.startMs - start } : null))(
      catchUps.find((c) => c.collection === 'properties'),
    ),
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The gateway's pull pages, one after another from the start, as the replication asks for them. */
async function pullAll(): Promise<{ documents: SyncDocument[]; pulls: number }> {
  const documents: SyncDocument[] = [];
  let checkpoint: SyncCheckpoint | undefined;
  let pulls = 0;
  for (;;) {
    const body = (await (
      await fetch(pullUrl('properties', checkpoint, PULL_LIMIT_MAX))
    ).json()) as PullResponse;
    pulls++;
    documents.push(...body.documents);
    if (body.documents.length < PULL_LIMIT_MAX || !body.checkpoint) break;
    checkpoint = body.checkpoint;
  }
  return { documents, pulls };
}

/** Puts `values` into `storeName` of `db` in one transaction, until it is committed. */
function putAll(db: IDBDatabase, storeName: string, values: readonly unknown[]): Promise<void> {
  const tx = db.transaction(storeName, 'readwrite');
  const store = tx.objectStore(storeName);
  for (const value of values) store.put(value);
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

async function floor(): Promise<FloorTiming> {
  const start = performance.now();
  const open = indexedDB.open(`bench-floor-${Date.now()}`, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('properties', { keyPath: 'id' });
  const db = await request(open);
  const { documents, pulls } = await pullAll();
  const fetched = performance.now();
  // Packed as the device keeps its listings (packed-blocks.ts): IndexedDB charges by the row.
  const blocks: { id: string; documents: SyncDocument[] }[] = [];
  for (let i = 0; i < documents.length; i += COMPACTED_BLOCK_DOCS)
    blocks.push({
      id: String(i).padStart(8, '0'),
      documents: documents.slice(i, i + COMPACTED_BLOCK_DOCS),
    });
  await putAll(db, 'properties', blocks);
  const written = performance.now();
  db.close();
  return {
    fetchMs: fetched - start,
    writeMs: written - fetched,
    totalMs: written - start,
    documents: documents.length,
    pulls,
  };
}

export interface RowCost {
  /** As many rows as listings, each only its key: IndexedDB's cost a row, whatever it holds. */
  emptyMs: number;
  /** The same with the two indexes RxDB's Dexie storage keeps on every collection. */
  indexedMs: number;
  /** The listings themselves, 100 to a row: the same bytes in a hundredth of the rows. */
  packedMs: number;
  documents: number;
}

/** Writes `values` into a new store in one transaction; its time (ms). */
async function timedPut(
  values: unknown[],
  setUp: (store: IDBObjectStore) => void = () => undefined,
): Promise<number> {
  const open = indexedDB.open(`bench-rows-${Date.now()}-${Math.random()}`, 1);
  open.onupgradeneeded = () => setUp(open.result.createObjectStore('rows', { keyPath: 'id' }));
  const db = await request(open);
  const start = performance.now();
  await putAll(db, 'rows', values);
  const ms = performance.now() - start;
  db.close();
  return ms;
}

/**
 * What IndexedDB charges a row, apart from the bytes (not part of any sync): why a first sync that
 * stores each listing as a row of its own has a floor no smaller app code can go under.
 */
async function rowCost(): Promise<RowCost> {
  const { documents } = await pullAll();
  const emptyMs = await timedPut(documents.map(({ id }) => ({ id })));
  const indexedMs = await timedPut(
    documents.map(({ id }, i) => ({ id, _deleted: '0', _meta: { lwt: i } })),
    (store) => {
      store.createIndex('deleted', ['_deleted', 'id']);
      store.createIndex('lwt', ['_meta.lwt', 'id']);
    },
  );
  const packs: { id: string; documents: SyncDocument[] }[] = [];
  for (let i = 0; i < documents.length; i += 100)
    packs.push({ id: String(i).padStart(8, '0'), documents: documents.slice(i, i + 100) });
  const packedMs = await timedPut(packs);
  return { emptyMs, indexedMs, packedMs, documents: documents.length };
}

/**
 * The same pages stored by RxDB itself without its replication: one `bulkInsert` into the
 * visitor's database (Dexie, production build). What RxDB's storage costs over the floor, apart
 * from the replication protocol.
 */
async function rxdbWrite(): Promise<FloorTiming> {
  const start = performance.now();
  const db = await openDatabase({
    name: `bench_rxdb_${Date.now()}`,
    storage: deviceStorage(),
    collections: VISITOR_COLLECTIONS,
    multiInstance: false,
    conflicts: { isAdmin: () => false, takeServerVersion: () => false, keep: async () => {} },
  });
  const { documents, pulls } = await pullAll();
  const fetched = performance.now();
  const result = await db.properties.bulkInsert(documents as PropertyDoc[]);
  const written = performance.now();
  await db.close();
  return {
    fetchMs: fetched - start,
    writeMs: written - fetched,
    totalMs: written - start,
    documents: result.success.length,
    pulls,
  };
}

/** Deletes every IndexedDB database of this origin (each run starts from an empty device). */
/** A deletion blocked this long by a connection left open fails (it would wait for ever). */
const BLOCKED_MS = 30_000;

async function clearDevice(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const deleting = indexedDB.deleteDatabase(name);
    let blocked: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      request(deleting as IDBRequest<unknown>),
      new Promise<never>((_, reject) => {
        deleting.onblocked = () => {
          blocked = setTimeout(
            () => reject(new Error(`deleting ${name}: blocked by a connection left open`)),
            BLOCKED_MS,
          );
        };
      }),
    ]).finally(() => clearTimeout(blocked));
  }
  localStorage.clear();
}

declare global {
  interface Window {
    firstSyncBench: {
      firstSync: typeof firstSync;
      floor: typeof floor;
      rxdbWrite: typeof rxdbWrite;
      rowCost: typeof rowCost;
      clearDevice: typeof clearDevice;
    };
  }
}
window.firstSyncBench = { firstSync, floor, rxdbWrite, rowCost, clearDevice };
