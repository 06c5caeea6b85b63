/**
 * Where the packed storage (packed-storage.ts) keeps its documents: one IndexedDB database for the
 * device, each row a block of documents, as one write stored them. IndexedDB charges by the row
 * (bench first-sync, line d: 10,000 rows of a key alone about 0.8–1.0 s on this machine, 10,000
 * listings 100 to a row about 0.13 s), so a first sync of a county's listings stores tens of rows,
 * not ten thousand.
 *
 * A collection's documents are the union of its blocks, read in the order they were stored; of two
 * versions of a document, the one written later (`_meta.lwt`) counts, the later block on a tie. Any
 * number of tabs may append; a compaction rewrites a collection's blocks in one transaction, so no
 * reader sees it half done.
 */
import type { RxDocumentData } from 'rxdb';
import { committed, request } from './idb-requests';

const DATABASE = 'cjfc-packed';
const BLOCKS = 'blocks';
const MARKS = 'marks';
const BY_INSTANCE = 'instance';

/** Documents a compacted block holds at most (a structured clone of about 1–2 MB). */
export const COMPACTED_BLOCK_DOCS = 1_000;

type Doc = RxDocumentData<unknown>;

interface Block {
  instance: string;
  docs: Doc[];
}

/** What a collection holds once its blocks are read. */
export interface LoadedBlocks {
  docs: Doc[];
  /** Its blocks (compaction is due past a number). */
  blocks: number;
  /** Whether its documents were ever moved in from the storage before (packed-storage.ts). */
  moved: boolean;
}

const connections = new WeakMap<IDBFactory, Promise<IDBDatabase>>();

function openConnection(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, 1);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    db.createObjectStore(BLOCKS, { autoIncrement: true }).createIndex(BY_INSTANCE, 'instance');
    db.createObjectStore(MARKS, { keyPath: 'instance' });
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

/** The device's blocks, one connection a factory for the worker's (or page's) lifetime. */
export function packedBlocks(factory: IDBFactory): PackedBlocks {
  return new PackedBlocks(factory);
}

/** Whether `doc` counts over `held`, read after it (the later write; the later read on a tie). */
export function supersedes(doc: Doc, held: Doc | undefined): boolean {
  return !held || doc._meta.lwt >= held._meta.lwt;
}

/** The documents of `blocks`, read in order, each id's last version that counts. */
function merged(blocks: readonly Block[], primaryPath: string): Map<string, Doc> {
  const byId = new Map<string, Doc>();
  for (const block of blocks) {
    for (const doc of block.docs) {
      const id = (doc as Record<string, unknown>)[primaryPath] as string;
      if (supersedes(doc, byId.get(id))) byId.set(id, doc);
    }
  }
  return byId;
}

export class PackedBlocks {
  constructor(private readonly factory: IDBFactory) {}

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
    const tx = db.transaction([BLOCKS, MARKS], 'readonly');
    const [blocks, mark] = await Promise.all([
      request(tx.objectStore(BLOCKS).index(BY_INSTANCE).getAll(instance) as IDBRequest<Block[]>),
      request(tx.objectStore(MARKS).get(instance)),
    ]);
    return {
      docs: [...merged(blocks, primaryPath).values()],
      blocks: blocks.length,
      moved: mark !== undefined,
    };
  }

  /** Stores `docs` as one block; resolves once the write is committed. */
  async append(instance: string, docs: Doc[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(BLOCKS, 'readwrite');
    tx.objectStore(BLOCKS).add({ instance, docs } satisfies Block);
    await committed(tx);
  }

  /**
   * Stores the documents moved in from the storage before, and marks `instance` as moved, in one
   * transaction: a move cut short leaves nothing, and is done again.
   */
  async moveIn(instance: string, docs: readonly Doc[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([BLOCKS, MARKS], 'readwrite');
    for (let start = 0; start < docs.length; start += COMPACTED_BLOCK_DOCS) {
      const block = docs.slice(start, start + COMPACTED_BLOCK_DOCS);
      tx.objectStore(BLOCKS).add({ instance, docs: block } satisfies Block);
    }
    tx.objectStore(MARKS).put({ instance, movedAt: Date.now() });
    await committed(tx);
  }

  /**
   * Rewrites `instance`'s blocks as few full ones, in one transaction, leaving out deleted documents
   * last written before `purgeBefore`. Blocks other tabs append meanwhile come after it. Resolves
   * with the blocks it holds now.
   */
  async compact(instance: string, primaryPath: string, purgeBefore = -Infinity): Promise<number> {
    const db = await this.db();
    const tx = db.transaction(BLOCKS, 'readwrite');
    const store = tx.objectStore(BLOCKS);
    const index = store.index(BY_INSTANCE);
    const [blocks, keys] = await Promise.all([
      request(index.getAll(instance) as IDBRequest<Block[]>),
      request(index.getAllKeys(instance)),
    ]);
    const docs = [...merged(blocks, primaryPath).values()].filter(
      (doc) => !(doc._deleted && doc._meta.lwt < purgeBefore),
    );
    for (const key of keys) store.delete(key);
    let written = 0;
    for (let start = 0; start < docs.length; start += COMPACTED_BLOCK_DOCS) {
      store.add({
        instance,
        docs: docs.slice(start, start + COMPACTED_BLOCK_DOCS),
      } satisfies Block);
      written += 1;
    }
    await committed(tx);
    return written;
  }

  /** Forgets `instance`: its blocks and its mark. */
  async remove(instance: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([BLOCKS, MARKS], 'readwrite');
    const keys = await request(tx.objectStore(BLOCKS).index(BY_INSTANCE).getAllKeys(instance));
    for (const key of keys) tx.objectStore(BLOCKS).delete(key);
    tx.objectStore(MARKS).delete(instance);
    await committed(tx);
  }
}
