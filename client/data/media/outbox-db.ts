/**
 * The IndexedDB database of the media outbox (media-outbox.ts) and of the files chosen in an unsent
 * publish form (draft-media.ts): its stores, opening it, and writes that are acknowledged only once
 * their transaction has committed. The database's name, version and stores are those the previous
 * releases wrote, so what they queued is read as it is.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { MediaType } from '@couchdb/model/media-facts';
import type { Property } from '@couchdb/model/property';
import type { ListingMedia } from './listing-media';

/** The listing as the form made it, without its media (added once uploaded). */
export type OutboxListing = Omit<Property, 'images' | 'media_items' | 'owner'>;

export type OutboxFileStatus = 'pending' | 'uploading' | 'done' | 'failed';

export interface OutboxFile {
  id: string;
  publication: string;
  sort: number;
  name: string;
  kind: MediaType;
  blob: Blob;
  status: OutboxFileStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** Bytes the gateway holds of the file, as last reported while uploading. */
  sentBytes?: number;
  /** The file's resumable upload on the gateway, once it has one: the next try goes on from there. */
  uploadAddress?: string;
  attempts: number;
  error?: string;
  /** The gateway refused the file itself (its content, size or name): uploading it again cannot help. */
  refused?: boolean;
  url?: string;
  thumbnail_url?: string;
}

/** A file still to be sent: not uploaded yet, and not refused by the gateway for what it is. */
export function fileWaits(file: OutboxFile): boolean {
  return file.status !== 'done' && !(file.status === 'failed' && file.refused === true);
}

export interface OutboxPublication {
  /** The listing id for a new listing; an id of its own for an edit (`editOf`). */
  id: string;
  userId: string;
  /** A new listing as the form made it; for an edit, the listing's content when saved (shown). */
  listing: OutboxListing;
  createdAt: string;
  /** Media already on the server that come first (an edit's kept media, a resent listing's). */
  kept?: ListingMedia[];
  /** Set when the files are added to this existing listing instead of publishing a new one. */
  editOf?: string;
  /**
   * The edited listing was not on this device when its files were ready: the files stay here
   * until it is back (then they are added to it) or the user discards them.
   */
  listingMissing?: boolean;
  /**
   * Kept at a sign-out of its account: its files wait until that account signs in here again, and
   * the background upload (which would need the signed-out session) leaves them alone.
   */
  heldAtSignOut?: boolean;
}

/** A file chosen in a publish form not yet submitted. */
export interface DraftFileRecord {
  id: string;
  /** `${userId}:${form}`. */
  draft: string;
  /** Order of choosing. */
  sort: number;
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}

export const PUBLICATIONS = 'publications';
export const FILES = 'files';
/** Files chosen in a publish form not yet submitted (draft-media.ts). */
export const DRAFT_FILES = 'draft_files';

export interface OutboxSchema extends DBSchema {
  [PUBLICATIONS]: { key: string; value: OutboxPublication };
  [FILES]: { key: string; value: OutboxFile; indexes: { publication: string } };
  [DRAFT_FILES]: { key: string; value: DraftFileRecord; indexes: { draft: string } };
}

export type OutboxDb = IDBPDatabase<OutboxSchema>;

/**
 * The web lock of an account's uploads: one sender at a time among this browser's tabs and its
 * service worker, or two would send the same file.
 */
export const outboxLockName = (userId: string) => `cjfc-media-outbox:${userId}`;

export const OUTBOX_DB_NAME = 'cjfc_media_outbox';
/** Version 2 added the draft files store. */
export const OUTBOX_DB_VERSION = 2;

/**
 * The user's files are on disk when a write is acknowledged, not only in the browser's cache (a
 * power cut or a killed browser right after "saved" must not lose them).
 */
export const STRICT: IDBTransactionOptions = { durability: 'strict' };

/**
 * Opens the database, creating the stores a previous release did not have. `onClosed`: this
 * connection can no longer be used (a newer version opened in another tab, which it lets upgrade,
 * or the browser closed it); the next use opens another.
 */
export async function openOutboxDb(onClosed?: () => void): Promise<OutboxDb> {
  const db: OutboxDb = await openDB<OutboxSchema>(OUTBOX_DB_NAME, OUTBOX_DB_VERSION, {
    upgrade(db) {
      const stores = db.objectStoreNames;
      if (!stores.contains(PUBLICATIONS)) db.createObjectStore(PUBLICATIONS, { keyPath: 'id' });
      if (!stores.contains(FILES))
        db.createObjectStore(FILES, { keyPath: 'id' }).createIndex('publication', 'publication');
      if (!stores.contains(DRAFT_FILES))
        db.createObjectStore(DRAFT_FILES, { keyPath: 'id' }).createIndex('draft', 'draft');
    },
    blocking() {
      db.close();
      onClosed?.();
    },
    terminated() {
      onClosed?.();
    },
  });
  return db;
}

/** One connection to the database, opened at first use and again once it was closed. */
export class OutboxConnection {
  private opening: Promise<OutboxDb> | null = null;

  get(): Promise<OutboxDb> {
    if (this.opening) return this.opening;
    const opening: Promise<OutboxDb> = openOutboxDb(() => {
      if (this.opening === opening) this.opening = null;
    }).catch((err: unknown) => {
      // A failed opening is not kept: the next use tries again.
      if (this.opening === opening) this.opening = null;
      throw err;
    });
    this.opening = opening;
    return opening;
  }

  /** Lets the connection go (its transactions under way still finish). */
  close(): void {
    const opening = this.opening;
    this.opening = null;
    void opening?.then((db) => db.close()).catch(() => undefined);
  }
}

/**
 * Runs `work` (which awaits every request it makes) in the transaction `tx` and resolves with its
 * result once `tx` has committed: a request that succeeded in a transaction that then aborts (a
 * full disk at commit, a closed connection) makes the call reject. A failure of `work` aborts
 * `tx`, so none of its writes are kept. Every request and the commit have their error and abort
 * paths: nothing waits for ever.
 */
export async function whenCommitted<T>(
  tx: { readonly done: Promise<void>; abort(): void },
  work: () => Promise<T>,
): Promise<T> {
  // A synchronous throw of `work` is a failure like any other.
  const working = new Promise<T>((resolve) => resolve(work())).catch((err: unknown) => {
    try {
      tx.abort();
    } catch {
      // Already finished (aborted by the failure itself): nothing left to undo.
    }
    throw err;
  });
  const [result] = await Promise.all([working, tx.done]);
  return result;
}

/**
 * Stores a file's new state, unless its listing was discarded meanwhile (nothing comes back);
 * acknowledged once committed.
 */
export async function putOutboxFile(db: OutboxDb, file: OutboxFile): Promise<void> {
  const tx = db.transaction([PUBLICATIONS, FILES], 'readwrite', STRICT);
  await whenCommitted(tx, async () => {
    if ((await tx.objectStore(PUBLICATIONS).getKey(file.publication)) !== undefined)
      await tx.objectStore(FILES).put(file);
  });
}
