/**
 * Issue 3, faults: every Nth request failing. Two devices of one user reach the gateway through a
 * proxy that fails every third request in turn with a 500, a dropped connection, or a lost answer
 * (the gateway acted, the device never heard). They create, edit and take down listings and
 * demands, and end converged: nothing lost, nothing stored or logged twice, nothing refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyNth, startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { buildNewDemand, buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { holdsServerVersions, oplogCounts } from './support';

let gw: TestGateway;
let url: string;
let proxy: FaultProxy;
let alice: Account;
let admin: Account;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  proxy = await startFaultProxy({ target: url, decide: everyNth(3) });
  alice = await gw.createUser('user', '爱丽丝');
  admin = await gw.createUser('admin', '管理员');
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await proxy.close();
  await gw.cleanup();
});

async function aliceDevice(tag: string) {
  const d = await new TestDevice({
    tag,
    url: proxy.url,
    ...signedInAs(alice),
    collections: ['properties', 'demands', 'refused'],
  }).open();
  devices.push(d);
  d.startSync();
  return d;
}

/** Waits until the server holds `expected` and both devices hold the server's versions. */
async function converged(
  collection: 'properties' | 'demands',
  expected: (docs: Map<string, Record<string, unknown>>) => boolean,
  all: TestDevice[],
) {
  const server = await eventually(
    async () => {
      const docs = await serverDocs(url, admin, collection);
      return expected(docs) ? docs : null;
    },
    `the ${collection} on the server`,
    20_000,
  );
  for (const d of all) {
    await eventually(
      () => holdsServerVersions(d, collection, server),
      `${d.name} to hold the server's ${collection}`,
      20_000,
    );
  }
  return server;
}

describe('every third request failing', () => {
  it('two devices still converge with nothing lost or duplicated', async () => {
    const a = await aliceDevice('a');
    const b = await aliceDevice('b');

    const fromA = Array.from({ length: 8 }, (_, i) =>
      buildNewListing(alice.user.id, { title: `甲设备第${i + 1}套房源出售` }),
    );
    const fromB = Array.from({ length: 8 }, (_, i) =>
      buildNewListing(alice.user.id, { title: `乙设备第${i + 1}套房源出售` }),
    );
    const demands = Array.from({ length: 3 }, () => buildNewDemand(alice.user.id));
    // One write at a time, as people do: many small pushes, each a chance to fail.
    for (let i = 0; i < fromA.length; i++) {
      await a.db.properties.insert(fromA[i] as never);
      await b.db.properties.insert(fromB[i] as never);
    }
    for (const demand of demands) await b.db.demands.insert(demand as never);
    const ids = [...fromA, ...fromB].map((l) => l.id);

    await converged('properties', (docs) => ids.every((id) => docs.has(id)), [a, b]);
    await converged('demands', (docs) => demands.every((d) => docs.has(d.id)), [a, b]);

    // Edits of the other device's listings, a take-down and a demand removed.
    for (const listing of fromB.slice(0, 3)) {
      await (await a.db.properties.findOne(listing.id).exec())!.incrementalPatch({
        price: 880_000,
      });
    }
    await (await b.db.properties.findOne(fromA[0]!.id).exec())!.incrementalPatch({
      status: 'deleted',
    });
    await (await a.db.demands.findOne(demands[0]!.id).exec())!.remove();

    const server = await converged(
      'properties',
      (docs) =>
        fromB.slice(0, 3).every((l) => docs.get(l.id)?.price === 880_000) &&
        docs.get(fromA[0]!.id)?.status === 'deleted',
      [a, b],
    );
    await converged('demands', (docs) => docs.size === demands.length - 1, [a, b]);

    expect(server.size).toBe(ids.length);
    const creates = await oplogCounts(url, admin, 'create');
    const updates = await oplogCounts(url, admin, 'update');
    expect(ids.map((id) => creates.get(id) ?? 0)).toEqual(ids.map(() => 1));
    expect(fromB.slice(0, 3).map((l) => updates.get(l.id) ?? 0)).toEqual([1, 1, 1]);
    expect((await oplogCounts(url, admin, 'delete')).get(fromA[0]!.id)).toBe(1);
    for (const d of [a, b]) expect(await d.db.refused.count().exec()).toBe(0);
    // Every kind of fault happened along the way.
    expect(proxy.faults['fail-500']).toBeGreaterThan(0);
    expect(proxy.faults.drop).toBeGreaterThan(0);
    expect(proxy.faults['drop-response']).toBeGreaterThan(0);
  });
});
