/** Listing queries for screens: the public set, one listing, the featured list. */
import { useMemo, useState } from 'react';
import type { RxDocument } from 'rxdb';
import { FEATURED_LIMIT } from '@couchdb/model/constants';
import { jsonEqual } from '@couchdb/rules/json-equal';
import { comparePropertiesFor } from '@couchdb/rules/property-order';
import type { PropertyDoc } from '../schemas/property.schema';
import { useFirstScreenProperty } from '../reads/first-screen-document';
import { useBootListings } from './use-boot-listings';
import { lazySource, mapSource, useLiveQuery, type LiveResult } from './use-live-query';
import { useStandIn } from './use-stand-in';
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
    lazySource(() => import('../reads/public-listings').then((m) => m.publicListings(db))),
  );
  const deviceHasListings = (live.data?.length ?? 0) > 0;
  const boot = useBootListings(deviceHasListings);
  if (boot && !live.error && !deviceHasListings) return { ...live, data: boot, loading: false };
  return live;
}

/**
 * One listing by id (null when the device does not hold it), whatever its state. On a visitor's
 * first visit to a listing's page, the listing the page came with stands in until the device holds
 * its own copy or its first sync of listings is over without it (useStandIn).
 */
export function useProperty(id: string | undefined): LiveResult<PropertyDoc | null> {
  const live = useLiveQuery(`property:${id ?? ''}`, (db) =>
    mapSource(db.properties.findOne(id ?? '').$, (doc) =>
      doc ? toPlainProperty(doc as RxDocument<PropertyDoc>) : null,
    ),
  );
  const result = useStandIn(
    `property:${id ?? ''}`,
    live,
    useFirstScreenProperty(id),
    useSyncSettled('properties'),
    (db) =>
      db.properties
        .findOne(id ?? '')
        .exec()
        .then((doc) => doc !== null),
  );
  return { ...result, data: useSameListing(result.data) };
}

/** Whether two copies of a listing hold the same fields (the store's own, `_rev` and such, aside). */
function sameListing(a: PropertyDoc, b: PropertyDoc): boolean {
  const fields = (doc: PropertyDoc) =>
    Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_')));
  return a.id === b.id && jsonEqual(fields(a), fields(b));
}

/**
 * The listing object shown last while its content stays the same: the device's copy taking over
 * from the page's, or the same revision read again, renders nothing anew (a listing's page is
 * long; on a slow phone rendering it again is a long task).
 */
function useSameListing<T extends PropertyDoc | null | undefined>(doc: T): T {
  const [kept, setKept] = useState(doc);
  const same = doc === kept || (doc != null && kept != null && sameListing(doc, kept));
  if (!same) setKept(doc);
  return same ? kept : doc;
}

/**
 * The home page's 12 (product §2, §9): featured listings first (priority, then newest), topped up with
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
