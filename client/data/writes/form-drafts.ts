/**
 * The forms' drafts on the device (a new listing, a new demand): one record per form and user,
 * under the form's key, in an IndexedDB database of their own. Each change commits with strict
 * durability, so a browser killed a moment after a keystroke keeps it (localStorage reaches the
 * disk only seconds later). Drafts the previous release kept in localStorage move here when read.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { describeFailure } from '@client/lib/failure';

export const DRAFTS_DB = 'cjfc-drafts';
const DRAFTS = 'drafts';

interface DraftsSchema extends DBSchema {
  /** A form's values as the form saved them, keyed by the draft's key. */
  drafts: { key: string; value: unknown };
}

type DraftsDb = IDBPDatabase<DraftsSchema>;

let opened: Promise<DraftsDb> | null = null;

function database(): Promise<DraftsDb> {
  if (opened) return opened;
  const opening = openDB<DraftsSchema>(DRAFTS_DB, 1, {
    upgrade: (db) => {
      db.createObjectStore(DRAFTS);
    },
    // Another tab upgrades or deletes the database: let it, the next use opens it again.
    blocking: () => {
      if (opened === opening) opened = null;
      void opening.then((db) => db.close());
    },
    terminated: () => {
      if (opened === opening) opened = null;
    },
  });
  opened = opening;
  // A failed open (private mode, storage refused) is tried again on the next use.
  opening.catch(() => {
    if (opened === opening) opened = null;
  });
  return opening;
}

/** The previous release's localStorage, or null where it cannot be read (private mode, blocked). */
function legacyStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The previous release's text read as the value it saved; undefined when it is not JSON. */
export function parseLegacyDraft(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Moves the previous release's draft under `key` into IndexedDB: read, written, and removed from
 * localStorage only once the write has committed. A draft already in IndexedDB is newer and stays.
 */
async function moveLegacyDraft(db: DraftsDb, key: string): Promise<void> {
  const legacy = legacyStorage();
  let text: string | null = null;
  try {
    text = legacy?.getItem(key) ?? null;
  } catch {
    return; // localStorage refused: nothing can be read from it
  }
  if (text === null) return;
  const value = parseLegacyDraft(text);
  if (value !== undefined) {
    const tx = db.transaction(DRAFTS, 'readwrite', { durability: 'strict' });
    const kept = await tx.store.getKey(key);
    if (kept === undefined) void tx.store.put(value, key);
    await tx.done;
  }
  try {
    legacy!.removeItem(key);
  } catch (err) {
    // Left there, it is read again next time, and the copy in IndexedDB stays the one kept.
    console.warn('[drafts] removing a moved draft from localStorage failed', describeFailure(err));
  }
}

/** The draft saved under `key` (moved from localStorage first if it is there), or undefined. */
export async function readDraft(key: string): Promise<unknown> {
  const db = await database();
  await moveLegacyDraft(db, key);
  return db.get(DRAFTS, key);
}

/** Keeps `value` under `key`, or forgets the draft when `value` is undefined; resolves once on disk. */
export async function storeDraft(key: string, value: unknown): Promise<void> {
  const db = await database();
  const tx = db.transaction(DRAFTS, 'readwrite', { durability: 'strict' });
  const change = value === undefined ? tx.store.delete(key) : tx.store.put(value, key);
  // Committed at once, not after the request's answer comes back: one round trip less.
  tx.commit();
  await Promise.all([change, tx.done]);
}

/**
 * Saves one form's draft as it changes. A change is written at once; changes made while a write
 * commits are folded into one write of the latest, started when that write has committed, so the
 * disk keeps up with typing and the newest version always lands last.
 */
export class DraftSaver {
  /** The change still to write (`value` undefined: forget the draft), or null. */
  private next: { value: unknown } | null = null;
  private writing = 0;
  private idle: Promise<void> = Promise.resolve();
  private failing = false;

  /**
   * `onFailure` hears of a write that failed (storage full, unavailable), once until a write
   * succeeds again: the form goes on working without its draft.
   */
  constructor(
    readonly key: string,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  save(value: unknown): void {
    this.next = { value };
    if (this.writing === 0) this.start();
  }

  /** Forgets the draft (submitted or discarded); resolves once it is gone from the disk. */
  forget(): Promise<void> {
    this.next = { value: undefined };
    if (this.writing === 0) this.start();
    return this.settled();
  }

  /**
   * Writes the waiting change now, beside the write that is committing (the page is being hidden
   * and may never run again). IndexedDB commits the two in the order they were started.
   */
  flush(): void {
    if (this.next) this.start();
  }

  /** Resolves when every change made so far is written (or has failed). */
  async settled(): Promise<void> {
    while (this.writing > 0 || this.next) await this.idle;
  }

  private start(): void {
    const { value } = this.next!;
    this.next = null;
    this.writing += 1;
    this.idle = storeDraft(this.key, value).then(
      () => {
        this.failing = false;
        this.done();
      },
      (err: unknown) => {
        if (!this.failing) this.onFailure(err);
        this.failing = true;
        this.done();
      },
    );
  }

  private done(): void {
    this.writing -= 1;
    if (this.writing === 0 && this.next) this.start();
  }
}
