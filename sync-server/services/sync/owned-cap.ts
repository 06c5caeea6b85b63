/**
 * Caps how many documents of a collection one user owns (listings, demands, favourites, saved
 * searches, inbox entries), under concurrency and across gateways: a create is admitted against the
 * owner's stored documents plus the creates admitted in the last moments, which live in the shared
 * limit store and change atomically. Two creates at the limit thus never both pass.
 *
 * The stored ones are counted by a map/reduce view (OWNED_VIEW), not read: a create costs the same
 * with 5 documents or 1000. An admitted create counts as pending until an admission sees it
 * stored and every admission whose count may predate that has decided (SEEN_MS); the record's
 * update counter, not a clock, tells which counts hold it. Where that cannot be told (admissions
 * at the same moment), it is counted twice rather than not at all. So a limit never lets one too
 * many through; a burst of one user's creates may be refused a little early (what was refused can
 * be sent again a moment later). A deletion frees its place at once (`release`).
 */
import { countsAsOwned, OWNED_COUNTED, OWNED_VIEW } from '@couchdb/design/databases';
import type { SyncCollection } from '@couchdb/model/sync';
import type { Store } from '../../store/couch';
import type { LimitRecord, LimitStore } from '../limits/limit-store';

/** How long an admitted create counts as pending if it is never seen stored (a failed write). */
const PENDING_MS = 30_000;
/**
 * How long an admission may take from reading the record to deciding (one that takes longer starts
 * again), and so how long a create seen stored stays in the record: every admission that read the
 * record before it was seen has decided by then.
 */
const SEEN_MS = 5_000;
/** Gateways' clocks may differ by this much: a seen create is kept this much longer. */
const CLOCK_MARGIN_MS = 1_000;
/** Admissions started again (too slow) before the request is answered busy. */
const MAX_ROUNDS = 3;

interface PendingRecord extends LimitRecord {
  /** Admitted document id → when it stops counting (epoch ms). */
  pending: Record<string, number>;
  /** Pending id → the update (`tick`) that first saw it stored, and when (epoch ms). */
  seen?: Record<string, { tick: number; at: number }>;
  /** Counts the record's updates: orders a create seen stored against an admission's count. */
  tick?: number;
}

const livePending = (record: PendingRecord | null, now: number) =>
  Object.fromEntries(Object.entries(record?.pending ?? {}).filter(([, until]) => until > now));

export class OwnedCap {
  constructor(
    private readonly store: Store,
    private readonly limits: LimitStore,
  ) {}

  /** How many of the user's documents of `collection` count (the view's _count). */
  private async storedCount(collection: SyncCollection, userId: string): Promise<number> {
    const result = await this.store
      .db(collection)
      .view(OWNED_VIEW.ddoc, OWNED_VIEW.view, { key: userId, reduce: true });
    return Number(result.rows[0]?.value ?? 0);
  }

  /** Which of `ids` are stored and count for the user. */
  private async storedAmong(collection: SyncCollection, userId: string, ids: string[]) {
    if (ids.length === 0) return new Set<string>();
    const counted = OWNED_COUNTED[collection] ?? {};
    const found = await this.store.db(collection).fetch({ keys: ids });
    const stored = new Set<string>();
    for (const row of found.rows) {
      const doc = 'doc' in row ? (row.doc as { user_id?: unknown; status?: unknown } | null) : null;
      if (doc && doc.user_id === userId && countsAsOwned(doc, counted)) stored.add(row.key);
    }
    return stored;
  }

  /** Whether the user may create document `id` of `collection` without owning more than `cap`. */
  async admit(collection: SyncCollection, userId: string, id: string, cap: number) {
    const key = `owned:${collection}:${userId}`;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const started = Date.now();
      // The record, which of its pending creates not yet seen stored the store holds now, then
      // the count: a create seen stored by the update read here (or before) is in the count.
      const before = await this.limits.update<PendingRecord>(key, (current) => current);
      const readTick = before?.tick ?? 0;
      const unseen = Object.keys(livePending(before, started)).filter((p) => !before?.seen?.[p]);
      const stored = await this.storedAmong(collection, userId, unseen);
      const count = await this.storedCount(collection, userId);
      let decided: boolean | undefined;
      await this.limits.update<PendingRecord>(key, (current, now) => {
        decided = undefined;
        if (Date.now() - started > SEEN_MS) return current; // too slow: seen ones may be gone
        const tick = (current?.tick ?? 0) + 1;
        const pending = livePending(current, now);
        const seen: NonNullable<PendingRecord['seen']> = {};
        let onTheirWay = 0;
        for (const p of Object.keys(pending)) {
          const mark = current?.seen?.[p] ?? (stored.has(p) ? { tick, at: now } : undefined);
          // In the count: seen stored before this admission read the record, or by this
          // admission's own look (its count came after). Otherwise on its way, or stored just
          // now and counted twice: never not at all.
          const counted = (mark !== undefined && mark.tick <= readTick) || stored.has(p);
          if (!counted) onTheirWay += 1;
          if (!mark) continue;
          if (now - mark.at > SEEN_MS + CLOCK_MARGIN_MS) delete pending[p];
          else seen[p] = mark;
        }
        decided = id in pending || count + onTheirWay < cap;
        if (decided) pending[id] ??= now + PENDING_MS;
        if (Object.keys(pending).length === 0) return null;
        return { pending, seen, tick, expires_at: Math.max(...Object.values(pending)) };
      });
      if (decided !== undefined) return decided;
    }
    throw Object.assign(new Error(`owned cap ${key}: admission too slow`), {
      code: 'limit_contention',
    });
  }

  /** Document `id` of the user's was deleted: it no longer counts as a create on its way. */
  async release(collection: SyncCollection, userId: string, id: string): Promise<void> {
    await this.limits.update<PendingRecord>(`owned:${collection}:${userId}`, (current) => {
      if (!current?.pending[id]) return current;
      const { [id]: _gone, ...pending } = current.pending;
      const { [id]: _seen, ...seen } = current.seen ?? {};
      return { ...current, pending, seen };
    });
  }
}
