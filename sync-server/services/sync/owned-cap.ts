/**
 * Caps how many documents of a collection one user owns (saved searches, inbox entries: issue 19),
 * under concurrency and across gateways: a create is admitted against the stored count plus the
 * creates admitted in the last moments and not yet seen in the store, which live in the shared
 * limit store and change atomically. Two creates at the limit thus never both pass.
 */
import type { SyncCollection } from '@couchdb/model/sync';
import type { Store } from '../../store/couch';
import type { LimitRecord, LimitStore } from '../limits/limit-store';

/** How long an admitted create counts as pending (far longer than one push takes). */
const PENDING_MS = 30_000;

interface PendingRecord extends LimitRecord {
  /** Admitted document id → when it stops counting (epoch ms). */
  pending: Record<string, number>;
}

export class OwnedCap {
  constructor(
    private readonly store: Store,
    private readonly limits: LimitStore,
  ) {}

  /** The ids of the user's live documents of `collection` (at most `cap` + 1 are read). */
  private async storedIds(collection: SyncCollection, userId: string, cap: number) {
    const found = await this.store.db(collection).find({
      selector: { user_id: userId },
      fields: ['_id'],
      limit: cap + 1,
    });
    return found.docs.map((d) => (d as { _id: string })._id);
  }

  /** Whether the user may create document `id` of `collection` without owning more than `cap`. */
  async admit(collection: SyncCollection, userId: string, id: string, cap: number) {
    const stored = await this.storedIds(collection, userId, cap);
    let granted = false;
    await this.limits.update<PendingRecord>(`owned:${collection}:${userId}`, (current, now) => {
      // An admitted create counts until its time is up, whether or not this request's read of the
      // store shows it: a request that read the store earlier would otherwise count it nowhere
      // (security probe, finding 5). Ids are counted once.
      const pending = Object.fromEntries(
        Object.entries(current?.pending ?? {}).filter(([, until]) => until > now),
      );
      const ids = new Set([...stored, ...Object.keys(pending)]);
      granted = ids.has(id) || ids.size < cap;
      if (!granted) return current;
      const until = now + PENDING_MS;
      return { pending: { ...pending, [id]: until }, expires_at: until };
    });
    return granted;
  }

  /** Document `id` of the user's was deleted: it no longer counts as a create still on its way. */
  async release(collection: SyncCollection, userId: string, id: string): Promise<void> {
    await this.limits.update<PendingRecord>(`owned:${collection}:${userId}`, (current) => {
      if (!current?.pending[id]) return current;
      const { [id]: _gone, ...pending } = current.pending;
      return { ...current, pending };
    });
  }
}
