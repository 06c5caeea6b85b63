/**
 * A device upgraded to the properties schema v3 (issue 19 added the verification code, its check
 * and the report notice) keeps what it held: listings pulled under v2 migrate with their server
 * revision, and a listing published offline under v2 but never sent is still sent after the
 * upgrade; the owner can then add a verification code, which the gateway stores unchecked.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../../couchdb/model/user';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildProperty } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';
import { propertiesSchemaBefore, publishOfflineOnPreviousRelease } from './previous-release';

/** The properties schema devices held before v3: v3 only added the issue 19 fields. */
const PROPERTIES_V2 = propertiesSchemaBefore(2, [
  'verification_code',
  'verification_status',
  'verified_by',
  'verified_at',
  'moderation',
]);

let gw: TestGateway;
let url: string;
let owner: { user: User; accessToken: string };
let device: TestDevice | null = null;
const pulledId = 'p-before-v3';

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

it('an unsent listing published under schema v2 is sent after the upgrade to v3', async () => {
  device = new TestDevice({ url, ...signedInAs(owner), collections: ['properties'] });

  // The previous release: pulls the owner's listing, then publishes one while offline.
  const draft = await publishOfflineOnPreviousRelease({
    device,
    url,
    owner,
    schema: PROPERTIES_V2,
    pulledId,
  });

  // The new release opens the same database: both listings migrate, the new one still unsent.
  await device.open();
  expect(device.db.properties.schema.version).toBe(3);
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
  const synced = await eventually(async () => {
    const doc = await device!.db.properties.findOne(draft.id).exec();
    return doc?.price_history?.length ? doc : null;
  }, 'the device pulling the stored listing with its history');

  // The new fields work on the migrated listing: a code the owner adds is stored unchecked.
  await synced.incrementalPatch({ verification_code: '110123456789' });
  const coded = await eventually(async () => {
    const doc = (await serverDocs(url, owner, 'properties')).get(draft.id);
    return doc?.verification_code ? doc : null;
  }, 'the code reaching the server');
  expect(coded.verification_status).toBe('unchecked');
});
