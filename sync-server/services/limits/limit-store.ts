/**
 * Where the gateway keeps its limits and counting windows, so that several gateways over one store
 * share them (architecture §9): a small record per key, changed atomically. The default keeps them in the
 * store's private `limits` database (a conflict on the document's revision means another gateway
 * changed it first: read again and re-apply); the memory store is for a single process.
 * Every record carries when it expires; expired records count as absent and are swept, so the
 * storage holds only the live windows, never one entry per event for good.
 */
import { couchStatus, type Store } from '../../store/couch';

/** A limit's state: its own fields plus when it stops mattering. */
export interface LimitRecord {
  /** Epoch milliseconds after which the record is as good as absent. */
  expires_at: number;
  [field: string]: unknown;
}

/**
 * Decides a key's next record from its current one (null when absent or expired). Returning the
 * current record unchanged (the same object) writes nothing. May run more than once (after a
 * conflict), always on the freshest record.
 */
export type LimitUpdate<R extends LimitRecord> = (current: R | null, now: number) => R | null;

export interface LimitStore {
  /** Applies `update` to the key's record atomically and returns what the key holds afterwards. */
  update<R extends LimitRecord>(key: string, update: LimitUpdate<R>): Promise<R | null>;
  /** Removes records that have expired; returns how many. */
  sweep(): Promise<number>;
}

const live = <R extends LimitRecord>(r: R | null | undefined, now: number): R | null =>
  r && r.expires_at > now ? r : null;

/** One process's limits (a single gateway, unit tests). */
export class MemoryLimitStore implements LimitStore {
  private readonly records = new Map<string, LimitRecord>();

  async update<R extends LimitRecord>(key: string, update: LimitUpdate<R>): Promise<R | null> {
    const now = Date.now();
    const current = live(this.records.get(key) as R | undefined, now);
    const next = update(current, now);
    if (next === current) return current;
    if (next) this.records.set(key, next);
    else this.records.delete(key);
    return next;
  }

  async sweep(): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const [key, record] of this.records) {
      if (record.expires_at <= now) {
        this.records.delete(key);
        removed++;
      }
    }
    return removed;
  }
}

interface LimitDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  record?: LimitRecord;
}

/** How often one update retries after conflicts before giving up (503: the store is too busy). */
const MAX_ATTEMPTS = 60;

/** Limits in the store's private `limits` database: one document per key. */
export class StoreLimitStore implements LimitStore {
  constructor(private readonly store: Store) {}

  private get db() {
    return this.store.db<LimitDoc>('limits');
  }

  async update<R extends LimitRecord>(key: string, update: LimitUpdate<R>): Promise<R | null> {
    const id = `l:${key}`;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.db.get(id).catch((err) => {
        if (couchStatus(err) === 404) return null;
        throw err;
      });
      const now = Date.now();
      const current = live(doc?.record as R | undefined, now);
      const next = update(current, now);
      if (next === current) return current;
      try {
        if (next)
          await this.db.insert({ _id: id, ...(doc ? { _rev: doc._rev } : {}), record: next });
        else if (doc?._rev) await this.db.destroy(id, doc._rev);
        return next;
      } catch (err) {
        const status = couchStatus(err);
        if (status !== 409 && !(status === 404 && !next)) throw err;
        // Another request (or gateway) changed it first: wait a moment, read again, re-apply.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * (attempt + 1))));
      }
    }
    throw Object.assign(new Error(`limit ${key}: too many concurrent updates`), {
      code: 'limit_contention',
    });
  }

  async sweep(): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (;;) {
      const found = await this.db.find({
        selector: { 'record.expires_at': { $lte: now } },
        fields: ['_id', '_rev'],
        limit: 500,
      });
      const docs = found.docs as LimitDoc[];
      if (docs.length === 0) break;
      const results = await this.db.bulk({
        docs: docs.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })),
      });
      removed += results.filter((r) => !r.error).length;
      if (docs.length < 500) break;
    }
    if (removed > 0)
      await this.store.server.db.compact(this.store.dbName('limits')).catch(() => {});
    return removed;
  }
}
