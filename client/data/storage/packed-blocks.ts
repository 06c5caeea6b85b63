/**
 * Where the packed storage (packed-storage.ts) keeps its documents: one IndexedDB database for the
 * device, each row a block of documents that one write stored. IndexedDB charges by the row, so a
 * first sync of a county's listings stores tens of rows, not ten thousand.
 *
 * Each collection (an "instance") has a head, the number of its last write (`seq`), and its
 * blocks, keyed `[instance, seq, part]`. A write is a compare-and-set: in one transaction it reads
 * the head, hands the writer the blocks stored since the write it last knew (another tab's), and
 * stores its block under the next number only with what the writer decided over them. IndexedDB
 * runs read-write transactions on the same stores one after the other, so every version of a
 * document is stored after the version it replaced: a collection's documents are its blocks read
 * in key order, the last version of each id counting. No clock is read to order them.
 *
 * A compaction rewrites a collection's blocks as few full ones under its current head, in one
 * transaction, so no reader sees it half done.
 */
import type { RxDocumentData } from 'rxdb';
import { committed, request } from './idb-requests';

const DATABASE = 'cjfc-packed';
/**
 * The database's version. 1 kept each collection's blocks under one increasing number with no
 * head and a mark once moved in, ordered by the write time in each document; 2 is the layout
 * above, and moves a collection's blocks of 1 in when the collection first opens.
 */
const VERSION = 2;
/** The layout of a block's value (`{ format, docs }`): a reader refuses a block of another. */
export const BLOCK_FORMAT = 2;

const LOG = 'log';
const HEADS = 'heads';
const V1_BLOCKS = 'blocks';
const V1_MARKS = 'marks';

/** Documents a compacted block holds at most (a structured clone of about 1–2 MB). */
export const COMPACTED_BLOCK_DOCS = 1_000;

type Doc = RxDocumentData<unknown>;

interface Block {
  format: number;
  docs: Doc[];
  /** A compaction's block: with the others of that compaction, the whole collection as of then. */
  snapshot?: true;
}

interface Head {
  instance: string;
  /** The number of the collection's last write (blocks of a compaction share their head's). */
  seq: number;
}

/** What a collection holds once its blocks are read. */
export interface LoadedBlocks {
  docs: Doc[];
  /** The head it was read at: the catch-up and the next write start from it. */
  seq: number;
  /** Its blocks (compaction is due past a number). */
  blocks: number;
  /** Whether it has a head at all: its documents were moved in from the storage before. */
  moved: boolean;
}

/** Blocks stored after a known head, in order. */
export interface Newer {
  blocks: Doc[][];
  /**
   * Whether they start with a compaction's blocks: the whole collection as of then, so a document
   * missing from them all was purged (RxDB's cleanup of deleted documents).
   */
  fromSnapshot: boolean;
}

/** The head a read or a write left the collection at, and the blocks it took first. */
export interface Caught extends Newer {
  seq: number;
}

/** A write's end: `stored` false if it wrote no block (every row was refused). */
export interface Written extends Caught {
  stored: boolean;
}

const NOTHING_NEWER: Newer = { blocks: [], fromSnapshot: false };

/** A durable write where the browser can tell (`strict`: committed once on disk). */
const DURABLE: IDBTransactionOptions = { durability: 'strict' };

const connections = new WeakMap<IDBFactory, Promise<IDBDatabase>>();

function openConnection(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, VERSION);
  opening.onupgradeneeded = (event) => {
    const db = opening.result;
    // Version 1's stores stay until each of its collections is moved in (moveVersion1In).
    if (event.oldVersion < 2) {
      db.createObjectStore(LOG);
      db.createObjectStore(HEADS, { keyPath: 'instance' });
    }
  };
  return request(opening).then((db) => {
    // A deletion of the database (a test's, a browser's "clear site data") is not held up.
    db.onversionchange = () => {
      db.close();
      connections.delete(factory);
    };
    db.onclose = () => connections.delete(factory);
    return db;
  });
}

/** The documents of `blocks`, read in order, each id's last version. */
export function lastVersions(blocks: Iterable<readonly Doc[]>, primaryPath: string): Doc[] {
  const byId = new Map<string, Doc>();
  for (const docs of blocks) {
    for (const doc of docs) byId.set((doc as Record<string, unknown>)[primaryPath] as string, doc);
  }
  return [...byId.values()];
}

/** The height of a revision (`3-abc` is 3). */
const height = (doc: Doc): number => Number.parseInt(doc._rev, 10) || 0;

/**
 * Version 1's documents of one collection, each id's version of the greatest revision height,
 * the later block on a tie. Version 1 took no compare-and-set, so block order alone is not
 * version order there; revisions are, since each write of a document adds one to its height.
 */
export function newestByRevision(blocks: readonly (readonly Doc[])[], primaryPath: string): Doc[] {
  const byId = new Map<string, Doc>();
  for (const docs of blocks) {
    for (const doc of docs) {
      const id = (doc as Record<string, unknown>)[primaryPath] as string;
      const held = byId.get(id);
      if (!held || height(doc) >= height(held)) byId.set(id, doc);
    }
  }
  return [...byId.values()];
}

/** `docs` as full blocks under number `seq`; the number of blocks. */
/**
 * `docs` as full blocks of a snapshot under number `seq`; the number of blocks. A compaction's
 * snapshot has one block at least: an empty one still tells a reader that nothing else is left.
 */
function putCompacted(
  log: IDBObjectStore,
  instance: string,
  seq: number,
  docs: Doc[],
  atLeastOne = false,
): number {
  if (docs.length === 0 && !atLeastOne) return 0;
  let part = 0;
  do {
    const start = part * COMPACTED_BLOCK_DOCS;
    const block: Block = {
      format: BLOCK_FORMAT,
      docs: docs.slice(start, start + COMPACTED_BLOCK_DOCS),
      snapshot: true,
    };
    log.add(block, [instance, seq, part]);
    part += 1;
  } while (part * COMPACTED_BLOCK_DOCS < docs.length);
  return part;
}

/** The documents of blocks read from the log, refusing a layout this code does not know. */
function docsOf(blocks: Block[]): Doc[][] {
  return blocks.map((block) => {
    if (block?.format !== BLOCK_FORMAT) {
      throw new Error(
        `a packed block of format ${String(block?.format)} (this app reads ${BLOCK_FORMAT})`,
      );
    }
    return block.docs;
  });
}

const newerOf = (blocks: Block[]): Newer => ({
  blocks: docsOf(blocks),
  fromSnapshot: blocks[0]?.snapshot === true,
});

/** The device's blocks, one connection a factory for the worker's (or page's) lifetime. */
export function packedBlocks(
  factory: IDBFactory,
  keyRange: typeof IDBKeyRange = IDBKeyRange,
): PackedBlocks {
  return new PackedBlocks(factory, keyRange);
}

export class PackedBlocks {
  constructor(
    private readonly factory: IDBFactory,
    private readonly keyRange: typeof IDBKeyRange,
  ) {}

  /** Every key of `instance`'s blocks from number `from` on. */
  private blocksFrom(instance: string, from: number): IDBKeyRange {
    return this.keyRange.bound([instance, from], [instance, []]);
  }

  private db(): Promise<IDBDatabase> {
    let connection = connections.get(this.factory);
    if (!connection) {
      connection = openConnection(this.factory);
      connection.catch(() => connections.delete(this.factory));
      connections.set(this.factory, connection);
    }
    return connection;
  }

  async load(instance: string, primaryPath: string): Promise<LoadedBlocks> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readonly');
    const [blocks, head] = await Promise.all([
      request(tx.objectStore(LOG).getAll(this.blocksFrom(instance, 0)) as IDBRequest<Block[]>),
      request(tx.objectStore(HEADS).get(instance) as IDBRequest<Head | undefined>),
    ]);
    return {
      docs: lastVersions(docsOf(blocks), primaryPath),
      seq: head?.seq ?? 0,
      blocks: blocks.length,
      moved: head !== undefined,
    };
  }

  /** The blocks stored after head `seq`, read in one transaction. */
  async since(instance: string, seq: number): Promise<Caught> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readonly');
    const head = await request(tx.objectStore(HEADS).get(instance) as IDBRequest<Head | undefined>);
    if (!head || head.seq === seq) return { ...NOTHING_NEWER, seq: head?.seq ?? seq };
    const blocks = await request(
      tx.objectStore(LOG).getAll(this.blocksFrom(instance, seq + 1)) as IDBRequest<Block[]>,
    );
    return { ...newerOf(blocks), seq: head.seq };
  }

  /**
   * A compare-and-set write: `decide` is given the blocks stored since head `seq` (none when the
   * writer knew the latest) and answers with the documents to store; they go in one block under
   * the next number. Resolves once committed; refuses when the collection has no head (it was
   * removed).
   */
  async write(instance: string, seq: number, decide: (newer: Newer) => Doc[]): Promise<Written> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readwrite', DURABLE);
    const log = tx.objectStore(LOG);
    const heads = tx.objectStore(HEADS);
    const done = committed(tx);
    try {
      const head = await request(heads.get(instance) as IDBRequest<Head | undefined>);
      if (!head) throw new Error(`the packed storage of ${instance} was removed`);
      const newer =
        head.seq === seq
          ? NOTHING_NEWER
          : newerOf(
              await request(log.getAll(this.blocksFrom(instance, seq + 1)) as IDBRequest<Block[]>),
            );
      const docs = decide(newer);
      const stored = docs.length > 0;
      const next = stored ? head.seq + 1 : head.seq;
      if (stored) {
        log.add({ format: BLOCK_FORMAT, docs } satisfies Block, [instance, next, 0]);
        heads.put({ instance, seq: next } satisfies Head);
      }
      await done;
      return { ...newer, seq: next, stored };
    } catch (err) {
      abortQuietly(tx);
      await done.catch(() => undefined);
      throw err;
    }
  }

  /**
   * Stores the documents moved in from the storage before under the collection's first head, in
   * one transaction: a move cut short leaves nothing, and is done again. A collection another tab
   * moved in meanwhile is left as it is.
   */
  async moveIn(instance: string, docs: Doc[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readwrite', DURABLE);
    const done = committed(tx);
    const head = await request(tx.objectStore(HEADS).get(instance) as IDBRequest<Head | undefined>);
    if (!head) {
      putCompacted(tx.objectStore(LOG), instance, 1, docs);
      tx.objectStore(HEADS).put({ instance, seq: 1 } satisfies Head);
    }
    await done;
  }

  /**
   * Rewrites `instance`'s blocks as a snapshot of few full ones, in one transaction, leaving out
   * deleted documents last written before `purgeBefore`. The snapshot goes under the head, or,
   * when it left documents out, under a new head, so that every tab reads it and forgets them too.
   * Resolves with the blocks and the head.
   */
  async compact(
    instance: string,
    primaryPath: string,
    purgeBefore = -Infinity,
  ): Promise<{ blocks: number; seq: number }> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readwrite', DURABLE);
    const log = tx.objectStore(LOG);
    const done = committed(tx);
    try {
      const [blocks, head] = await Promise.all([
        request(log.getAll(this.blocksFrom(instance, 0)) as IDBRequest<Block[]>),
        request(tx.objectStore(HEADS).get(instance) as IDBRequest<Head | undefined>),
      ]);
      if (!head) throw new Error(`the packed storage of ${instance} was removed`);
      const all = lastVersions(docsOf(blocks), primaryPath);
      const docs = all.filter((doc) => !(doc._deleted && doc._meta.lwt < purgeBefore));
      const seq = docs.length < all.length ? head.seq + 1 : head.seq;
      log.delete(this.blocksFrom(instance, 0));
      const written = putCompacted(log, instance, seq, docs, true);
      if (seq !== head.seq) tx.objectStore(HEADS).put({ instance, seq } satisfies Head);
      await done;
      return { blocks: written, seq };
    } catch (err) {
      abortQuietly(tx);
      await done.catch(() => undefined);
      throw err;
    }
  }

  /** Whether version 1 holds `instance` (its blocks are to be moved in). */
  async heldByVersion1(instance: string): Promise<boolean> {
    const db = await this.db();
    if (!db.objectStoreNames.contains(V1_MARKS)) return false;
    const tx = db.transaction(V1_MARKS, 'readonly');
    return (await request(tx.objectStore(V1_MARKS).getKey(instance))) !== undefined;
  }

  /**
   * Moves `instance`'s documents of version 1 in, as compacted blocks under head 1, and forgets
   * them there, in one transaction.
   */
  async moveVersion1In(instance: string, primaryPath: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS, V1_BLOCKS, V1_MARKS], 'readwrite', DURABLE);
    const done = committed(tx);
    const oldBlocks = tx.objectStore(V1_BLOCKS);
    const [head, blocks, keys] = await Promise.all([
      request(tx.objectStore(HEADS).get(instance) as IDBRequest<Head | undefined>),
      request(oldBlocks.index('instance').getAll(instance) as IDBRequest<{ docs: Doc[] }[]>),
      request(oldBlocks.index('instance').getAllKeys(instance)),
    ]);
    if (!head) {
      const docs = newestByRevision(
        blocks.map((block) => block.docs),
        primaryPath,
      );
      putCompacted(tx.objectStore(LOG), instance, 1, docs);
      tx.objectStore(HEADS).put({ instance, seq: 1 } satisfies Head);
    }
    for (const key of keys) oldBlocks.delete(key);
    tx.objectStore(V1_MARKS).delete(instance);
    await done;
  }

  /** Forgets `instance`: its blocks and its head. */
  async remove(instance: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([LOG, HEADS], 'readwrite', DURABLE);
    tx.objectStore(LOG).delete(this.blocksFrom(instance, 0));
    tx.objectStore(HEADS).delete(instance);
    await committed(tx);
  }

  /** The collections that have a head here. */
  async instances(): Promise<string[]> {
    const db = await this.db();
    const tx = db.transaction(HEADS, 'readonly');
    return (await request(tx.objectStore(HEADS).getAllKeys())) as string[];
  }
}

/** Aborts `tx` unless it has finished already (aborting a finished one throws). */
function abortQuietly(tx: IDBTransaction): void {
  try {
    tx.abort();
  } catch {
    // Committed or aborted already.
  }
}
