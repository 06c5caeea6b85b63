/**
 * The first pull a first-time visitor's page started before the app loaded (public/boot-prefetch.js):
 * taken once, by the visitor's replication of the same URL, so the listings arrive a few round trips
 * earlier on a first visit.
 */
import type { PullResponse } from '@couchdb/model/sync';

interface BootPrefetch {
  url: string;
  body: Promise<PullResponse | null>;
}

/** The prefetched answer for `url`, once; null when there is none (or it failed). */
export function takeBootPrefetch(url: string): Promise<PullResponse | null> | null {
  const g = globalThis as { __cjfcPrefetch?: BootPrefetch };
  const prefetch = g.__cjfcPrefetch;
  if (!prefetch || prefetch.url !== url) return null;
  delete g.__cjfcPrefetch;
  return prefetch.body;
}
