/**
 * A device upgraded to the properties schema v2 (issue 18 added `facts` and `price_history`) keeps
 * what it held: listings pulled under v1 migrate with their server revision, and a listing
 * published offline under v1 but never sent is still sent after the upgrade, where the gateway
 * starts its price history.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../../couchdb/model/user';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildProperty } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';
import { propertiesSchemaBefore, publishOfflineOnPreviousRelease } from './previous-release';

/** The properties schema devices held before v2: v2 only added `facts` and `price_history`. */
const PROPERTIES_V1 = propertiesSchemaBefore(1, ['facts', 'price_history']);

let gw: TestGateway;
let url: string;
let owner: { user: User; accessToken: string };
let device: TestDevice | null = null;
const pulledId = 'p-before-v2';

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  owner = await gw.createUser('user', '张三');
  await gw.store
    .db('properties')
    .insert(toStoreDoc(buildProperty({ id: pulledId, user_id: owner.user.id })) as never);
});

afterAll(async () => {
  await device?.close().catch(() => undefined);
  await gw.cleanup();
});

it('an unsent listing published under schema v1 is sent after the upgrade to v2', async () => {
  device = new TestDevice({ url, ...signedInAs(owner), collections: ['properties'] });

  // The previous release: pulls the owner's listing, then publishes one while offline.
  const draft = await publishOfflineOnPreviousRelease({
    device,
    url,
    owner,
    schema: PROPERTIES_V1,
    pulledId,
  });

  // The new release opens the same database: both listings migrate, the new one still unsent.
  await device.open();
  const pulled = await device.db.properties.findOne(pulledId).exec();
  expect(pulled?.server_rev).toBeTruthy();
  const unsent = await device.db.properties.findOne(draft.id).exec();
  expect(unsent?.title).toBe('升级前离线发布的房源');
  expect(unsent?.server_rev).toBeFalsy();

  // Once the device syncs, the gateway stores it and starts its price history.
  device.startSync();
  const stored = await eventually(async () => {
    const docs = await serverDocs(url, owner, 'properties');
    return docs.get(draft.id) ?? null;
  }, 'the migrated listing reaching the server');
  expect(stored.title).toBe('升级前离线发布的房源');
  expect(stored.price_history).toEqual([{ price: 880_000, at: stored.created_at }]);
  await eventually(
    async () => (await device!.db.properties.findOne(draft.id).exec())?.price_history?.length,
    'the device pulling the stored listing with its history',
  );
});
