/**
 * A visitor's first pull can come from the page (public/boot-prefetch.js, or the gateway's
 * first-screen HTML), asked for before the device's replication listened to the change stream.
 * A listing taken down in between must still leave the device: one more pull follows a
 * prefetched page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { FIRST_PULL_URL, type PullResponse } from '../../../couchdb/model/sync';
import { visibilityHistory } from '../../../couchdb/rules/visibility';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildProperty } from '../../fixtures/builders';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, TestDevice } from './device';

/** The page's first pull: a bigger page (PULL_LIMIT_MAX) than the device's own pulls (100). */
const FIRST_PULL = FIRST_PULL_URL;

let gw: TestGateway;
let url: string;
const devices: TestDevice[] = [];
const g = globalThis as { __cjfcPrefetch?: { url: string; body: Promise<PullResponse | null> } };

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
});

afterEach(() => {
  delete g.__cjfcPrefetch;
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

describe('a first pull the page made before the device listened', () => {
  it('is followed by one more pull, so a listing taken down meanwhile leaves the device', async () => {
    const listing = buildProperty({ id: newId(), title: '预取之后下架的房源' });
    await gw.store.db('properties').insert(toStoreDoc(listing) as never);
    await gw.feedCaughtUp();
    // The page's pull, while the listing is public.
    const answer = (await (await fetch(`${url}${FIRST_PULL}`)).json()) as PullResponse;
    expect(answer.documents.some((d) => d.id === listing.id)).toBe(true);
    // Taken down before the device starts (stored as the gateway's write path stores it, with the
    // listing's public past): no stream event will reach the device's replication.
    const stored = await gw.store.db('properties').get(listing.id);
    const history = visibilityHistory('properties', stored as unknown as Record<string, unknown>);
    await gw.store.db('properties').insert({ ...stored, ...history, status: 'inactive' } as never);
    await gw.feedCaughtUp();

    const pulls: string[] = [];
    const watched: typeof fetch = (input, init) => {
      const target =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (target.includes('/api/sync/properties/pull')) pulls.push(target);
      return fetch(input, init);
    };
    g.__cjfcPrefetch = { url: FIRST_PULL, body: Promise.resolve(answer) };
    // No stream: its resync at connection would pull again whatever the replication does.
    const device = await new TestDevice({
      url,
      role: 'visitor',
      collections: ['properties'],
      fetch: watched,
      stream: false,
    }).open();
    devices.push(device);
    const sync = device.startSync();
    await sync.awaitInSync();

    await eventually(async () => {
      const doc = await device.db.collections.properties!.findOne(listing.id).exec();
      return doc === null || doc.status !== 'active';
    }, 'the taken-down listing to leave the device');
    // The first page was the page's own (not asked for again); the pull after it was the device's.
    expect(g.__cjfcPrefetch).toBeUndefined();
    expect(pulls.some((p) => p === `${url}${FIRST_PULL}`)).toBe(false);
    expect(pulls.length).toBeGreaterThanOrEqual(1);
  });
});
