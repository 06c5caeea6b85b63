/**
 * Files chosen in the publish form before it is submitted, kept as Blobs in the media outbox's
 * IndexedDB so a reload (or a closed browser) does not lose them, like the form's text draft.
 * One draft per user and form; submitting or discarding the draft clears them.
 */
import { committed, request } from './idb-requests';
import { DRAFT_FILES, openOutboxDb } from './media-outbox';

interface DraftFileRecord {
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

/** A kept file, with the id to remove it by. */
export interface DraftFile {
  id: string;
  file: File;
}

export class DraftMedia {
  private dbPromise: Promise<IDBDatabase> | null = null;

  constructor(private readonly draft: string) {}

  /** Whether this environment can keep files (a browser with IndexedDB). */
  static supported(): boolean {
    return typeof indexedDB !== 'undefined';
  }

  /** The kept files in the order they were chosen. */
  async load(): Promise<DraftFile[]> {
    const db = await this.db();
    const store = db.transaction(DRAFT_FILES).objectStore(DRAFT_FILES);
    const records = (await request(store.index('draft').getAll(this.draft))) as DraftFileRecord[];
    return records
      .sort((a, b) => a.sort - b.sort)
      .map((r) => ({
        id: r.id,
        file: new File([r.blob], r.name, { type: r.type, lastModified: r.lastModified }),
      }));
  }

  /** Keeps newly chosen files after those already kept. */
  async add(files: readonly DraftFile[]): Promise<void> {
    if (files.length === 0) return;
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite');
    const now = Date.now();
    files.forEach(({ id, file }, i) =>
      tx.objectStore(DRAFT_FILES).put({
        id,
        draft: this.draft,
        sort: now + i,
        name: file.name,
        type: file.type,
        lastModified: file.lastModified,
        blob: new Blob([file], { type: file.type }),
      } satisfies DraftFileRecord),
    );
    await committed(tx);
  }

  async remove(id: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite');
    tx.objectStore(DRAFT_FILES).delete(id);
    await committed(tx);
  }

  /** Forgets every file of this draft (submitted or discarded). */
  async clear(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite');
    const store = tx.objectStore(DRAFT_FILES);
    const keys = await request(store.index('draft').getAllKeys(this.draft));
    for (const key of keys) store.delete(key);
    await committed(tx);
  }

  /** Lets the connection go (the form closed). */
  close(): void {
    const pending = this.dbPromise;
    this.dbPromise = null;
    void pending?.then((db) => db.close()).catch(() => undefined);
  }

  private db(): Promise<IDBDatabase> {
    this.dbPromise ??= openOutboxDb().then((db) => {
      db.onversionchange = () => {
        db.close();
        this.dbPromise = null;
      };
      return db;
    });
    return this.dbPromise;
  }
}
