/**
 * A visitor's first page (PULL_LIMIT_MAX listings, fetched by the page before the app ran) goes
 * to RxDB in slices of the device's own page size (client/data/sync/pull-slices.ts): stored in
 * writes of a page or two, not in one write of 500 (a long main-thread task on a phone), and a
 * device closed in the middle of it still ends with every listing.
 */
import type { RxStorageInstance } from 'rxdb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchProperties } from '../../../couchdb/seed/bench-data';
import { FIRST_PULL_URL, PULL_LIMIT_MAX, type PullResponse } from '../../../couchdb/model/sync';
import { insertMissing } from '../../../sync-server/services/seed-service';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, TestDevice } from './device';

const LISTINGS = 650;
const PAGE = 100; // the test device's pull limit

let gw: TestGateway;
let url: string;
const devices: TestDevice[] = [];
const g = globalThis as { __cjfcPrefetch?: { url: string; body: Promise<PullResponse | null> } };

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  await insertMissing(gw.store, 'properties', buildBenchProperties(LISTINGS, 11));
  await gw.feedCaughtUp();
});

afterEach(() => {
  delete g.__cjfcPrefetch;
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

/** The page's own first pull, as public/boot-prefetch.js leaves it for the app. */
async function prefetch(): Promise<PullResponse> {
  const answer = (await (await fetch(`${url}${FIRST_PULL_URL}`)).json()) as PullResponse;
  expect(answer.documents).toHaveLength(PULL_LIMIT_MAX);
  g.__cjfcPrefetch = { url: FIRST_PULL_URL, body: Promise.resolve(answer) };
  return answer;
}

/**
 * A visitor's device whose listings' bulk writes are counted (sizes, in order); with `hold`, each
 * write after the first waits for it.
 */
async function visitor(
  tag: string,
  pulls: string[],
  hold?: Promise<void>,
): Promise<{ device: TestDevice; writes: number[] }> {
  const watched: typeof fetch = (input, init) => {
    const target =
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (target.includes('/api/sync/properties/pull')) pulls.push(target);
    return fetch(input, init);
  };
  const device = await new TestDevice({
    url,
    role: 'visitor',
    collections: ['properties'],
    fetch: watched,
    stream: false,
    tag,
  }).open();
  devices.push(device);
  const writes: number[] = [];
  const instance = device.db.collections.properties!.storageInstance as RxStorageInstance<
    unknown,
    unknown,
    unknown
  >;
  const bulkWrite = instance.bulkWrite.bind(instance);
  instance.bulkWrite = async (rows, context) => {
    writes.push(rows.length);
    if (hold && writes.length > 1) await hold;
    return bulkWrite(rows, context);
  };
  return { device, writes };
}

const count = (device: TestDevice) => device.db.collections.properties!.count().exec();

describe('a visitor’s prefetched first page', () => {
  it('is stored in writes of a page or two, and every listing after it', async () => {
    await prefetch();
    const pulls: string[] = [];
    const { device, writes } = await visitor('whole', pulls);
    device.startSync();
    await eventually(
      async () => (await count(device)) === LISTINGS,
      `${LISTINGS} listings`,
      30_000,
    );
    // Never the 500 in one write: at most the slice being written, the next, and a page after.
    expect(Math.max(...writes)).toBeLessThanOrEqual(3 * PAGE);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(LISTINGS);
    // The page's own pull was used, not asked for again.
    expect(pulls.some((p) => p.endsWith(FIRST_PULL_URL))).toBe(false);
  });

  it('leaves no listing out when the device closes in the middle of it', async () => {
    await prefetch();
    const pulls: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { device, writes } = await visitor('closed', pulls, held);
    const sync = device.startSync();
    await eventually(() => writes.length >= 2, 'the first slice stored, the next one writing');
    const stopping = sync.stop();
    release();
    await stopping;
    const stored = await count(device);
    expect(stored).toBeGreaterThanOrEqual(PAGE);
    expect(stored).toBeLessThan(PULL_LIMIT_MAX);

    // Open again, without the page's pull (a later visit): the device asks again from where the
    // page was pulled (its start), then on.
    const before = pulls.length;
    await device.reopen();
    device.startSync();
    await eventually(
      async () => (await count(device)) === LISTINGS,
      `${LISTINGS} listings after reopening`,
      30_000,
    );
    expect(pulls[before]).toBe(`${url}/api/sync/properties/pull?limit=${PAGE}`);
  });
});
