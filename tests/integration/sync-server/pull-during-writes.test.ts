/**
 * Pulls while writes are in flight (issue 17): they are answered from the gateway's in-memory
 * change log without a store read (a visitor's at once; a signed-in caller's after a brief wait for
 * the feed to bring the writes made before it), and a writer still reads its own writes at once
 * even when the feed is late. A push reads
 * the listing, its writer and the settings from memory too, and the store only to confirm a conflict. The gateway
 * reaches the store through a proxy that counts the store reads a pull makes and can hold the change
 * feed's answers, so the writes stay "in flight" (not yet come back through the feed) for as long as
 * the test needs.
 */
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PullResponse, PushResponse, SyncCheckpoint } from '../../../couchdb/model/sync';
import { buildNewListing } from '../../fixtures/builders';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let proxy: FaultProxy;
let gw: TestGateway;
let writer: Account, admin: Account;
/** The store's properties database as the proxy sees it in request paths. */
let propertiesPath = '\0';
/** Store reads of the properties feed made by pulls (the change feed's own requests not counted). */
let storeReads = 0;
/** Every store request but the change feed's, as `METHOD /path`. */
const storeRequests: string[] = [];
/** While set, the change feed's answers wait for it to settle: the gateway's writes stay in flight. */
let feedHeld: { release(): void; promise: Promise<void> } | undefined;

const isPropertiesChanges = (req: IncomingMessage) =>
  req.url?.startsWith(`/${propertiesPath}/_changes`) ?? false;
/** The change feed asks with `feed=longpoll` (or `normal` while loading); a pull never does. */
const isChangeFeed = (req: IncomingMessage) => /[?&]feed=/.test(req.url ?? '');

function holdFeed(): void {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  feedHeld = { release, promise };
}
function releaseFeed(): void {
  feedHeld?.release();
  feedHeld = undefined;
}

const pullPage = async (who: Account | null, checkpoint?: SyncCheckpoint) => {
  const res = await api.pullPage(gw.app, who, 'properties', { checkpoint });
  expect(res.status).toBe(200);
  return res.body as PullResponse;
};
const idsOf = async (who: Account | null, from?: SyncCheckpoint) =>
  new Set((await api.pullAll(gw.app, who, 'properties', { from })).byId.keys());

beforeAll(async () => {
  proxy = await startFaultProxy({
    target: inject('couchUrl'),
    decide: (req) => {
      if (isPropertiesChanges(req) && !isChangeFeed(req)) storeReads++;
      if (!isChangeFeed(req)) storeRequests.push(`${req.method} ${req.url}`);
      return 'pass';
    },
    // Every database's change feed (the users feed too, for an admin's REST action).
    holdAnswer: (req) => (isChangeFeed(req) ? feedHeld?.promise : undefined),
  });
  gw = await startTestGateway({ couchUrl: proxy.url });
  propertiesPath = encodeURIComponent(gw.store.dbName('properties'));
  writer = await gw.createUser('agent', '经纪人甲');
  admin = await gw.createUser('admin', '管理员乙');
  // Pulls are served from memory once the gateway has read the whole feed.
  for (const started = Date.now(); ;) {
    const health = await request(gw.app).get('/api/health');
    if ((health.body as { feeds: Record<string, boolean> }).feeds.properties) break;
    if (Date.now() - started > 15_000) throw new Error('the properties feed never loaded');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  releaseFeed();
  await gw?.cleanup();
  await proxy?.close();
});

describe('a pull during a burst of writes', () => {
  it('is answered from memory, and the writer reads its own writes', async () => {
    const first = await api.insert(gw.app, writer, 'properties', buildNewListing(writer.user.id));
    await expect.poll(() => idsOf(admin), { timeout: 10_000 }).toContain(first);
    const adminHead = (await api.pullAll(gw.app, admin, 'properties')).checkpoint!;
    // The same position for either account (a checkpoint names the role it was made for).
    const before = { seq: adminHead.seq, state: adminHead.state };

    holdFeed();
    const burst = Array.from({ length: 8 }, () => buildNewListing(writer.user.id));
    await Promise.all(burst.map((doc) => api.insert(gw.app, writer, 'properties', doc)));

    // Other callers read the log as it is (a visitor at once, the admin after a brief wait): no store read.
    const reads = storeReads;
    const adminPage = await pullPage(admin, before);
    const visitorPage = await pullPage(null);
    const adminFromStart = await idsOf(admin);
    expect(storeReads).toBe(reads);
    expect(adminPage.documents).toEqual([]); // the feed has not brought the burst yet
    expect(adminPage.checkpoint?.seq).toBe(before.seq);
    expect(visitorPage.checkpoint).toBeTruthy();
    expect(adminFromStart).toContain(first);

    // The writer reads its own writes although the feed is late (the store answers, for it alone).
    const writerSees = await idsOf(writer, before);
    for (const doc of burst) expect(writerSees).toContain(doc.id);
    expect(storeReads).toBeGreaterThan(reads);

    // Once the feed brings the writes, everyone reads them from memory.
    releaseFeed();
    const afterRelease = storeReads;
    await expect
      .poll(() => idsOf(admin, before), { timeout: 10_000 })
      .toEqual(new Set(burst.map((doc) => doc.id)));
    expect(await idsOf(writer, before)).toEqual(new Set(burst.map((doc) => doc.id)));
    expect(storeReads).toBe(afterRelease);
  });

  it('answers a visitor at once; a signed-in pull waits for the write, then reads memory', async () => {
    const { checkpoint } = await api.pullAll(gw.app, writer, 'properties');
    holdFeed();
    const doc = buildNewListing(writer.user.id);
    await api.insert(gw.app, writer, 'properties', doc);
    const reads = storeReads;
    let signedInAnswered = 0;
    const signedIn = [writer, admin].map((who) =>
      api.pullAll(gw.app, who, 'properties', { from: checkpoint }).then((r) => {
        signedInAnswered++;
        return r;
      }),
    );
    // A visitor has no write to wait for: answered from the log as it is while the feed is held
    // and the signed-in pulls (asked first) still wait.
    const visitorPage = await pullPage(null, checkpoint);
    expect(signedInAnswered).toBe(0);
    expect(visitorPage.checkpoint?.seq).toBe(checkpoint?.seq);
    // The feed comes back while the signed-in pulls wait for it (well within the gateway's wait).
    releaseFeed();
    for (const { byId } of await Promise.all(signedIn)) expect(byId.has(doc.id)).toBe(true);
    expect(storeReads).toBe(reads);
  });
});

describe("an admin's action through the REST API", () => {
  it("is waited for by the admin's next pull, as a push is", async () => {
    const member = await gw.createUser('user', '用户丙');
    await expect
      .poll(async () => (await api.pullAll(gw.app, admin, 'users')).byId.has(member.user.id), {
        timeout: 10_000,
      })
      .toBe(true);
    const { checkpoint } = await api.pullAll(gw.app, admin, 'users');
    holdFeed();
    const changed = await request(gw.app)
      .put(`/api/admin/users/${member.user.id}/role`)
      .set(api.bearer(admin))
      .send({ role: 'agent' });
    expect(changed.status).toBe(200);
    const pulled = api.pullAll(gw.app, admin, 'users', { from: checkpoint });
    // The feed comes back while the pull waits for it (well within the gateway's wait).
    setTimeout(releaseFeed, 100);
    expect((await pulled).byId.get(member.user.id)).toMatchObject({ user_type: 'agent' });
  });
});

describe('a push', () => {
  const readsOf = (requests: string[], db: 'properties' | 'users' | 'settings') =>
    requests.filter((r) => r.startsWith(`GET /${encodeURIComponent(gw.store.dbName(db))}/`));

  it('reads the listing, the writer and the settings from memory once the feed has them', async () => {
    const id = await api.insert(gw.app, writer, 'properties', buildNewListing(writer.user.id));
    // The feed has brought the listing (the writer's pull waits for it).
    const row = await api.patchRow(gw.app, writer, 'properties', id, { price: 990_000 });
    const from = storeRequests.length;
    await api.pushAccepted(gw.app, writer, 'properties', [row]);
    const during = storeRequests.slice(from);
    for (const db of ['properties', 'users', 'settings'] as const)
      expect(readsOf(during, db)).toEqual([]);
    expect(await api.master(gw.app, admin, 'properties', id)).toMatchObject({ price: 990_000 });
  });

  it('confirms a conflict with the store before answering it', async () => {
    const id = await api.insert(gw.app, writer, 'properties', buildNewListing(writer.user.id));
    const stale = await api.patchRow(gw.app, writer, 'properties', id, { price: 880_000 });
    await api.pushAccepted(gw.app, writer, 'properties', [stale]);
    const from = storeRequests.length;
    const res = await api.push(gw.app, writer, 'properties', [
      { ...stale, newDocumentState: { ...stale.newDocumentState, price: 770_000 } },
    ]);
    const body = res.body as PushResponse;
    expect(body.accepted).toEqual([]);
    expect(body.conflicts).toMatchObject([{ id, price: 880_000 }]);
    expect(readsOf(storeRequests.slice(from), 'properties').length).toBeGreaterThan(0);
  });
});
