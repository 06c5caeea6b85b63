/**
 * 我的房源数据 (issue 15): an agent's listings with their views (the listing's counter), current
 * favourites (counted, never who) and contact dialogs opened (the operation log's contact entries).
 */
import type { ListingStats } from '@couchdb/model/listing-stats';
import type { Store } from '../store/couch';

/** Listings an agent has at most (county scale; beyond it the oldest are left out). */
const MAX_LISTINGS = 500;
const QUERY_BATCH = 8;

export class ListingStatsService {
  constructor(private readonly store: Store) {}

  async forOwner(userId: string): Promise<ListingStats[]> {
    const listings = (
      await this.store.db('properties').find({
        selector: { user_id: userId },
        fields: ['_id', 'title', 'type', 'status', 'audit_status', 'created_at', 'view_count'],
        use_index: 'idx-by-owner',
        limit: MAX_LISTINGS,
      })
    ).docs as unknown as {
      _id: string;
      title: string;
      type: 'sale' | 'rent';
      status: ListingStats['status'];
      audit_status: ListingStats['audit_status'];
      created_at: string;
      view_count?: number;
    }[];
    const visible = listings.filter((l) => l.status !== 'deleted');
    const favorites = new Map<string, number>();
    const contacts = new Map<string, number>();
    // One indexed query per listing and kind (an agent has tens of listings), a few at a time.
    for (let i = 0; i < visible.length; i += QUERY_BATCH) {
      await Promise.all(
        visible.slice(i, i + QUERY_BATCH).map(async (l) => {
          favorites.set(l._id, await this.count('favorites', { property_id: l._id }));
          contacts.set(
            l._id,
            // created_at: the index's second field (PouchDB Server uses an index only then).
            await this.count('oplog', {
              property_id: l._id,
              created_at: { $gt: null },
              operation_type: 'contact',
            }),
          );
        }),
      );
    }
    return visible
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((l) => ({
        id: l._id,
        title: l.title,
        type: l.type,
        status: l.status,
        audit_status: l.audit_status,
        created_at: l.created_at,
        views: l.view_count ?? 0,
        favorites: favorites.get(l._id) ?? 0,
        contacts: contacts.get(l._id) ?? 0,
      }));
  }

  /** How many documents of `db` match `selector` (on its property_id index), paged. */
  private async count(
    db: 'favorites' | 'oplog',
    selector: Record<string, unknown>,
  ): Promise<number> {
    const page = 2_000;
    let total = 0;
    for (let skip = 0; ; skip += page) {
      const res = await this.store.db(db).find({
        selector: selector as never,
        fields: ['_id'],
        limit: page,
        skip,
        use_index: 'idx-by-property',
      });
      total += res.docs.length;
      if (res.docs.length < page) return total;
    }
  }
}
