/**
 * A device whose storage runs across a message channel, as the app's runs in its worker
 * (storage-channel.ts), against the real gateway: its first sync is pulled and written by the
 * storage's side (bulk-pull.ts), in pages of PULL_LIMIT_MAX read ahead, and the page's replication
 * only stores the last listing and the checkpoint. What follows is the page's own pulls: a change
 * to a listing the worker wrote reaches the device, a restart resumes where the catch-up ended,
 * and a worker side that cannot pull leaves the page to pull everything itself. A signed-in
 * device (which also pushes its listings) gets RxDB's record of each pulled version written by
 * the worker too: its edits are sent on the version it pulled, and one not yet sent survives a
 * catch-up and merges with the server's change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchProperties } from '../../../couchdb/seed/bench-data';
import { PULL_LIMIT_MAX } from '../../../couchdb/model/sync';
import { insertMissing } from '../../../sync-server/services/seed-service';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import type { SyncDocument } from '../../../couchdb/model/sync';
import { eventually, signedInAs, TestDevice } from './device';

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

const targetOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch that records the listing pulls it makes (their checkpoint and limit). */
function watched(pulls: URL[], fail = false): typeof fetch {
  return (input, init) => {
    const target = targetOf(input);
    if (target.includes('/api/sync/properties/pull')) {
      pulls.push(new URL(target));
      if (fail) return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };
}

/** A listing push the page sent: its rows. */
type PushRows = { assumedMasterState: SyncDocument | null; newDocumentState: SyncDocument }[];

/**
 * The page's fetch: records listing pulls and pushes (their rows), and holds pushes back while
 * `hold.pushes` is set (until it resolves).
 */
function pageFetch(pulls: URL[], pushes: PushRows[], hold: { pushes: Promise<void> | null }) {
  const pulling = watched(pulls);
  return (async (input, init) => {
    if (targetOf(input).includes('/api/sync/properties/push')) {
      pushes.push(JSON.parse(String(init?.body)) as PushRows);
      if (hold.pushes) await hold.pushes;
      return fetch(input, init);
    }
    return pulling(input, init);
  }) as typeof fetch;
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

describe('a signed-in device’s first sync pulled by the storage worker', () => {
  let agent: Account;
  let own: SyncDocument;
  const pagePulls: URL[] = [];
  const workerPulls: URL[] = [];
  const pushes: PushRows[] = [];
  const hold: { pushes: Promise<void> | null } = { pushes: null };
  let device: TestDevice;

  const stored = async (id: string) =>
    (await device.db.collections.properties!.findOne(id).exec())?.toJSON() as
      SyncDocument | undefined;
  const onServer = async (id: string) =>
    (await gw.store.db('properties').get(id)) as never as {
      title: string;
      price: number;
    };

  beforeAll(async () => {
    agent = await gw.createUser('agent', '经纪人');
    // One listing of the agent's own, changed last (the end of the feed).
    const [listing] = buildBenchProperties(1, 77);
    own = { ...listing!, id: 'own-listing-1', user_id: agent.user.id } as never;
    await insertMissing(gw.store, 'properties', [own as never]);
    await gw.feedCaughtUp();
    device = await new TestDevice({
      url,
      ...signedInAs(agent),
      collections: ['properties'],
      fetch: pageFetch(pagePulls, pushes, hold),
      stream: false,
      tag: 'agent',
      worker: { fetch: watched(workerPulls) },
    }).open();
    devices.push(device);
  });

  it('stores every listing with RxDB’s record of the version pulled, and an edit goes on that version', async () => {
    const sync = device.startSync();
    await eventually(async () => (await count(device)) === LISTINGS + 1, 'every listing');
    await sync.awaitInSync();
    expect(workerPulls.length).toBe(Math.ceil((LISTINGS + 1) / PULL_LIMIT_MAX));
    expect(pagePulls.filter((u) => !u.searchParams.has('checkpoint'))).toEqual([]);
    // Nothing pulled was taken for a change of the device's to send.
    expect(pushes).toEqual([]);

    // The replication's record of each listing is the listing as pulled.
    const replication = device.sync!.replications.find((r) => r.name === 'properties')!;
    const all = await device.db.collections.properties!.find().exec();
    const records = await replication.state.metaInstance!.findDocumentsById(
      all.map((doc) => `${doc.primary}|0`),
      true,
    );
    expect(records).toHaveLength(LISTINGS + 1);
    const byId = new Map(all.map((doc) => [doc.primary, doc.toJSON() as SyncDocument]));
    for (const record of records) {
      const { _deleted, ...pulled } = record.docData as SyncDocument;
      expect(pulled).toEqual(byId.get(record.itemId));
      expect(_deleted).toBe(false);
    }

    // Reopened, it sends nothing: every listing is as it was pulled.
    await device.reopen();
    const again = device.startSync();
    await again.awaitInSync();
    expect(pushes).toEqual([]);

    // Its own listing edited: sent on the version it pulled, and taken.
    const before = await stored(own.id);
    await (await device.db.collections.properties!.findOne(own.id).exec())!.incrementalPatch({
      title: '经纪人改的标题',
    });
    await eventually(async () => (await onServer(own.id)).title === '经纪人改的标题', 'the edit');
    await again.awaitInSync();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]![0]!.assumedMasterState?.server_rev).toBe(before!.server_rev);
    expect(await device.db.collections.properties!.count().exec()).toBe(LISTINGS + 1);
  });

  it('keeps an edit not yet sent through a catch-up, and merges it with the server’s change', async () => {
    const sync = device.sync!;
    await sync.goOffline();
    await (await device.db.collections.properties!.findOne(own.id).exec())!.incrementalPatch({
      title: '离线时改的标题',
    });
    // Meanwhile on the server: 120 other listings change, then the agent's own (its price), then
    // 30 more. The device pulls the first 100 itself, the worker the rest: the agent's listing
    // among them, not the last (which the page's replication stores).
    const others = (await device.db.collections.properties!.find({ limit: 151 }).exec())
      .map((doc) => doc.primary)
      .filter((id) => id !== own.id)
      .slice(0, 150);
    const retitle = async (id: string) => {
      const doc = await gw.store.db('properties').get(id);
      await gw.store.db('properties').insert({ ...doc, title: `${id} 新标题` } as never);
    };
    for (const id of others.slice(0, 120)) await retitle(id);
    const server = await gw.store.db('properties').get(own.id);
    const price = (server as never as { price: number }).price + 50_000;
    await gw.store.db('properties').insert({ ...server, price } as never);
    for (const id of others.slice(120)) await retitle(id);
    await gw.feedCaughtUp();

    // Back online, its pushes held until the catch-up has brought the listing's new version.
    let release!: () => void;
    hold.pushes = new Promise<void>((resolve) => (release = resolve));
    const workerPullsBefore = workerPulls.length;
    await sync.goOnline();
    await eventually(
      async () => (await stored(others.at(-1)!))?.title === `${others.at(-1)} 新标题`,
      'the catch-up',
    );
    expect(workerPulls.length).toBeGreaterThan(workerPullsBefore);
    // The device still holds its own change.
    expect((await stored(own.id))?.title).toBe('离线时改的标题');
    hold.pushes = null;
    release();

    await eventually(async () => {
      const now = await onServer(own.id);
      return now.title === '离线时改的标题' && now.price === price;
    }, 'both changes on the server');
    await sync.awaitInSync();
    expect(await stored(own.id)).toMatchObject({ title: '离线时改的标题', price });
  });
});
