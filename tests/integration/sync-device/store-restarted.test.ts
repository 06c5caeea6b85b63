/**
 * Issue 3, faults: the store restarted mid-stream. The gateway runs its own embedded store; while
 * two devices of one user are pushing, the store process is SIGKILLed and its supervisor starts it
 * again on the same port. The devices keep writing (creates, an edit, a take-down) throughout and end
 * converged with the server: nothing lost, nothing duplicated, nothing refused. Then the store is
 * frozen (SIGSTOP) while a device pushes, and thawed: the same holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { holdsServerVersions, oplogCounts } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ ownEmbeddedStore: true });
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
  admin = await gw.createUser('admin', '管理员');
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

async function aliceDevice(tag: string) {
  const d = await new TestDevice({
    tag,
    url,
    ...signedInAs(alice),
    collections: ['properties', 'refused'],
  }).open();
  devices.push(d);
  d.startSync();
  return d;
}

/** Writes `count` new listings on the device, one write each (as the publish form does). */
async function publish(device: TestDevice, count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const listing = buildNewListing(alice.user.id, { title: `${label}第${i + 1}套房源出售` });
    await device.db.properties.insert(listing as never);
    ids.push(listing.id);
  }
  return ids;
}

describe('a store restarted mid-stream', () => {
  it('two devices keep writing through a store crash and end converged with nothing lost', async () => {
    const a = await aliceDevice('a');
    const b = await aliceDevice('b');
    const live = new Set<string>();
    for (const id of [...(await publish(a, 3, '甲设备')), ...(await publish(b, 3, '乙设备'))])
      live.add(id);
    await eventually(
      async () => (await serverDocs(url, admin, 'properties')).size === live.size,
      'the first listings on the server',
    );
    await eventually(
      async () => (await b.db.properties.count().exec()) === live.size,
      'B to hold every listing',
    );
    const [edited, removed] = [...live].slice(3); // two of B's listings

    // New writes start their pushes, and the store dies under them.
    const storeProcess = gw.store.embeddedProcess!;
    const crashedPid = storeProcess.pid()!;
    const during = Promise.all([publish(a, 4, '甲设备崩溃中'), publish(b, 4, '乙设备崩溃中')]);
    process.kill(crashedPid, 'SIGKILL');
    for (const id of (await during).flat()) live.add(id);
    await (await a.db.properties.findOne(edited!).exec())!.incrementalPatch({
      title: '店主在存储崩溃时改的标题',
    });
    // Listings are taken down by status (the rules refuse removing them outright).
    await (await b.db.properties.findOne(removed!).exec())!.incrementalPatch({ status: 'deleted' });

    await eventually(
      () => storeProcess.pid() !== undefined && storeProcess.pid() !== crashedPid,
      'the supervisor to restart the store',
      20_000,
    );
    for (const id of [
      ...(await publish(a, 3, '甲设备恢复后')),
      ...(await publish(b, 3, '乙设备恢复后')),
    ])
      live.add(id);

    const server = await eventually(
      async () => {
        const docs = await serverDocs(url, admin, 'properties');
        const done =
          docs.size === live.size &&
          [...live].every((id) => docs.has(id)) &&
          docs.get(edited!)?.title === '店主在存储崩溃时改的标题' &&
          docs.get(removed!)?.status === 'deleted';
        return done ? docs : null;
      },
      'every write on the server',
      25_000,
    );
    for (const d of [a, b]) {
      await eventually(
        () => holdsServerVersions(d, 'properties', server),
        'each device to hold the server versions',
        15_000,
      );
      expect(await d.db.refused.count().exec()).toBe(0);
    }
    // Every listing is logged exactly once, even one whose store write landed just before the store
    // died and whose log entry was written when the device re-sent it.
    const creates = await oplogCounts(url, admin, 'create');
    for (const id of live) expect(creates.get(id) ?? 0).toBe(1);
  });
});

describe('a store frozen mid-stream (issue 16)', () => {
  it('a device writing while the store hangs ends converged, every listing stored and logged once', async () => {
    const c = await aliceDevice('c');
    const before = await serverDocs(url, admin, 'properties');
    const live = new Set<string>();
    const storePid = gw.store.embeddedProcess!.pid()!;
    // The store stops answering (not dead: connections stay open) while the device's pushes start.
    process.kill(storePid, 'SIGSTOP');
    try {
      for (const id of await publish(c, 4, '存储冻结中')) live.add(id);
      // The length of the fault, not a wait for a state: the store hangs this long.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      process.kill(storePid, 'SIGCONT');
    }
    for (const id of await publish(c, 2, '存储恢复后')) live.add(id);

    const server = await eventually(
      async () => {
        const docs = await serverDocs(url, admin, 'properties');
        return [...live].every((id) => docs.has(id)) ? docs : null;
      },
      'every write on the server',
      30_000,
    );
    expect(server.size).toBe(before.size + live.size);
    await eventually(
      () => holdsServerVersions(c, 'properties', server),
      'the device to hold the server versions',
      15_000,
    );
    expect(await c.db.refused.count().exec()).toBe(0);
    const creates = await oplogCounts(url, admin, 'create');
    for (const id of live) expect(creates.get(id) ?? 0).toBe(1);
  });
});
