/** Listing queries for screens: the public set, one listing, the featured list. */
import { useMemo } from 'react';
import type { RxDocument } from 'rxdb';
import { FEATURED_LIMIT } from '@couchdb/model/constants';
import { comparePropertiesFor } from '@couchdb/rules/property-filter';
import type { PropertyDoc } from '../schemas/property.schema';
import { useFirstScreenProperty } from '../first-screen-document';
import { useBootListings } from './use-boot-listings';
import { mapSource, useLiveQuery, type LiveResult } from './use-live-query';
import { useSyncSettled } from './use-sync-settled';

// RxDB hands out a new document object per revision, so its plain copy can be kept per object:
// an update of one listing copies one listing, not 10,000.
const plain = new WeakMap<object, PropertyDoc>();
export function toPlainProperty(doc: RxDocument<PropertyDoc>): PropertyDoc {
  let value = plain.get(doc);
  if (!value) {
    value = doc.toJSON() as PropertyDoc;
    plain.set(doc, value);
  }
  return value;
}

/**
 * Every public listing (active and approved) on the device, in no particular order. On a first
 * visit, until the device has stored its first page, the page's prefetched listings stand in.
 */
export function usePublicProperties(): LiveResult<PropertyDoc[]> {
  const live = useLiveQuery('properties:public', (db) =>
    mapSource(
      db.properties.find({ selector: { status: 'active', audit_status: 'approved' } }).$,
      (docs) => docs.map((d) => toPlainProperty(d as RxDocument<PropertyDoc>)),
    ),
  );
  const deviceHasListings = (live.data?.length ?? 0) > 0;
  const boot = useBootListings(deviceHasListings);
  if (boot && !live.error && !deviceHasListings) return { ...live, data: boot, loading: false };
  return live;
}

/**
 * One listing by id (null when the device does not hold it), whatever its state. On a visitor's
 * first visit to a listing's page, the listing the page came with stands in until the device holds
 * its own copy or its first sync of listings is over.
 */
export function useProperty(id: string | undefined): LiveResult<PropertyDoc | null> {
  const live = useLiveQuery(`property:${id ?? ''}`, (db) =>
    mapSource(db.properties.findOne(id ?? '').$, (doc) =>
      doc ? toPlainProperty(doc as RxDocument<PropertyDoc>) : null,
    ),
  );
  const carried = useFirstScreenProperty(id);
  const settled = useSyncSettled('properties');
  const deviceAnswered = live.data !== undefined && (live.data !== null || settled);
  if (carried && !live.error && !deviceAnswered) return { ...live, data: carried, loading: false };
  return live;
}

/**
 * The home page's 12 (spec §2, §9): featured listings first (priority, then newest), topped up with
 * the newest other public listings when fewer than 12 are featured.
 */
export function useFeaturedProperties(limit: number = FEATURED_LIMIT): LiveResult<PropertyDoc[]> {
  const all = usePublicProperties();
  const featured = useMemo(() => {
    if (!all.data) return undefined;
    const byRank = comparePropertiesFor('time_desc');
    const picked = all.data.filter((p) => p.is_featured).sort(byRank);
    if (picked.length < limit) {
      const rest = all.data.filter((p) => !p.is_featured).sort(byRank);
      picked.push(...rest.slice(0, limit - picked.length));
    }
    return picked.slice(0, limit);
  }, [all.data, limit]);
  return { ...all, data: featured, loading: featured === undefined };
}
