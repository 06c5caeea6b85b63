/** A demo listing's own page for the benches that open one (a shared link). */
import type { Property } from '../couchdb/model/property';
import { serverDocs } from '../tests/helpers/sync-api';

/**
 * A public listing with photos, as a visitor sees it: the page a shared link opens. The demo data
 * is seeded after the gateway has started listening, so this waits for it (up to 60 s).
 */
export async function sharedListingPath(base: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const visible = await serverDocs<Property & { _deleted?: boolean }>(base, null, 'properties');
    const listing = [...visible.values()].find((p) => !p._deleted && p.images.length > 0);
    if (listing) return `/properties/${encodeURIComponent(listing.id)}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no public listing with photos in the demo data');
}
