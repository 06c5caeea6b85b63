/**
 * The production gateway on its embedded store with the demo data, and with `extraListings` that
 * many generated public listings more (a county-sized store): seeded by a first start, added to the
 * store while the gateway is stopped, then served by a second start once its change log has them
 * all. For the benches that open the app as a visitor would (long-tasks, offline-reload).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { insertMissing } from '../sync-server/services/seed-service';
import { openStore } from '../sync-server/store/couch';
import { startGateway } from '../tests/helpers/gateway';
import { serverDocs } from '../tests/helpers/sync-api';
import { sharedListingPath } from './shared-listing';

export async function countyGateway(
  extraListings: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cj-county-gateway-'));
  const first = await startGateway({ embedded: true, dataDir });
  try {
    await sharedListingPath(first.url);
    // The demo's settings are seeded last: once a visitor pulls them, the seed is done.
    while ((await serverDocs(first.url, null, 'settings')).size === 0)
      await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await first.stop();
  }
  if (extraListings > 0) {
    const store = await openStore({ dataDir, logger: pino({ level: 'warn' }) });
    try {
      await insertMissing(store, 'properties', buildBenchProperties(extraListings, 1));
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
