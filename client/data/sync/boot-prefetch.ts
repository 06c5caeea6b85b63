/**
 * A first-time visitor's first listing pull, started before the app loaded (public/boot-prefetch.js)
 * or carried by the page itself (the gateway's first-screen HTML): taken once, by the visitor's
 * replication of the same URL, so the listings arrive a few round trips earlier on a first visit.
 * Until the device has stored them, the first screen shows them straight from this answer
 * (`bootPrefetchBody`), so a first visit does not wait for the device database.
 */
import { FIRST_PULL_ELEMENT, FIRST_PULL_URL, type PullResponse } from '@couchdb/model/sync';

interface BootPrefetch {
  url: string;
  body: Promise<PullResponse | null>;
  /** The answer itself, when the page carried it. */
  value?: PullResponse;
}

const g = globalThis as { __cjfcPrefetch?: BootPrefetch };

/** The first pull the page carried (the gateway's first-screen HTML), read once. */
function carried(): BootPrefetch | null {
  const element = globalThis.document?.getElementById?.(FIRST_PULL_ELEMENT);
  if (!element?.textContent) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent) as PullResponse;
    return { url: FIRST_PULL_URL, body: Promise.resolve(value), value };
  } catch (err) {
    console.warn('the page’s first listing pull is unreadable', err);
    return null;
  }
}

/** Kept after the replication takes it, for the screens that read it (`bootPrefetchBody`). */
let seen: BootPrefetch | null = null;
/** The answer once it has arrived, so a screen's first render can use it without waiting. */
let arrived: { body: PullResponse | null } | undefined;

function current(): BootPrefetch | null {
  const prefetch = g.__cjfcPrefetch;
  if (prefetch && prefetch !== seen) {
    seen = prefetch;
    arrived = prefetch.value ? { body: prefetch.value } : undefined;
    prefetch.body.then(
      (body) => {
        if (seen === prefetch) arrived = { body };
      },
      () => {
        if (seen === prefetch) arrived = { body: null };
      },
    );
  }
  return seen;
}
// The page's own answer, else listen for the early script's from the start: it usually arrives
// while the app's code still loads.
if (!g.__cjfcPrefetch) {
  const own = carried();
  if (own) g.__cjfcPrefetch = own;
}
current();

/** The prefetched answer for `url`, once; null when there is none (or it failed). */
export function takeBootPrefetch(url: string): Promise<PullResponse | null> | null {
  const prefetch = current();
  if (!prefetch || prefetch.url !== url || !g.__cjfcPrefetch) return null;
  delete g.__cjfcPrefetch;
  return prefetch.body;
}

/** The prefetched answer if it has already arrived (undefined while it has not, or there is none). */
export function bootPrefetchArrived(): { body: PullResponse | null } | undefined {
  current();
  return arrived;
}

/** The prefetched first page of listings, whether or not the replication took it yet. */
export function bootPrefetchBody(): Promise<PullResponse | null> | null {
  return current()?.body ?? null;
}

let shown: () => void = () => undefined;
/** Resolves once a screen has shown the prefetched listings (or there were none to show). */
export const bootListingsShown = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Called after the first screen has committed the prefetched listings, or found none. */
export function markBootListingsShown(): void {
  shown();
}
