/**
 * A first-time visitor's first screen before the device database has the listings: the public
 * listings of the page's first pull (prefetched by public/boot-prefetch.js, or carried by the
 * gateway's first-screen HTML), read straight from the answer. The same answer is what the
 * replication stores first; the device's own list takes over once its first sync is over. On the
 * gateway, the first-screen render hands them in through `FirstScreenListings`.
 */
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { CarriedFirstPull, PullResponse } from '@couchdb/model/sync';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import {
  bootPrefetchArrived,
  bootPrefetchBody,
  markBootListingsShown,
} from '../sync/boot-prefetch';
import type { PropertyDoc } from '../schemas/property.schema';

type Listings = PropertyDoc[] | null;

/** The listings a server render shows (undefined in the browser, which reads the page's pull). */
export const FirstScreenListings = createContext<Listings | undefined>(undefined);

/**
 * The public listings of a first pull's answer, with those the page carried beside it for its
 * first screen (null when it brought none).
 */
export function publicBootListings(body: CarriedFirstPull | null): Listings {
  const byId = new Map<string, PropertyDoc>();
  for (const d of [...(body?.documents ?? []), ...(body?.shown ?? [])]) {
    if (!d._deleted && isPubliclyVisible(d as unknown as PropertyDoc) && !byId.has(d.id))
      byId.set(d.id, d as unknown as PropertyDoc);
  }
  return byId.size > 0 ? [...byId.values()] : null;
}

let settled: { value: Listings } | null = null;
/** Set once the device has shown its own listings: from then on only the device's are shown. */
let retired = false;

function settle(body: PullResponse | null): Listings {
  settled ??= { value: publicBootListings(body) };
  return settled.value;
}

/** The listings at once when the answer arrived before the first render (the usual case). */
function initial(): Listings {
  if (settled) return settled.value;
  const arrived = bootPrefetchArrived();
  return arrived ? settle(arrived.body) : null;
}

/**
 * The first pull's public listings (null when this page made no prefetch or it brought none),
 * until `deviceReady` has been true once (the device's own listings are to be shown: see
 * usePublicProperties): then the device's query alone tells what is there (a listing removed since
 * stays removed).
 */
export function useBootListings(deviceReady: boolean): Listings {
  const given = useContext(FirstScreenListings);
  const [value, setValue] = useState<Listings>(() => (given === undefined ? initial() : given));
  useEffect(() => {
    if (deviceReady) retired = true;
  }, [deviceReady]);
  useEffect(() => {
    if (given !== undefined) return;
    if (settled) {
      const listings = settled.value;
      if (listings) startTransition(() => setValue(listings));
      else markBootListingsShown();
      return;
    }
    const body = bootPrefetchBody();
    if (!body) return;
    let live = true;
    body
      .then((answer) => {
        const listings = settle(answer);
        if (!listings) markBootListingsShown();
        else if (live) startTransition(() => setValue(listings));
      })
      .catch(() => markBootListingsShown());
    return () => {
      live = false;
    };
  }, [given]);
  // After the commit that put them on screen: the device database may open now.
  useEffect(() => {
    if (value) markBootListingsShown();
  }, [value]);
  if (given !== undefined) return given;
  return retired ? null : value;
}
