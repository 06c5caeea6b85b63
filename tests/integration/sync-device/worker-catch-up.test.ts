/**
 * A device whose storage runs across a message channel, as the app's runs in its worker
 * (storage-channel.ts), against the real gateway: its first sync is pulled and written by the
 * storage's side (bulk-pull.ts), in pages of PULL_LIMIT_MAX read ahead, and the page's replication
 * only stores the last listing and the checkpoint. What follows is the page's own pulls: a change
 * to a listing the worker wrote reaches the device, a restart resumes where the catch-up ended,
 * and a worker side that cannot pull leaves the page to pull everything itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchProperties } from '../../../couchdb/seed/bench-data';
import { PULL_LIMIT_MAX } from '../../../couchdb/model/sync';
import { insertMissing } from '../../../sync-server/services/seed-service';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, TestDevice } from './device';

const LISTINGS = 1_200;

let gw: TestGateway;
let url: string;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  await insertMissing(gw.store, 'properties', buildBenchProperties(LISTINGS, 5));
  await gw.feedCaughtUp();
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

/** A fetch that records the listing pulls it makes (their checkpoint and limit). */
function watched(pulls: URL[], fail = false): typeof fetch {
  return (input, init) => {
    const target =
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (target.includes('/api/sync/properties/pull')) {
      pulls.push(new URL(target));
      if (fail) return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };
}

async function visitor(tag: string, pagePulls: URL[], workerPulls: URL[], workerFails = false) {
  const device = await new TestDevice({
    url,
    role: 'visitor',
    collections: ['properties'],
    fetch: watched(pagePulls),
    stream: false,
    tag,
    worker: { fetch: watched(workerPulls, workerFails) },
  }).open();
  devices.push(device);
  return device;
}

const count = (device: TestDevice) => device.db.collections.properties!.count().exec();

describe('a first sync pulled by the storage worker', () => {
  it('stores every listing, and the page pulls only what changes after', async () => {
    const pagePulls: URL[] = [];
    const workerPulls: URL[] = [];
    const device = await visitor('caught-up', pagePulls, workerPulls);
    const sync = device.startSync();
    await eventually(async () => (await count(device)) === LISTINGS, `${LISTINGS} listings`);
    await sync.awaitInSync();

    // Pages of 500 from the start, one after another; the page itself pulled nothing.
    expect(workerPulls.map((u) => u.searchParams.get('limit'))).toEqual(
      Array(Math.ceil(LISTINGS / PULL_LIMIT_MAX)).fill(String(PULL_LIMIT_MAX)),
    );
    expect(workerPulls[0]!.searchParams.has('checkpoint')).toBe(false);
    expect(pagePulls).toEqual([]);
    expect(device.status.get().phase).toBe('up-to-date');

    // A listing the worker wrote changes on the server: the page's own pull brings it.
    const [first] = await device.db.collections.properties!.find({ limit: 1 }).exec();
    const stored = await gw.store.db('properties').get(first!.id);
    await gw.store.db('properties').insert({
      ...stored,
      title: '降价急售的房源',
      updated_at: new Date().toISOString(),
    } as never);
    await gw.feedCaughtUp();
    sync.resync();
    await eventually(
      async () =>
        (await device.db.collections.properties!.findOne(first!.id).exec())?.title ===
        '降价急售的房源',
      'the changed title',
    );
    expect(pagePulls.length).toBeGreaterThan(0);
    expect(pagePulls.every((u) => u.searchParams.has('checkpoint'))).toBe(true);
    expect(workerPulls).toHaveLength(Math.ceil(LISTINGS / PULL_LIMIT_MAX));

    // Reopened, the device resumes where it was: no pull from the start, by either side.
    await device.reopen();
    const resumed = device.startSync();
    await resumed.awaitInSync();
    expect(await count(device)).toBe(LISTINGS);
    expect([...pagePulls, ...workerPulls].filter((u) => !u.searchParams.has('checkpoint'))).toEqual(
      [workerPulls[0]],
    );
  });

  it('leaves the page to pull everything when the worker side cannot', async () => {
    const pagePulls: URL[] = [];
    const workerPulls: URL[] = [];
    const device = await visitor('worker-fails', pagePulls, workerPulls, true);
    const sync = device.startSync();
    await eventually(async () => (await count(device)) === LISTINGS, `${LISTINGS} listings`);
    await sync.awaitInSync();

    // Asked once; after its failure the page pulled until it had caught up.
    expect(workerPulls).toHaveLength(1);
    // The page pulled every page of its own size (100) from the start.
    expect(pagePulls.length).toBeGreaterThanOrEqual(LISTINGS / 100);
    expect(pagePulls[0]!.searchParams.has('checkpoint')).toBe(false);
    expect(device.status.get().phase).toBe('up-to-date');
  });
});
