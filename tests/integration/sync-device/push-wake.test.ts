/**
 * A push waiting out a long backoff after failures is tried again at once when the device writes
 * something new (the replication wakes it once per bulk write of a pushing collection), so a
 * user's next edit does not wait for the backoff of an earlier failure.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { User } from '../../../couchdb/model/user';
import { buildNewListing } from '../../fixtures/builders';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';

/** Longer than the test waits: only the wake-up can send the listings in time. */
const LONG_BACKOFF = { baseMs: 120_000, maxMs: 120_000 };

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
    tag: 'wake',
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

describe('a push waiting out its backoff', () => {
  it('is sent at once when the device writes again', async () => {
    const sync = device.startSync(LONG_BACKOFF);
    await sync.awaitInSync();

    failPushes = true;
    const first = buildNewListing(alice.user.id, { title: '推送失败后等待重试的房源' });
    await device.db.properties.insert(first as never);
    await eventually(async () => failedPushes > 0, 'a failed push', 10_000);
    failPushes = false;

    const second = buildNewListing(alice.user.id, { title: '再次写入唤醒推送的房源' });
    await device.db.properties.insert(second as never);
    await eventually(
      async () => {
        const docs = await serverDocs(url, admin, 'properties');
        return docs.has(first.id) && docs.has(second.id);
      },
      'both listings on the server well before the backoff ends',
      20_000,
    );
  });
});
