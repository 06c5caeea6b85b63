/**
 * A storage for a collection of thousands of documents (a county's listings): RxDB's memory storage
 * answers reads and queries, and every write is stored before it is answered, as one block of
 * documents in IndexedDB (packed-blocks.ts). Opening a collection reads its blocks back.
 *
 * RxDB's Dexie storage keeps a row a document, and IndexedDB's cost a row was most of a first
 * sync: on this machine, 10,000 listings took 2.4–2.9 s to sync with Dexie, about 1.1 s with a
 * storage that keeps them in memory only (bench first-sync), while IndexedDB stores them 100 to a row
 * in about 0.13 s.
 *
 * Each write is checked against the memory's documents (RxDB's conflict rule), its documents are
 * stored, and only then is the write made in memory and its change events sent: a write IndexedDB
 * refuses (a full disk) changes nothing and fails as Dexie's does. Writes run one at a time.
 *
 * Several tabs each hold a copy: a tab's stored writes go to the others on a broadcast channel, and
 * each takes a document's version that was written later (packed-blocks.ts `supersedes`), as
 * reading the blocks does. Only the leading tab replicates (database.ts); the others see its pulls
 * this way, as change events, as they saw them from Dexie.
 *
 * The collection's documents held by the storage before (RxDB's Dexie storage, which kept it until
 * now) are moved in the first time it opens here, and that storage's database deleted.
 */
import {
  categorizeBulkWriteRows,
  getChangedDocumentsSince,
  now,
  randomToken,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import {
  getMemoryCollectionKey,
  getRxStorageMemory,
  type RxStorageInstanceMemory,
} from 'rxdb/plugins/storage-memory';
import { packedBlocks, supersedes, type PackedBlocks } from './packed-blocks';

/** A collection's blocks past which they are compacted (packed-blocks.ts). */
export const COMPACT_PAST_BLOCKS = 64;

/** The context of a write taken from another tab's broadcast (stored there already). */
export const FROM_ANOTHER_TAB = 'cjfc-packed-another-tab';

/** The context of the write that fills the memory from the blocks. */
const LOADED = 'cjfc-packed-loaded';

/** Documents read a request when moving a collection in from the storage before. */
const MOVE_PAGE = 1_000;

type Doc = RxDocumentData<unknown>;
type Memory = RxStorageInstanceMemory<unknown>;

interface Broadcast {
  from: string;
  docs: Doc[];
}

export interface PackedStorageSettings {
  indexedDB: IDBFactory;
  /** The storage the collections were kept in before, whose documents are moved in once. */
  before?: RxStorage<unknown, unknown>;
  /** Names of that storage's databases (`indexedDB.databases()` where it exists). */
  databaseNameBefore?: (params: RxStorageInstanceCreationParams<unknown, unknown>) => string;
}

const memoryStorage = getRxStorageMemory();

export function packedStorage(settings: PackedStorageSettings): RxStorage<unknown, unknown> {
  const blocks = packedBlocks(settings.indexedDB);
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
  /** Every write, in order (and compaction, close and remove after them). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private compactionWaiting = false;

  static async open(
    params: RxStorageInstanceCreationParams<unknown, unknown>,
    blocks: PackedBlocks,
    settings: PackedStorageSettings,
  ): Promise<PackedInstance> {
    const key = instanceKey(params);
    const primaryKey = params.schema.primaryKey;
    const primaryPath = typeof primaryKey === 'string' ? primaryKey : primaryKey.key;
    // Listening before reading: another tab's write stored meanwhile is taken once this one opens.
    const channel =
      params.multiInstance && typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(`cjfc-packed|${key}`)
        : null;
    const early: Doc[][] = [];
    if (channel)
      channel.onmessage = (event: MessageEvent<Broadcast>) => early.push(event.data.docs);
    try {
      return await PackedInstance.load(params, blocks, settings, key, primaryPath, channel, early);
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
    channel: BroadcastChannel | null,
    early: Doc[][],
  ): Promise<PackedInstance> {
    let loaded = await blocks.load(key, primaryPath);
    if (!loaded.moved) {
      const moving = await movingIn(params, settings);
      await blocks.moveIn(key, moving.docs).catch((err: unknown) => {
        moving.keep();
        throw err;
      });
      moving.forget();
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
    const instance = new PackedInstance(params, memory, blocks, key, primaryPath, loaded.blocks);
    instance.listen(channel, early);
    if (loaded.blocks > COMPACT_PAST_BLOCKS) instance.compactInTurn();
    return instance;
  }

  private constructor(
    params: RxStorageInstanceCreationParams<unknown, unknown>,
    private readonly memory: Memory,
    private readonly blocks: PackedBlocks,
    key: string,
    primaryPath: string,
    private blockCount: number,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = params.options as Readonly<unknown>;
    this.internals = memory.internals;
    this.key = key;
    this.primaryPath = primaryPath;
  }

  /** Takes other tabs' writes from `channel`, first those that came while this one opened. */
  private listen(channel: BroadcastChannel | null, early: Doc[][]): void {
    if (!channel) return;
    this.channel = channel;
    channel.onmessage = (event: MessageEvent<Broadcast>) => {
      if (event.data?.from !== this.token) void this.takeFromAnotherTab(event.data.docs);
    };
    for (const docs of early) void this.takeFromAnotherTab(docs);
  }

  private inTurn<R>(work: () => Promise<R>): Promise<R> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  bulkWrite(
    rows: BulkWriteRow<unknown>[],
    context: string,
  ): Promise<RxStorageBulkWriteResponse<unknown>> {
    return this.inTurn(async () => {
      if (this.closed) throw new Error(`the storage of ${this.key} is closed`);
      const memory = this.memory;
      // The memory's documents as of every write before (RxDB's memory storage indexes lazily).
      memory.ensurePersistence();
      const categorized = categorizeBulkWriteRows(
        memory as never,
        this.primaryPath as never,
        memory.internals.documents as never,
        rows as never,
        context,
      );
      const written = [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map(
        (row) => row.document,
      );
      if (written.length > 0) {
        await this.blocks.append(this.key, written);
        this.blockCount += 1;
      }
      const result = await memory.bulkWrite(rows, context);
      if (written.length > 0) {
        this.channel?.postMessage({ from: this.token, docs: written } satisfies Broadcast);
        if (this.blockCount > COMPACT_PAST_BLOCKS) this.compactInTurn();
      }
      return result;
    });
  }

  /** Another tab's stored write: its documents written later than this tab's copies. */
  private takeFromAnotherTab(docs: Doc[]): Promise<void> {
    return this.inTurn(async () => {
      if (this.closed) return;
      const memory = this.memory;
      memory.ensurePersistence();
      const held = memory.internals.documents;
      const rows: BulkWriteRow<unknown>[] = [];
      for (const document of docs) {
        const previous = held.get(
          (document as Record<string, unknown>)[this.primaryPath] as string,
        );
        if (previous?._rev !== document._rev && supersedes(document, previous))
          rows.push(previous ? { document, previous } : { document });
      }
      if (rows.length > 0) await memory.bulkWrite(rows, FROM_ANOTHER_TAB);
    });
  }

  private compactSoon(purgeBefore?: number): Promise<void> {
    return this.inTurn(async () => {
      if (this.closed) return;
      this.blockCount = await this.blocks.compact(this.key, this.primaryPath, purgeBefore);
    });
  }

  /**
   * A compaction after the writes waiting now, unless one is waiting already. One that fails
   * leaves the blocks as they were (they are compacted at the next chance).
   */
  private compactInTurn(): void {
    if (this.compactionWaiting) return;
    this.compactionWaiting = true;
    void this.compactSoon()
      .catch((err: unknown) => console.warn('[storage] compaction failed', err))
      .finally(() => (this.compactionWaiting = false));
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<Doc[]> {
    return this.memory.findDocumentsById(ids, withDeleted);
  }

  query(...args: Parameters<Memory['query']>): ReturnType<Memory['query']> {
    return this.memory.query(...args);
  }

  count(...args: Parameters<Memory['count']>): ReturnType<Memory['count']> {
    return this.memory.count(...args);
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    return this.memory.getAttachmentData(documentId, attachmentId, digest) as Promise<never>;
  }

  changeStream(): ReturnType<Memory['changeStream']> {
    return this.memory.changeStream();
  }

  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    const purgeBefore = now() - minimumDeletedTime;
    await this.memory.cleanup(minimumDeletedTime);
    await this.compactSoon(purgeBefore);
    return true;
  }

  close(): Promise<void> {
    return this.inTurn(async () => {
      if (this.closed) return;
      this.closed = true;
      this.channel?.close();
      await this.memory.close();
      memoryStorage.collectionStates.delete(
        getMemoryCollectionKey(this.memory.databaseName, this.collectionName, this.schema.version),
      );
    });
  }

  async remove(): Promise<void> {
    await this.inTurn(() => this.blocks.remove(this.key));
    await this.close();
  }
}
