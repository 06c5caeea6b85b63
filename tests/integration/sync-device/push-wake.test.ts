/**
 * A push waiting out a long backoff after failures is tried again at once when the device writes
 * something new (the replication wakes it once per bulk write of a pushing collection), so a
 * user's next edit does not wait for the backoff of an earlier failure.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { eventually, type TestDevice } from './device';
import { startPushFaultRig, type PushFaultRig } from './support';

/** Longer than the test waits: only the wake-up can send the listings in time. */
const LONG_BACKOFF = { baseMs: 120_000, maxMs: 120_000 };

let rig: PushFaultRig;
let device: TestDevice;

beforeAll(async () => {
  rig = await startPushFaultRig('wake');
  device = rig.device;
});

afterAll(async () => {
  await rig?.close();
});

describe('a push waiting out its backoff', () => {
  it('is sent at once when the device writes again', async () => {
    const sync = device.startSync(LONG_BACKOFF);
    await sync.awaitInSync();

    rig.failing.pushes = true;
    const first = buildNewListing(rig.alice.user.id, { title: '推送失败后等待重试的房源' });
    await device.db.properties.insert(first as never);
    await eventually(async () => rig.failing.failed > 0, 'a failed push', 10_000);
    rig.failing.pushes = false;

    const second = buildNewListing(rig.alice.user.id, { title: '再次写入唤醒推送的房源' });
    await device.db.properties.insert(second as never);
    await eventually(
      async () => {
        const docs = await serverDocs(rig.url, rig.admin, 'properties');
        return docs.has(first.id) && docs.has(second.id);
      },
      'both listings on the server well before the backoff ends',
      20_000,
    );
  });
});
