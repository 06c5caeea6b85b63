/**
 * A storage for a collection of thousands of documents (a county's listings): RxDB's memory storage
 * answers reads and queries, and every write is stored before it is answered, as one block of
 * documents in IndexedDB (packed-blocks.ts). Opening a collection reads its blocks back.
 *
 * RxDB's Dexie storage keeps a row a document, and IndexedDB's cost a row is most of a first sync
 * of thousands of listings (bench first-sync); a block of many documents costs about one row.
 *
 * Each write is checked against the latest version of its documents (RxDB's conflict rule: a
 * write on a stale revision gets a 409 with the current one) in the same IndexedDB transaction
 * that stores it, whichever tab holds the newer version (packed-blocks.ts `write`); only once it is
 * committed is it made in memory and its change events sent. A write IndexedDB refuses (a full
 * disk) changes nothing and fails as Dexie's does. A tab's writes run one at a time.
 *
 * Several tabs each hold a copy: a tab that stored a write tells the others on a broadcast
 * channel, and they read the blocks stored since the last they know, in order. Only the leading tab
 * replicates (database.ts); the others see its pulls this way, as change events, as they saw them
 * from Dexie. Every call on a closed instance is refused, as RxDB's own storages do.
 *
 * The collection's documents held by the storage before (RxDB's Dexie storage, which kept it until
 * now) are moved in the first time it opens here, and that storage's database deleted.
 */
import type {
  BulkWriteRow,
  RxDocumentData,
  RxStorage,
  RxStorageBulkWriteResponse,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
} from 'rxdb';
import { getRxStorageMemory, type RxStorageInstanceMemory } from 'rxdb/plugins/storage-memory';
import {
  lastVersions,
  packedBlocks,
  type Caught,
  type LoadedBlocks,
  type Newer,
  type PackedBlocks,
} from './packed-blocks';
import {
  applyMemoryWrites,
  categorizeBulkWriteRows,
  forgetMemoryState,
  getChangedDocumentsSince,
  memoryDocuments,
  now,
  randomToken,
  removeFromMemory,
  type CategorizeBulkWriteRowsOutput,
} from './rxdb-internals';

/** A collection's blocks past which they are compacted (packed-blocks.ts). */
export const COMPACT_PAST_BLOCKS = 64;

/** The context of a write taken from another tab's broadcast (stored there already). */
export const FROM_ANOTHER_TAB = 'cjfc-packed-another-tab';

/** The context of the write that fills the memory from the blocks. */
const LOADED = 'cjfc-packed-loaded';

/** The context of the write that moves a collection's documents out to a row per document. */
const MOVED_OUT = 'cjfc-packed-moved-out';

/** Documents read a request when moving a collection in from the storage before. */
const MOVE_PAGE = 1_000;

type Doc = RxDocumentData<unknown>;
type Memory = RxStorageInstanceMemory<unknown>;

export interface PackedStorageSettings {
  indexedDB: IDBFactory;
  /** The IDBKeyRange of that factory (the global one in a browser). */
  IDBKeyRange?: typeof IDBKeyRange;
  /** A collection's blocks past which they are compacted (COMPACT_PAST_BLOCKS). */
  compactPastBlocks?: number;
  /** The storage the collections were kept in before, whose documents are moved in once. */
  before?: RxStorage<unknown, unknown>;
  /** Names of that storage's databases (`indexedDB.databases()` where it exists). */
  databaseNameBefore?: (params: RxStorageInstanceCreationParams<unknown, unknown>) => string;
}

const memoryStorage = getRxStorageMemory();

export function packedStorage(settings: PackedStorageSettings): RxStorage<unknown, unknown> {
  const blocks = packedBlocks(settings.indexedDB, settings.IDBKeyRange ?? IDBKeyRange);
  return {
    name: 'cjfc-packed',
    rxdbVersion: memoryStorage.rxdbVersion,
    createStorageInstance: <T>(params: RxStorageInstanceCreationParams<T, unknown>) =>
      PackedInstance.open(
        params as RxStorageInstanceCreationParams<unknown, unknown>,
        blocks,
        settings,
      ),
  } as RxStorage<unknown, unknown>;
}

const instanceKey = (params: RxStorageInstanceCreationParams<unknown, unknown>) =>
  `${params.databaseName}|${params.collectionName}|${params.schema.version}`;

interface MovingIn {
  docs: Doc[];
  /** Empties and deletes the storage before: once the documents are stored here. */
  forget(): void;
  /** Leaves the storage before as it is (they could not be stored here). */
  keep(): void;
}

/** The documents of the collection in the storage before, if it has any there. */
async function movingIn(
  params: RxStorageInstanceCreationParams<unknown, unknown>,
  settings: PackedStorageSettings,
): Promise<MovingIn> {
  const { before, databaseNameBefore } = settings;
  const none: MovingIn = { docs: [], forget: () => undefined, keep: () => undefined };
  if (!before) return none;
  const listed = settings.indexedDB.databases?.bind(settings.indexedDB);
  if (listed && databaseNameBefore) {
    const name = databaseNameBefore(params);
    if (!(await listed()).some((info) => info.name === name)) return none;
  }
  const old = await before.createStorageInstance(params);
  const docs: Doc[] = [];
  let checkpoint: unknown;
  for (;;) {
    const page = await getChangedDocumentsSince(old as never, MOVE_PAGE, checkpoint as never);
    docs.push(...(page.documents as Doc[]));
    checkpoint = page.checkpoint;
    if (page.documents.length < MOVE_PAGE) break;
  }
  const factory = settings.indexedDB;
  return {
    docs,
    // Not waited for: another tab may still hold that database open.
    forget: () =>
      void old
        .remove()
        .then(() => databaseNameBefore && factory.deleteDatabase(databaseNameBefore(params)))
        .catch(() => undefined),
    keep: () => void old.close().catch(() => undefined),
  };
}

/** What a tab tells the others once it has stored a write: only that there is one to read. */
interface Broadcast {
  from: string;
  seq: number;
}

class PackedInstance implements RxStorageInstance<unknown, unknown, unknown> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: RxStorageInstance<unknown, unknown, unknown>['schema'];
  readonly options: Readonly<unknown>;
  readonly internals: Readonly<unknown>;
  private readonly key: string;
  private readonly primaryPath: string;
  private readonly token = randomToken(10);
  private channel: BroadcastChannel | null = null;
  /** Every write, in order (and catch-ups, compaction, close and remove among them). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Set when close() or remove() is called: every later call is refused, as RxDB's storages do. */
  private closed = false;
  private catchUpWaiting = false;
  private compactionWaiting = false;
  /** The blocks past which the next compaction is due; doubled after a failed one. */
  private compactPast: number;

  static async open(
    params: RxStorageInstanceCreationParams<unknown, unknown>,
    blocks: PackedBlocks,
    settings: PackedStorageSettings,
  ): Promise<PackedInstance> {
    const key = instanceKey(params);
    const primaryKey = params.schema.primaryKey;
    const primaryPath = typeof primaryKey === 'string' ? primaryKey : primaryKey.key;
    // Listening before reading: another tab's write stored meanwhile is read once this one opens.
    const channel =
      params.multiInstance && typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(`cjfc-packed|${key}`)
        : null;
    let heard = false;
    if (channel) channel.onmessage = () => (heard = true);
    try {
      const instance = await PackedInstance.load(params, blocks, settings, key, primaryPath);
      instance.listen(channel, heard);
      return instance;
    } catch (err) {
      channel?.close();
      throw err;
    }
  }

  private static async load(
    params: RxStorageInstanceCreationParams<unknown, unknown>,
    blocks: PackedBlocks,
    settings: PackedStorageSettings,
    key: string,
    primaryPath: string,
  ): Promise<PackedInstance> {
    let loaded = await blocks.load(key, primaryPath);
    if (!loaded.moved) {
      if (await blocks.heldByVersion1(key)) {
        await blocks.moveVersion1In(key, primaryPath);
      } else {
        const moving = await movingIn(params, settings);
        await blocks.moveIn(key, moving.docs).catch((err: unknown) => {
          moving.keep();
          throw err;
        });
        moving.forget();
      }
      loaded = await blocks.load(key, primaryPath);
    }
    // A memory of its own: RxDB's memory storage shares one by name across a realm.
    const memory = (await memoryStorage.createStorageInstance({
      ...params,
      options: {},
      databaseName: `${params.databaseName}~${randomToken(8)}`,
    })) as unknown as Memory;
    if (loaded.docs.length > 0) {
      await memory.bulkWrite(
        loaded.docs.map((document) => ({ document })),
        LOADED,
      );
    }
    const compactPast = settings.compactPastBlocks ?? COMPACT_PAST_BLOCKS;
    const instance = new PackedInstance(
      params,
      memory,
      blocks,
      key,
      primaryPath,
      loaded,
      compactPast,
    );
    if (loaded.blocks > compactPast) instance.compactInTurn();
    return instance;
  }

  private constructor(
    params: RxStorageInstanceCreationParams<unknown, unknown>,
    private readonly memory: Memory,
    private readonly blocks: PackedBlocks,
    key: string,
    primaryPath: string,
    loaded: LoadedBlocks,
    private readonly compactPastAtFirst: number,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = params.options as Readonly<unknown>;
    this.internals = memory.internals;
    this.key = key;
    this.primaryPath = primaryPath;
    this.seq = loaded.seq;
    this.blockCount = loaded.blocks;
    this.compactPast = compactPastAtFirst;
  }

  /** The head of the blocks the memory holds: every write up to it, and none after. */
  private seq: number;
  private blockCount: number;

  /** Reads other tabs' writes when they tell of one, and once now if one did while opening. */
  private listen(channel: BroadcastChannel | null, heard: boolean): void {
    if (!channel) return;
    this.channel = channel;
    channel.onmessage = (event: MessageEvent<Broadcast>) => {
      if (event.data?.from !== this.token && event.data?.seq > this.seq) this.catchUpInTurn();
    };
    if (heard) this.catchUpInTurn();
  }

  private inTurn<R>(work: () => Promise<R>): Promise<R> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error(`the storage of ${this.key} is closed`);
  }

  bulkWrite(
    rows: BulkWriteRow<unknown>[],
    context: string,
  ): Promise<RxStorageBulkWriteResponse<unknown>> {
    try {
      this.ensureOpen();
    } catch (err) {
      return Promise.reject(err);
    }
    return this.inTurn(() => this.writeInTurn(rows, context));
  }

  /**
   * Decides the write against the memory and the blocks other tabs stored since (RxDB's conflict
   * rule, in the same transaction that stores it), then takes those blocks and the write into the
   * memory, sending their change events: a write IndexedDB refuses (a full disk) changes nothing.
   */
  private async writeInTurn(
    rows: BulkWriteRow<unknown>[],
    context: string,
  ): Promise<RxStorageBulkWriteResponse<unknown>> {
    const memory = this.memory;
    // The memory's documents as of every write before (RxDB's memory storage indexes lazily).
    applyMemoryWrites(memory);
    let categorized!: CategorizeBulkWriteRowsOutput<unknown>;
    const written = await this.blocks.write(this.key, this.seq, (newer) => {
      categorized = categorizeBulkWriteRows(
        memory as never,
        this.primaryPath as never,
        this.currentOf(rows, newer) as never,
        rows as never,
        context,
      );
      return [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map(
        (row) => row.document as Doc,
      );
    });
    this.take(written);
    this.seq = written.seq;
    const refused = new Set(categorized.errors.map((error) => error.writeRow));
    const accepted = rows.filter((row) => !refused.has(row));
    if (accepted.length > 0) await memory.bulkWrite(accepted, context);
    if (written.stored) {
      this.blockCount += 1;
      this.channel?.postMessage({ from: this.token, seq: written.seq } satisfies Broadcast);
      if (this.blockCount > this.compactPast) this.compactInTurn();
    }
    return { error: categorized.errors };
  }

  private idOf(doc: unknown): string {
    return (doc as Record<string, unknown>)[this.primaryPath] as string;
  }

  /**
   * The latest version of each row's document: a newer block's, else the memory's (none after a
   * snapshot that does not hold it: it was purged).
   */
  private currentOf(rows: BulkWriteRow<unknown>[], newer: Newer): Map<string, Doc> {
    const ids = new Set(rows.map((row) => this.idOf(row.document)));
    const held = memoryDocuments(this.memory);
    const current = new Map<string, Doc>();
    if (!newer.fromSnapshot) {
      for (const id of ids) {
        const doc = held.get(id);
        if (doc) current.set(id, doc);
      }
    }
    for (const docs of newer.blocks) {
      for (const doc of docs) if (ids.has(this.idOf(doc))) current.set(this.idOf(doc), doc);
    }
    return current;
  }

  /**
   * Blocks other tabs stored, into the memory in order, as change events of FROM_ANOTHER_TAB;
   * after a snapshot, the documents it left out are purged from the memory too (no event, as
   * RxDB's storages send none for a cleanup).
   */
  private take(newer: Newer): void {
    if (newer.blocks.length === 0) return;
    const memory = this.memory;
    applyMemoryWrites(memory);
    const held = memoryDocuments(memory);
    const latest = lastVersions(newer.blocks, this.primaryPath);
    if (newer.fromSnapshot) {
      const kept = new Set(latest.map((doc) => this.idOf(doc)));
      for (const doc of [...held.values()]) {
        if (!kept.has(this.idOf(doc))) removeFromMemory(memory, this.primaryPath, this.schema, doc);
      }
    }
    const rows: BulkWriteRow<unknown>[] = [];
    for (const document of latest) {
      const previous = held.get(this.idOf(document));
      if (previous?._rev !== document._rev)
        rows.push(previous ? { document, previous } : { document });
    }
    // RxDB's memory storage decides a write at once, before its promise settles.
    if (rows.length > 0) void memory.bulkWrite(rows, FROM_ANOTHER_TAB);
  }

  /** A catch-up with other tabs' writes after the work waiting now, unless one is waiting. */
  private catchUpInTurn(): void {
    if (this.catchUpWaiting) return;
    this.catchUpWaiting = true;
    void this.inTurn(async () => {
      this.catchUpWaiting = false;
      if (this.closed) return;
      this.catchUp(await this.blocks.since(this.key, this.seq));
    }).catch((err: unknown) => console.warn('[storage] reading another tab’s write failed', err));
  }

  private catchUp(newer: Caught): void {
    this.take(newer);
    this.blockCount = newer.fromSnapshot
      ? newer.blocks.length
      : this.blockCount + newer.blocks.length;
    this.seq = newer.seq;
  }

  private compactSoon(purgeBefore?: number): Promise<void> {
    return this.inTurn(async () => {
      if (this.closed) return;
      const { seq } = await this.blocks.compact(this.key, this.primaryPath, purgeBefore);
      // The snapshot, with whatever this tab had not read yet (and the documents it purged).
      this.catchUp(await this.blocks.since(this.key, this.seq));
      // A snapshot under a new head purged documents: the other tabs forget them too.
      this.channel?.postMessage({ from: this.token, seq } satisfies Broadcast);
    });
  }

  /**
   * A compaction after the writes waiting now, unless one is waiting already. One that fails
   * leaves the blocks as they were; the next is due only once they have doubled (a full disk
   * would refuse a rewrite after every write).
   */
  private compactInTurn(): void {
    if (this.compactionWaiting) return;
    this.compactionWaiting = true;
    void this.compactSoon()
      .then(
        () => (this.compactPast = this.compactPastAtFirst),
        (err: unknown) => {
          this.compactPast = Math.max(this.blockCount, this.compactPastAtFirst) * 2;
          console.warn('[storage] compaction failed', err);
        },
      )
      .finally(() => (this.compactionWaiting = false));
  }

  async findDocumentsById(ids: string[], withDeleted: boolean): Promise<Doc[]> {
    this.ensureOpen();
    return this.memory.findDocumentsById(ids, withDeleted);
  }

  async query(...args: Parameters<Memory['query']>): ReturnType<Memory['query']> {
    this.ensureOpen();
    return this.memory.query(...args);
  }

  async count(...args: Parameters<Memory['count']>): ReturnType<Memory['count']> {
    this.ensureOpen();
    return this.memory.count(...args);
  }

  async getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    this.ensureOpen();
    return this.memory.getAttachmentData(documentId, attachmentId, digest) as Promise<never>;
  }

  changeStream(): ReturnType<Memory['changeStream']> {
    this.ensureOpen();
    return this.memory.changeStream();
  }

  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    this.ensureOpen();
    const purgeBefore = now() - minimumDeletedTime;
    await this.compactSoon(purgeBefore);
    return true;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.inTurn(() => this.shut());
  }

  /** Closes the memory and the channel once (close() after close() resolves). */
  private shutting: Promise<void> | null = null;
  private shut(): Promise<void> {
    this.shutting ??= (async () => {
      this.channel?.close();
      await this.memory.close();
      forgetMemoryState(memoryStorage, this.memory);
    })();
    return this.shutting;
  }

  /** Deletes the collection's blocks and closes; refused once closed, deleting nothing. */
  async remove(): Promise<void> {
    this.ensureOpen();
    this.closed = true;
    await this.inTurn(async () => {
      await this.blocks.remove(this.key);
      await this.shut();
    });
  }
}

/**
 * The way back to a row per document: `storage` (RxDB's Dexie storage), where a collection kept
 * packed before is opened, gets that collection's documents written once, as they were stored,
 * and the packed blocks are forgotten only then. A move cut short is done again at the next open;
 * documents the storage holds already are left as they are.
 */
export function unpackedStorage(
  storage: RxStorage<unknown, unknown>,
  settings: Pick<PackedStorageSettings, 'indexedDB' | 'IDBKeyRange'>,
): RxStorage<unknown, unknown> {
  const blocks = packedBlocks(settings.indexedDB, settings.IDBKeyRange ?? IDBKeyRange);
  let packedBefore: Promise<Set<string>> | null = null;
  const packedNow = () =>
    (packedBefore ??= blocks.instances().then(
      (keys) => new Set(keys),
      (err: unknown) => {
        packedBefore = null;
        throw err;
      },
    ));
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = await storage.createStorageInstance(params);
      const key = instanceKey(params as RxStorageInstanceCreationParams<unknown, unknown>);
      if ((await packedNow()).has(key)) {
        const primaryKey: unknown = params.schema.primaryKey;
        const primaryPath =
          typeof primaryKey === 'string' ? primaryKey : (primaryKey as { key: string }).key;
        await moveOut(blocks, key, primaryPath, instance as never).catch(async (err: unknown) => {
          await instance.close();
          throw err;
        });
        (await packedNow()).delete(key);
      }
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}

async function moveOut(
  blocks: PackedBlocks,
  key: string,
  primaryPath: string,
  target: RxStorageInstance<unknown, unknown, unknown>,
): Promise<void> {
  const { docs } = await blocks.load(key, primaryPath);
  const idOf = (doc: unknown) => (doc as Record<string, unknown>)[primaryPath] as string;
  const held = new Set((await target.findDocumentsById(docs.map(idOf), true)).map(idOf));
  const missing = docs.filter((doc) => !held.has(idOf(doc)));
  if (missing.length > 0) {
    const result = await target.bulkWrite(
      missing.map((document) => ({ document })),
      MOVED_OUT,
    );
    if (result.error.length > 0)
      throw new Error(`moving ${key} out of the packed storage: ${result.error.length} refused`);
  }
  await blocks.remove(key);
}
