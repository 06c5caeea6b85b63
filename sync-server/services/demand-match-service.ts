/**
 * Item 2 of issue 19: how many active demands a listing fits, for its owner. Demands are never on
 * the owner's device (they hold contacts), so the gateway counts them with the shared matcher.
 */
import type { Demand } from '@couchdb/model/demand';
import type { Property } from '@couchdb/model/property';
import { isMatchingDemand, listingFitsDemand } from '@couchdb/rules/search-match';
import { couchStatus, type Store } from '../store/couch';
import { toModelDoc, type StoredDoc } from './sync/projection';

/** Demands read per count at most (a small town's active demands are far fewer). */
const DEMANDS_READ_MAX = 5_000;

export class DemandMatchService {
  constructor(private readonly store: Store) {}

  /** The listing as stored, or null. */
  async listing(id: string): Promise<Property | null> {
    try {
      const doc = (await this.store.db('properties').get(id)) as StoredDoc;
      return doc._deleted ? null : (toModelDoc(doc) as unknown as Property);
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }

  /** Active demands of anyone but the listing's owner that the listing fits. */
  async count(listing: Property): Promise<number> {
    const found = await this.store.db('demands').find({
      selector: { status: 'active', type: listing.type === 'sale' ? 'buy' : 'rent' },
      limit: DEMANDS_READ_MAX,
    });
    return (found.docs as unknown as Demand[]).filter(
      (d) => d.user_id !== listing.user_id && isMatchingDemand(d) && listingFitsDemand(listing, d),
    ).length;
  }
}
