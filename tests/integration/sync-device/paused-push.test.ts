/**
 * A push that failed and is waiting to be tried again when the connection drops (the device pauses
 * its replication on `offline`) still reaches the server once the device is back online. RxDB ends
 * a push it is retrying when the replication pauses as if it had been sent, and marks its rows
 * pushed when the pause is over by the time it looks: an admin's offline decision or an owner's edit
 * then never reached the server (seen in Chromium). The device retries its pushes itself.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { User } from '../../../couchdb/model/user';
import { buildNewListing } from '../../fixtures/builders';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';

let gw: TestGateway;
let url: string;
let proxy: FaultProxy;
let alice: { user: User; accessToken: string };
let admin: { user: User; accessToken: string };
let failPushes = false;
let failedPushes = 0;
let device: TestDevice;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  proxy = await startFaultProxy({
    target: url,
    decide: (req) => {
      if (!failPushes || !req.url?.includes('/push')) return 'pass';
      failedPushes += 1;
      return 'fail-500';
    },
  });
  alice = await gw.createUser('user', '爱丽丝');
  admin = await gw.createUser('admin', '管理员');
  device = await new TestDevice({
    tag: 'paused',
    url: proxy.url,
    ...signedInAs(alice),
    collections: ['properties', 'refused'],
  }).open();
});

afterAll(async () => {
  await device?.close().catch(() => undefined);
  await proxy.close();
  await gw.cleanup();
});

describe('a failed push when the connection drops', () => {
  it('is tried again through the pause and reaches the server once online', async () => {
    const sync = device.startSync();
    await sync.awaitInSync();

    failPushes = true;
    const listing = buildNewListing(alice.user.id, { title: '断网时重试中的房源出售' });
    await device.db.properties.insert(listing as never);
    await eventually(async () => failedPushes > 0, 'a failed push', 10_000);
    await sync.goOffline();
    // The push is still being tried while paused (RxDB gave it up here, as if sent).
    const before = failedPushes;
    await eventually(async () => failedPushes > before, 'a push tried while paused', 10_000);
    failPushes = false;
    await sync.goOnline();

    await eventually(
      async () => (await serverDocs(url, admin, 'properties')).get(listing.id) ?? null,
      'the listing on the server',
      20_000,
    );
  });
});
