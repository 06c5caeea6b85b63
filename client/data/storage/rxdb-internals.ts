/**
 * RxDB's private internals the data layer relies on, all in this module: what RxDB exports or keeps
 * on its objects without documenting it, and may change in any release. Everywhere else the data
 * layer uses RxDB's documented API only (databases, collections, queries, documents,
 * replicateRxCollection and its state's documented methods and observables, the storages'
 * constructors, the RxStorage interface); eslint.config.js refuses these internals there.
 * tests/unit/client/data/storage/rxdb-internals.test.ts fails, naming the internal, when an upgrade
 * of RxDB changes one of them. Paths are in rxdb/dist/esm/.
 *
 * Storage helpers
 * - categorizeBulkWriteRows(instance, primaryPath, docsInDb, rows, context)
 *   (rx-storage-helper.js): RxDB's own decision of a write against the stored versions (a Map by
 *   id). We read its bulkInsertDocs, bulkUpdateDocs and errors (a 409 with documentInDb for a
 *   stale revision, each with its writeRow); it reads only the instance's schema. Packed storage.
 * - getChangedDocumentsSince(instance, limit, checkpoint) (rx-storage-helper.js): the documents
 *   written after a checkpoint, by write time then id, and the checkpoint after them. Packed
 *   storage (moving a collection in), the count of unsent changes.
 * - The change events' checkpoint `{ id, lwt }` of the Dexie and memory storages: a big write's
 *   events cross to the page in pieces, each but the last with a checkpoint before the write's
 *   (checkpointBefore, for storage-channel.ts).
 * - prepareQuery(schema, query) (rx-query-helper.js): a query as a storage instance takes it; every
 *   collection's schema indexes `_meta.lwt` (write-times.ts reads the newest write with it).
 * - The names of RxDB's own collections: its internal store `_rxdb_internal` (INTERNAL_STORAGE_NAME)
 *   and each replication's meta instance `rx-replication-meta-<hash>` (plugins/replication).
 *
 * Utilities (plugins/utils)
 * - now(): RxDB's write times, in ms with two decimals, never the same twice in a realm
 *   (write-times.ts steps by 0.01).
 * - createRevision(token, previous), getHeightOfRevision(rev): revisions `<height>-<hash>`.
 * - randomToken(length).
 *
 * Memory storage (plugins/storage-memory), under the packed storage
 * - instance.internals.documents: a Map of each document's latest version by id, and
 *   internals.byIndexArray, its indexes; removeDocFromState(primaryPath, schema, internals, doc)
 *   (memory-helper.js) takes a document out of both, with no change event.
 * - instance.ensurePersistence() (rx-storage-instance-memory.js): applies the writes the instance
 *   answered to those Maps (it does so lazily, at its next read).
 * - storage.collectionStates by getMemoryCollectionKey(database, collection, version) (index.js,
 *   memory-helper.js): the storage keeps each instance's state for the realm, after close too.
 *
 * Replication (plugins/replication/index.js, replication-protocol/)
 * - state.internalReplicationState, set once the replication has started: its input's
 *   forkInstance, identifier and hashFunction, its checkpointKey, and downstreamBulkWriteFlag (the
 *   context of the pull's writes, which the push does not take for local changes, index.js);
 *   state.metaInstance, the instance of its meta rows.
 * - state.subjects.active: whether it pulls or pushes right now (what active$ last sent).
 * - state.retryTime: the wait before a failed handler runs again, read at each retry.
 * - getLastCheckpointDoc(internal, 'up') (checkpoint.js): the push's checkpoint.
 * - getAssumedMasterState(internal, ids) (meta-instance.js): the server's version the device
 *   last knew of each document, `{ [id]: { docData, metaDocument } }`.
 * - writeDocToDocState(doc, false, false) (helper.js): a stored document without its
 *   attachments, `_meta` and `_rev`, as the push compares it with the server's version.
 * - getMetaWriteRow(state, master, previous) (meta-instance.js): the meta row of a server's
 *   version; of the state it reads primaryPath, input.metaInstance and checkpointKey only.
 * - The marks of a pulled document (downstream.js, upstream.js): RxDB takes a stored document as
 *   its pull left it (pulled over, not pushed) when `_meta.o` holds its revision's height and the
 *   identifier's hash, or, for a server version with a `_rev`, `_meta[identifier]` that height;
 *   a local change takes the revision past them. Its pull sets them as it writes over a document;
 *   the storage worker's catch-up sets them on each document it writes, whose revision it makes
 *   with the hash.
 * - The collection's storage instance (getWrappedStorageInstance, rx-storage-helper.js), which
 *   the replication writes through, gives a document written with no previous version a `_meta`
 *   of its own (`{ lwt }`) and the revision `1-<database token>`: the marks of a document pulled
 *   for the first time are lost there (pulled-marks.ts puts them back).
 *
 * Queries and documents
 * - collection._queryCache._map, countRxQuerySubscribers, uncacheRxQuery (query-cache.js): a
 *   query whose read failed stays failed in the cache (query-cache.ts drops the idle ones).
 * - document._data (rx-document.js): the stored document, RxDB's fields included, uncopied.
 *
 * Remote storage (plugins/storage-remote/rx-storage-remote.js)
 * - MessageToRemote, MessageFromRemote: passed along unread (but for the worker's ready message).
 * - How a failure on the other side is worded: 'could not requestRemote: ' then JSON of the
 *   request with its `error`, 'could not run customRequest(): ' likewise, 'could not create
 *   instance ' then JSON of the error (storage-channel.ts keeps the error, not the request).
 *
 * Dexie storage (plugins/storage-dexie/dexie-helper.js), and Dexie under it
 * - A collection's Dexie database is named `rxdb-dexie-<database>--<version>--<collection>`.
 * - settings.onCreate(dexie) runs for each Dexie database it opens, and it reads documents by id
 *   with Dexie's bulkGet (DBCore getMany): sparse-reads.ts, registered there, answers those reads.
 *   DBCore's range type Range is 2 (Dexie's DBCoreRangeType, a const enum: no runtime export).
 *
 * Rewrites of RxDB's code at build time (vite.config.ts; each throws when its anchor is gone)
 * - scripts/rxdb-code-unit-sort.ts: plugins/utils/utils-object.js, the two `a.localeCompare(b)`
 *   of sortObject, compared by code unit instead.
 * - scripts/rxdb-dexie-fields.ts: plugins/storage-dexie/dexie-helper.js, the lines
 *   `d = fromStorageToDexieField(d);` and `d = fromDexieToStorageField(d);`, skipped for
 *   documents with no key to rename.
 */
import {
  countRxQuerySubscribers,
  createRevision,
  getHeightOfRevision,
  getMetaWriteRow,
  uncacheRxQuery,
  type BulkWriteRow,
  type EventBulk,
  type RxCollection,
  type RxDocument,
  type RxDocumentData,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  type RxStorageInstanceReplicationState,
  type RxStorageReplicationMeta,
  type WithDeleted,
} from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import {
  getMemoryCollectionKey,
  removeDocFromState,
  type RxStorageInstanceMemory,
  type RxStorageMemory,
} from 'rxdb/plugins/storage-memory';

export { createRevision, getHeightOfRevision };
export {
  categorizeBulkWriteRows,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getLastCheckpointDoc,
  now,
  prepareQuery,
  randomToken,
  writeDocToDocState,
  type CategorizeBulkWriteRowsOutput,
} from 'rxdb';
export type { MessageFromRemote, MessageToRemote } from 'rxdb/plugins/storage-remote';

// Storage helpers

/** How the names of the replications' meta instances begin. */
export const REPLICATION_META_PREFIX = 'rx-replication-meta';

/** RxDB's own collections beside the app's: its internal store and the replications' meta rows. */
export const isRxdbOwnCollection = (name: string): boolean =>
  name.startsWith(REPLICATION_META_PREFIX) || name.startsWith('_rxdb');

/**
 * A checkpoint no later than any of `bulk`'s documents: the earliest write time among them with
 * the smallest id. The bulk's own checkpoint where it is not `{ id, lwt }`.
 */
export function checkpointBefore<T>(bulk: EventBulk<T, unknown>): unknown {
  const { checkpoint } = bulk as { checkpoint: unknown };
  const shaped = checkpoint as { id?: unknown; lwt?: unknown } | null;
  if (typeof shaped?.id !== 'string' || typeof shaped.lwt !== 'number') return checkpoint;
  let lwt = shaped.lwt;
  for (const event of bulk.events as { documentData?: { _meta?: { lwt?: unknown } } }[]) {
    const written = event.documentData?._meta?.lwt;
    if (typeof written === 'number' && written < lwt) lwt = written;
  }
  return { id: '', lwt };
}

// Memory storage

type Memory = RxStorageInstanceMemory<unknown>;

/** Applies the writes `memory` answered to its documents and indexes (ensurePersistence). */
export function applyMemoryWrites(memory: Memory): void {
  memory.ensurePersistence();
}

/** `memory`'s documents by id, as of its writes applied (applyMemoryWrites). */
export function memoryDocuments(memory: Memory): Map<string, RxDocumentData<unknown>> {
  return memory.internals.documents;
}

/** Takes `doc` out of `memory`'s documents and indexes, with no change event. */
export function removeFromMemory(
  memory: Memory,
  primaryPath: string,
  schema: Memory['schema'],
  doc: RxDocumentData<unknown>,
): void {
  removeDocFromState(primaryPath as never, schema, memory.internals, doc);
}

/** Lets `storage` forget the state of `memory`, closed (it keeps it for the realm otherwise). */
export function forgetMemoryState(storage: RxStorageMemory, memory: Memory): void {
  storage.collectionStates.delete(
    getMemoryCollectionKey(memory.databaseName, memory.collectionName, memory.schema.version),
  );
}

// Replication

/** The replication's running state: undefined until it has started. */
export function runningReplication<T, C>(
  state: RxReplicationState<T, C>,
): RxStorageInstanceReplicationState<T> | undefined {
  return state.internalReplicationState;
}

/** The instance of the documents a running replication syncs (the collection's own storage). */
export function forkInstanceOf<T>(
  internal: RxStorageInstanceReplicationState<T>,
): RxStorageInstance<T, unknown, unknown> {
  return internal.input.forkInstance;
}

/** Whether the replication is pulling or pushing right now. */
export function isActiveNow<T, C>(state: RxReplicationState<T, C>): boolean {
  const subjects = (state as unknown as { subjects: { active: { getValue(): boolean } } }).subjects;
  return subjects.active.getValue();
}

/** The wait before RxDB calls a failed handler again. */
export function retryTimeOf<T, C>(state: RxReplicationState<T, C>): number | undefined {
  return state.retryTime;
}

/** Sets the wait before RxDB calls a failed handler again (read at each retry). */
export function setRetryTime<T, C>(state: RxReplicationState<T, C>, ms: number): void {
  state.retryTime = ms;
}

/** The context of a started replication's pulled writes (the push does not send them). */
export function pullWriteContext<T, C>(state: RxReplicationState<T, C>): Promise<string> {
  return state.internalReplicationState!.downstreamBulkWriteFlag;
}

/**
 * What RxDB's pull records of each document it writes, for a replication that also pushes: its
 * meta instance's row of the server's version, and in the document's `_meta` the marks of a state
 * as pulled.
 */
export interface PulledState {
  /** The replication's meta instance (its collection name in the same database). */
  metaCollectionName: string;
  /** The replication's identifier, and its hash (the marks' and the documents' revision token). */
  identifier: string;
  identifierHash: string;
  /** The token of the meta rows' revisions. */
  checkpointKey: string;
}

/** How a started replication records what it pulls. */
export async function pulledStateOf<T, C>(state: RxReplicationState<T, C>): Promise<PulledState> {
  const internal = state.internalReplicationState!;
  return {
    metaCollectionName: state.metaInstance!.collectionName,
    identifier: internal.input.identifier,
    identifierHash: await internal.input.hashFunction(internal.input.identifier),
    checkpointKey: await internal.checkpointKey,
  };
}

/**
 * The `_meta` and `_rev` RxDB's pull gives the server's version `master` written over `before`
 * (none: a document the device did not hold).
 */
export function pulledMarks(
  master: object,
  before: RxDocumentData<unknown> | undefined,
  pulled: Pick<PulledState, 'identifier' | 'identifierHash'>,
  lwt: number,
): { _meta: RxDocumentData<unknown>['_meta']; _rev: string } {
  const height = before ? getHeightOfRevision(before._rev) + 1 : 1;
  const meta: Record<string, unknown> = { ...before?._meta, lwt };
  if ((master as { _rev?: string })._rev) meta[pulled.identifier] = height;
  meta.o = { _rev: height, hash: pulled.identifierHash };
  return {
    _meta: meta as RxDocumentData<unknown>['_meta'],
    _rev: createRevision(pulled.identifierHash, before),
  };
}

/** Whether `stored` is as the replication's pull left it, not changed on the device since. */
export function isAsPulled(stored: RxDocumentData<unknown>, identifierHash: string): boolean {
  const marker = (stored._meta as { o?: { _rev?: number; hash?: string } }).o;
  return marker?.hash === identifierHash && marker._rev === getHeightOfRevision(stored._rev);
}

/**
 * `stored` with the mark of a state as pulled at its own revision (`_meta.o`, the replication's
 * identifier hash): how RxDB's pull marks a document it writes (RxDB puts `_meta[identifier]` only
 * for a server version with a `_rev`, which no synced document carries).
 */
export function withPulledMark<T>(
  stored: RxDocumentData<T>,
  identifierHash: string,
): RxDocumentData<T> {
  const o = { _rev: getHeightOfRevision(stored._rev), hash: identifierHash };
  return { ...stored, _meta: { ...stored._meta, o } as RxDocumentData<T>['_meta'] };
}

type MetaRow<T> = RxStorageReplicationMeta<T, unknown>;

/** The row of `meta` (a replication's meta instance) holding the server's version `master`. */
export function metaWriteRow<T>(
  meta: RxStorageInstance<MetaRow<T>, unknown, unknown>,
  checkpointKey: string,
  primaryPath: string,
  master: WithDeleted<T>,
  previous: RxDocumentData<MetaRow<T>> | undefined,
): Promise<BulkWriteRow<MetaRow<T>>> {
  // What getMetaWriteRow reads of a replication's state.
  const state = {
    primaryPath,
    input: { metaInstance: meta },
    checkpointKey: Promise.resolve(checkpointKey),
  } as unknown as RxStorageInstanceReplicationState<T>;
  return getMetaWriteRow(state, master, previous) as Promise<BulkWriteRow<MetaRow<T>>>;
}

// Queries and documents

/** Drops `collection`'s cached queries nobody is subscribed to. */
export function uncacheIdleQueries(collection: RxCollection): void {
  const cache = collection._queryCache;
  for (const query of [...cache._map.values()])
    if (countRxQuerySubscribers(query) === 0) uncacheRxQuery(cache, query);
}

/** The document as stored, RxDB's fields included, without a copy. */
export function storedDataOf<T>(doc: RxDocument<T>): RxDocumentData<T> {
  return doc._data;
}

// Remote storage

/**
 * How RxDB's remote storage words a failure of the other side: a prefix, then JSON of the request
 * (a write's documents, a custom request's data) with that side's error, or of the error alone
 * (opening an instance).
 */
export const REMOTE_FAILURE_WORDINGS = [
  { prefix: 'could not requestRemote: ', error: (json: { error?: unknown }) => json.error },
  { prefix: 'could not run customRequest(): ', error: (json: { error?: unknown }) => json.error },
  { prefix: 'could not create instance ', error: (json: unknown) => json },
] as const;

// Dexie storage

/** The name of the IndexedDB database RxDB's Dexie storage keeps a collection in. */
export function dexieDatabaseName(
  params: RxStorageInstanceCreationParams<unknown, unknown>,
): string {
  return `rxdb-dexie-${params.databaseName}--${params.schema.version}--${params.collectionName}`;
}

/** Dexie's DBCoreRangeType.Range. */
export const DEXIE_RANGE = 2;
