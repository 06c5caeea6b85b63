/**
 * Files chosen in the publish form before it is submitted, kept as Blobs in the media outbox's
 * IndexedDB (outbox-db.ts) so a reload (or a closed browser) does not lose them, like the form's
 * text draft. One draft per user and form; submitting or discarding the draft clears them.
 */
import {
  DRAFT_FILES,
  OutboxConnection,
  STRICT,
  whenCommitted,
  type DraftFileRecord,
  type OutboxDb,
} from './outbox-db';

/** A kept file, with the id to remove it by. */
export interface DraftFile {
  id: string;
  file: File;
}

export class DraftMedia {
  private readonly connection = new OutboxConnection();

  constructor(private readonly draft: string) {}

  /** Whether this environment can keep files (a browser with IndexedDB). */
  static supported(): boolean {
    return typeof indexedDB !== 'undefined';
  }

  /** The kept files in the order they were chosen. */
  async load(): Promise<DraftFile[]> {
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES);
    const records = await whenCommitted(tx, () => tx.store.index('draft').getAll(this.draft));
    return records
      .sort((a, b) => a.sort - b.sort)
      .map((r) => ({
        id: r.id,
        file: new File([r.blob], r.name, { type: r.type, lastModified: r.lastModified }),
      }));
  }

  /** Keeps newly chosen files after those already kept; resolves once they are on disk. */
  async add(files: readonly DraftFile[]): Promise<void> {
    if (files.length === 0) return;
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite', STRICT);
    const now = Date.now();
    await whenCommitted(tx, () =>
      Promise.all(
        files.map(({ id, file }, i) =>
          tx.store.put({
            id,
            draft: this.draft,
            sort: now + i,
            name: file.name,
            type: file.type,
            lastModified: file.lastModified,
            blob: new Blob([file], { type: file.type }),
          } satisfies DraftFileRecord),
        ),
      ),
    );
  }

  async remove(id: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite', STRICT);
    await whenCommitted(tx, () => tx.store.delete(id));
  }

  /** Forgets every file of this draft (submitted or discarded). */
  async clear(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(DRAFT_FILES, 'readwrite', STRICT);
    await whenCommitted(tx, async () => {
      const keys = await tx.store.index('draft').getAllKeys(this.draft);
      await Promise.all(keys.map((key) => tx.store.delete(key)));
    });
  }

  /** Lets the connection go (the form closed). */
  close(): void {
    this.connection.close();
  }

  private db(): Promise<OutboxDb> {
    return this.connection.get();
  }
}
