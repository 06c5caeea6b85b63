/**
 * A push that failed and is waiting to be tried again when the connection drops (the device pauses
 * its replication on `offline`) still reaches the server once the device is back online. RxDB ends
 * a push it is retrying when the replication pauses as if it had been sent, and marks its rows
 * pushed when the pause is over by the time it looks: an admin's offline decision or an owner's edit
 * then never reached the server (seen in Chromium). The device retries its pushes itself.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { eventually, type TestDevice } from './device';
import { startPushFaultRig, type PushFaultRig } from './support';

let rig: PushFaultRig;
let device: TestDevice;

beforeAll(async () => {
  rig = await startPushFaultRig('paused');
  device = rig.device;
});

afterAll(async () => {
  await rig?.close();
});

describe('a failed push when the connection drops', () => {
  it('is tried again through the pause and reaches the server once online', async () => {
    const sync = device.startSync();
    await sync.awaitInSync();

    rig.failing.pushes = true;
    const listing = buildNewListing(rig.alice.user.id, { title: '断网时重试中的房源出售' });
    await device.db.properties.insert(listing as never);
    await eventually(async () => rig.failing.failed > 0, 'a failed push', 10_000);
    await sync.goOffline();
    // The push is still being tried while paused (RxDB gave it up here, as if sent).
    const before = rig.failing.failed;
    await eventually(async () => rig.failing.failed > before, 'a push tried while paused', 10_000);
    rig.failing.pushes = false;
    await sync.goOnline();

    await eventually(
      async () => (await serverDocs(rig.url, rig.admin, 'properties')).get(listing.id) ?? null,
      'the listing on the server',
      20_000,
    );
  });
});
