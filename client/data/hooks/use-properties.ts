/** Listing queries for screens: the public set, one listing, the featured list. */
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { RxDocument } from 'rxdb';
import { FEATURED_LIMIT } from '@couchdb/model/constants';
import { jsonEqual } from '@couchdb/rules/json-equal';
import { homeListings } from '@couchdb/rules/first-in-order';
import type { PropertyDoc } from '../schemas/property.schema';
import type { DeviceDatabase } from '../storage/database';
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
 * The longest the page's prefetched listings stand in once the device holds listings of its own,
 * should its first sync neither end nor fail: what a visitor sees is never held back for good.
 */
export const BOOT_LISTINGS_MAX_MS = 60_000;

/**
 * Every public listing (active and approved) on the device, in no particular order. On a first
 * visit, the page's prefetched listings stand in until the device's first sync of listings is
 * over: the screens change once, to the device's whole list, instead of following the sync list by
 * list (on a county's store, each new list of 10,000 re-rendered the screen in long tasks while the
 * visitor read it, its cards changing under the reader's eyes).
 */
export function usePublicProperties(): LiveResult<PropertyDoc[]> {
  const live = useLiveQuery('properties:public', (db) =>
    lazySource(() => import('../reads/public-listings').then((m) => m.publicListings(db))),
  );
  const deviceReady = useDeviceListingsReady((live.data?.length ?? 0) > 0, live.database);
  const boot = useBootListings(deviceReady);
  if (boot && !live.error && !deviceReady) return { ...live, data: boot, loading: false };
  return live;
}

/**
 * Whether the device's own public listings replace the prefetched ones: it holds listings, and its
 * first sync of them is over or cannot go on now (offline, failing: useSyncSettled) and its list
 * has been handed over as that sync left it (`flush`), or it has held listings for
 * BOOT_LISTINGS_MAX_MS.
 */
function useDeviceListingsReady(
  deviceHasListings: boolean,
  database: DeviceDatabase | null,
): boolean {
  const settled = useSyncSettled('properties');
  const [flushed, setFlushed] = useState<DeviceDatabase | null>(null);
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    if (!settled || !database) return;
    let live = true;
    const done = () => {
      if (live) startTransition(() => setFlushed(database));
    };
    import('../reads/public-listings')
      .then((m) => m.publicListings(database).flush())
      .then(done, (err: unknown) => {
        console.warn('handing over the device’s listings', err);
        done();
      });
    return () => {
      live = false;
    };
  }, [settled, database]);
  useEffect(() => {
    if (!deviceHasListings || settled) return;
    const timer = setTimeout(() => setOverdue(true), BOOT_LISTINGS_MAX_MS);
    return () => clearTimeout(timer);
  }, [deviceHasListings, settled]);
  return deviceHasListings && ((settled && flushed === database) || overdue);
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

/** The home page's 12 (`homeListings`) of the public listings. */
export function useFeaturedProperties(limit: number = FEATURED_LIMIT): LiveResult<PropertyDoc[]> {
  const all = usePublicProperties();
  // Only the 12 shown are put in order: on a county's device the rest are 10,000 listings, and
  // sorting them all again for each new list was a long task on a phone.
  const featured = useMemo(
    () => (all.data ? homeListings(all.data, limit) : undefined),
    [all.data, limit],
  );
  return { ...all, data: featured, loading: featured === undefined };
}
