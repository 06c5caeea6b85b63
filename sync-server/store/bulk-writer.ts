/**
 * Document writes to one database, coalesced: a write made while an earlier batch is on its way to
 * the store waits for it and goes with the others in the next _bulk_docs. The store writes a batch
 * about as fast as one document (one LevelDB batch; PouchDB writes one database's documents one
 * after the other), so 20 agents saving at once no longer queue behind each other's round trips.
 * Each document still succeeds or fails on its own, as with single writes (_bulk_docs is not atomic):
 * a conflict rejects with status 409 like nano's insert.
 */
import type { DocumentScope } from 'nano';

/** Documents sent in one _bulk_docs at most. */
export const BULK_WRITE_MAX = 100;

/** A failed write in nano's error shape (couchStatus reads statusCode). */
export class StoreWriteError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    reason: string | undefined,
  ) {
    super(reason ?? error);
    this.name = 'StoreWriteError';
  }
}

/** CouchDB's per-document errors in _bulk_docs answers, as the status a single write answers. */
const STATUS_OF: Record<string, number> = {
  conflict: 409,
  forbidden: 403,
  unauthorized: 401,
  not_found: 404,
  bad_request: 400,
};

interface Pending {
  doc: object;
  resolve(result: { id: string; rev: string }): void;
  reject(err: unknown): void;
}

export class BulkWriter {
  private queue: Pending[] = [];
  private sending = false;

  constructor(private readonly db: DocumentScope<object>) {}

  /** Writes `doc` (new, an update at its `_rev`, or a deletion); resolves with its new revision. */
  insert(doc: object): Promise<{ id: string; rev: string }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ doc, resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BULK_WRITE_MAX);
      try {
        await this.write(batch);
      } catch (err) {
        // The store refused the whole request (one document it cannot take fails them all): each
        // document is tried alone, so one caller's bad write does not fail the others'.
        if (batch.length === 1) batch[0]!.reject(err);
        else
          for (const pending of batch) await this.write([pending]).catch((e) => pending.reject(e));
      }
    }
    this.sending = false;
  }

  private async write(batch: Pending[]): Promise<void> {
    const results = (await this.db.bulk({ docs: batch.map((p) => p.doc) })) as {
      id?: string;
      rev?: string;
      error?: string;
      reason?: string;
    }[];
    batch.forEach((pending, i) => {
      const r = results[i];
      if (r?.rev && !r.error) pending.resolve({ id: r.id ?? '', rev: r.rev });
      else
        pending.reject(
          new StoreWriteError(STATUS_OF[r?.error ?? ''] ?? 500, r?.error ?? 'unknown', r?.reason),
        );
    });
  }
}
