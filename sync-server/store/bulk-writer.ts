/**
 * Document writes to one database, coalesced: writes made in the same moment go together in one
 * _bulk_docs, sent at once, and while BULK_WRITES_IN_FLIGHT batches are on their way to the store,
 * the writes made meanwhile wait and go together in the next. The store writes a batch about as
 * fast as one document (one LevelDB batch; PouchDB writes one database's documents one after the
 * other), so 20 agents saving at once do not queue behind each other's round trips; and a write
 * made while one batch is on its way does not wait for that batch's answer first (a push writes
 * the listing, then its log entry: on a busy gateway each wait is a turn of its event loop).
 * Each document still succeeds or fails on its own, as with single writes (_bulk_docs is not
 * atomic): a conflict rejects with status 409 like nano's insert.
 */
import type { DocumentScope } from 'nano';

/** Documents sent in one _bulk_docs at most. */
export const BULK_WRITE_MAX = 100;
/** Batches on their way to the store at once, per database and gateway. */
export const BULK_WRITES_IN_FLIGHT = 4;

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
  private inFlight = 0;
  private flushScheduled = false;

  constructor(private readonly db: DocumentScope<object>) {}

  /** Writes `doc` (new, an update at its `_rev`, or a deletion); resolves with its new revision. */
  insert(doc: object): Promise<{ id: string; rev: string }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ doc, resolve, reject });
      // The writes of this moment (one caller's several, or a Promise.all) go as one batch.
      if (!this.flushScheduled && this.inFlight < BULK_WRITES_IN_FLIGHT) {
        this.flushScheduled = true;
        queueMicrotask(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  /** Sends what waits, a batch at a time, while fewer than BULK_WRITES_IN_FLIGHT are on their way. */
  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < BULK_WRITES_IN_FLIGHT) {
      const batch = this.queue.splice(0, BULK_WRITE_MAX);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      await this.write(batch);
    } catch (err) {
      // The store refused the whole request (one document it cannot take fails them all): each
      // document is tried alone, so one caller's bad write does not fail the others'.
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const pending of batch) await this.write([pending]).catch((e) => pending.reject(e));
    }
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
