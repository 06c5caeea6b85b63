/**
 * A first sync over many pull pages (issue 17): each full page's successor is fetched while the
 * device stores it, and that fetch is the one the replication uses (no page is asked for twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchProperties } from '../../../couchdb/seed/bench-data';
import { insertMissing } from '../../../sync-server/services/seed-service';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, TestDevice } from './device';

const LISTINGS = 250;
const PAGE = 100; // the test device's pull limit

let gw: TestGateway;
let url: string;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  await insertMissing(gw.store, 'properties', buildBenchProperties(LISTINGS, 7));
  await gw.feedCaughtUp();
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

describe('a first sync of several pages', () => {
  it('reads each page once, the next one ahead, and stores every listing', async () => {
    const pulls: { url: string }[] = [];
    const watched: typeof fetch = (input, init) => {
      const target =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (target.includes('/api/sync/properties/pull')) {
        pulls.push({ url: target });
      }
      return fetch(input, init);
    };
    const device = await new TestDevice({
      url,
      role: 'visitor',
      collections: ['properties'],
      fetch: watched,
    }).open();
    devices.push(device);
    device.startSync();

    await eventually(
      async () => (await device.db.collections.properties!.count().exec()) === LISTINGS,
      `${LISTINGS} listings on the device`,
      30_000,
    );
    // Three pages of 100, 100 and 50: the first, then two read ahead after full pages.
    const firstPages = pulls.slice(0, Math.ceil(LISTINGS / PAGE));
    expect(firstPages).toHaveLength(3);
    expect(new Set(firstPages.map((p) => p.url)).size).toBe(3);
    expect(firstPages.every((p) => p.url.includes(`limit=${PAGE}`))).toBe(true);
    // The pages read ahead were not asked for again: the replication took them.
    for (const page of firstPages.slice(1)) {
      expect(pulls.filter((p) => p.url === page.url)).toHaveLength(1);
    }
  });
});
