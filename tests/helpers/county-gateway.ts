/**
 * The production gateway on its embedded store with the demo data, and with `extraListings` that
 * many generated public listings more (a county-sized store): seeded by a first start, added to the
 * store while the gateway is stopped, then served by a second start once its change log has them
 * all. For the benches that open the app as a visitor would (long-tasks, lighthouse,
 * offline-reload) and the tests of a county's first visit. The generated listings show the demo's stored photos, as a county's listings
 * have photos: with photo links to nothing, a first screen of them had no photo to paint, and the
 * page's largest paint came only when listings with photos replaced them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Property } from '../../couchdb/model/property';
import { buildBenchProperties } from '../../couchdb/seed/bench-data';
import type { DemoImage } from '../../couchdb/seed/demo-images';
import { insertMissing } from '../../sync-server/services/seed-service';
import { openStore } from '../../sync-server/store/couch';
import { startGateway } from './gateway';
import { serverDocs } from './sync-api';
import { sharedListingPath } from './shared-listing';

export async function countyGateway(
  extraListings: number,
  /** The generated listings are made up to a year before this (default: BENCH_NOW, before the demo's). */
  listingsNow?: Date,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cj-county-gateway-'));
  const first = await startGateway({ embedded: true, dataDir });
  let images: DemoImage[];
  try {
    await sharedListingPath(first.url);
    // The demo's settings are seeded last: once a visitor pulls them, the seed is done.
    while ((await serverDocs(first.url, null, 'settings')).size === 0)
      await new Promise((resolve) => setTimeout(resolve, 500));
    images = demoPhotos(await serverDocs<Property>(first.url, null, 'properties'));
  } finally {
    await first.stop();
  }
  if (extraListings > 0) {
    const store = await openStore({ dataDir, logger: pino({ level: 'warn' }) });
    try {
      await insertMissing(
        store,
        'properties',
        buildBenchProperties(extraListings, 1, {
          ...(images.length > 0 ? { images } : {}),
          ...(listingsNow ? { now: listingsNow } : {}),
        }),
      );
    } finally {
      await store.close();
    }
  }
  const gateway = await startGateway({ embedded: true, dataDir });
  for (;;) {
    const health = (await (await fetch(`${gateway.url}/api/health`)).json()) as {
      feeds?: Record<string, boolean>;
    };
    if (health.feeds?.properties) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: gateway.url,
    stop: async () => {
      await gateway.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The stored photos of the demo's public listings, each once, in id order. */
function demoPhotos(listings: Map<string, Property>): DemoImage[] {
  const byUrl = new Map<string, DemoImage>();
  for (const listing of [...listings.values()].sort((a, b) => (a.id < b.id ? -1 : 1)))
    for (const image of listing.images ?? [])
      if (image.url && image.thumbnail_url) byUrl.set(image.url, image);
  return [...byUrl.values()].map(({ url, thumbnail_url }) => ({ url, thumbnail_url }));
}
