/**
 * Role-projected replication on the device (architecture §4): a visitor's `anon` database pulls only
 * public listings and published news, without any phone number, and drops what stops being public;
 * ids that were never public never reach it. An admin's database holds every listing, every user
 * and the operation log, and an approval made on the admin's device reaches the owner and the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import type { SyncDocument } from '../../../couchdb/model/sync';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildNewListing, buildNews, buildProperty, buildSetting } from '../../fixtures/builders';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { insert, serverDocs, updateAccepted } from '../../helpers/sync-api';
import { localDocs } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
  admin = await gw.createUser('admin', '管理员');
  await gw.store.db('settings').insert(toStoreDoc(buildSetting()) as never);
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

async function open(device: TestDevice) {
  await device.open();
  devices.push(device);
  device.startSync();
  return device;
}

/** Alice publishes a listing (pending review) through the gateway. */
async function publishAsAlice(title: string): Promise<string> {
  return insert(url, alice, 'properties', buildNewListing(alice.user.id, { title }));
}

/** The admin changes a document from another device, based on the server's current version. */
async function adminEdit(
  collection: 'properties' | 'news',
  id: string,
  patch: Partial<SyncDocument>,
): Promise<void> {
  await updateAccepted(url, admin, collection, id, patch);
}

/** Whether the device's storage has ever held this id (deleted documents included). */
async function everHeld(device: TestDevice, id: string): Promise<boolean> {
  const found = await device.db.properties.storageInstance.findDocumentsById([id], true);
  return found.length > 0;
}

describe('a visitor device', () => {
  let visitor: TestDevice;
  let approved: string;
  let pending: string;
  let rejected: string;
  let takenDown: string;
  let publishedNews: string;
  let draftNews: string;

  beforeAll(async () => {
    approved = await publishAsAlice('凤麓街道审核通过的房源');
    pending = await publishAsAlice('等待审核的房源');
    rejected = await publishAsAlice('审核不通过的房源');
    takenDown = await publishAsAlice('稍后下架的房源');
    for (const id of [approved, takenDown])
      await adminEdit('properties', id, { audit_status: 'approved' });
    await adminEdit('properties', rejected, {
      audit_status: 'rejected',
      audit_comment: '信息不完整',
    });
    publishedNews = newId();
    draftNews = newId();
    for (const [id, status] of [
      [publishedNews, 'published'],
      [draftNews, 'draft'],
    ] as const) {
      const { created_at: _c, updated_at: _u, ...news } = buildNews({ id, status });
      await insert(url, admin, 'news', news);
    }
    // A visitor's pull reads the gateway's feed as it is: it has brought all of the above first.
    await gw.feedCaughtUp();
    visitor = await open(
      new TestDevice({ url, role: 'visitor', collections: ['properties', 'news', 'settings'] }),
    );
    await visitor.sync!.awaitInSync();
  });

  it('pulls only public listings and published news, with no phone number anywhere', async () => {
    const listings = await eventually(async () => {
      const docs = await localDocs(visitor, 'properties');
      return docs.has(approved) && docs.has(takenDown) ? docs : null;
    }, 'the public listings');
    expect([...listings.keys()].sort()).toEqual([approved, takenDown].sort());
    for (const doc of listings.values()) {
      expect(doc).not.toHaveProperty('contact_phone');
      expect(doc.contact).not.toHaveProperty('phone');
      expect(doc.contact).toHaveProperty('name');
    }
    const news = await localDocs(visitor, 'news');
    expect([...news.keys()]).toEqual([publishedNews]);
    const settings = await localDocs(visitor, 'settings');
    expect(settings.get('audit_required')?.setting_value).toBe(true);
    // A visitor database does not push: no replication of its own writes is set up.
    expect(visitor.sync!.replications.every((r) => !r.state.push)).toBe(true);
  });

  it('drops a listing that is taken down and gains one that is approved', async () => {
    await adminEdit('properties', takenDown, { status: 'inactive' });
    await adminEdit('properties', pending, { audit_status: 'approved' });
    await eventually(async () => {
      const docs = await localDocs(visitor, 'properties');
      return !docs.has(takenDown) && docs.has(pending);
    }, 'the take-down and the approval to reach the visitor');
    const doc = (await localDocs(visitor, 'properties')).get(pending)!;
    expect(doc).not.toHaveProperty('contact_phone');
    expect(doc.contact).not.toHaveProperty('phone');
  });

  it('never receives the id of a listing that was never public', async () => {
    expect(await everHeld(visitor, rejected)).toBe(false);
    expect(await visitor.db.news.storageInstance.findDocumentsById([draftNews], true)).toHaveLength(
      0,
    );
  });

  // Demo data is written straight into the store, without the gateway's visibility history.
  it('drops a demo listing (stored straight in the store) when an admin takes it down', async () => {
    const seeded = buildProperty({
      id: newId(),
      user_id: alice.user.id,
      title: '演示数据中的房源',
    });
    await gw.store.db('properties').insert(toStoreDoc(seeded) as never);
    await eventually(
      async () => (await localDocs(visitor, 'properties')).has(seeded.id),
      'the demo listing on the visitor device',
    );
    await adminEdit('properties', seeded.id, { status: 'inactive' });
    await eventually(
      async () => !(await localDocs(visitor, 'properties')).has(seeded.id),
      'the taken-down demo listing to leave the visitor device',
      5_000,
    );
  });

  // The tombstone of a deleted article must remember it was published.
  it('drops an article the admin deletes', async () => {
    await updateAccepted(url, admin, 'news', publishedNews, { _deleted: true });
    await eventually(
      async () => !(await localDocs(visitor, 'news')).has(publishedNews),
      'the deleted article to leave the visitor device',
      5_000,
    );
  });

  afterAll(async () => {
    await visitor.close();
  });
});

describe('an admin device', () => {
  it('holds every listing, every user and the operation log; its approval reaches the owner', async () => {
    const adminDevice = await open(
      new TestDevice({
        url,
        ...signedInAs(admin),
        collections: ['properties', 'users', 'oplog', 'refused'],
      }),
    );
    const owner = await open(
      new TestDevice({
        url,
        ...signedInAs(alice),
        collections: ['properties', 'refused'],
      }),
    );
    const listing = buildNewListing(alice.user.id, { title: '管理员审核的新房源' });
    await owner.db.properties.insert(listing as never);

    // The pending listing and its create entry reach the admin's device.
    const pendingDoc = await eventually(
      async () => (await localDocs(adminDevice, 'properties')).get(listing.id),
      'the pending listing on the admin device',
    );
    expect(pendingDoc.audit_status).toBe('pending');
    expect(pendingDoc.contact_phone).toBe(listing.contact_phone);
    const createEntry = await eventually(
      async () =>
        [...(await localDocs(adminDevice, 'oplog')).values()].find(
          (e) => e.property_id === listing.id && e.operation_type === 'create',
        ),
      'the create entry on the admin device',
    );
    expect(createEntry.operator_id).toBe(alice.user.id);
    expect(createEntry.operator_role).toBe('user');

    // Every user, without any secret.
    const users = await localDocs(adminDevice, 'users');
    expect(users.has(alice.user.id) && users.has(admin.user.id)).toBe(true);
    for (const u of users.values()) {
      expect(Object.keys(u).some((k) => /password|hash|token/i.test(k))).toBe(false);
    }
    // The admin sees listings of every owner, the never-public ones included.
    const server = await serverDocs(url, admin, 'properties');
    await eventually(
      async () => (await localDocs(adminDevice, 'properties')).size === server.size,
      'every listing on the admin device',
    );

    // Approve on the admin's device.
    await (await adminDevice.db.properties.findOne(listing.id).exec())!.incrementalPatch({
      audit_status: 'approved',
    });
    const approvedDoc = await eventually(async () => {
      const doc = (await localDocs(owner, 'properties')).get(listing.id);
      return doc?.audit_status === 'approved' ? doc : null;
    }, 'the approval on the owner device');
    expect(approvedDoc.audited_by).toBe(admin.user.id);
    const approveEntry = await eventually(
      async () =>
        [...(await localDocs(adminDevice, 'oplog')).values()].find(
          (e) => e.property_id === listing.id && e.operation_type === 'approve',
        ),
      'the approve entry on the admin device',
    );
    expect(approveEntry.operator_id).toBe(admin.user.id);
    expect(approveEntry.operator_role).toBe('admin');
    expect(await adminDevice.db.refused.count().exec()).toBe(0);
    // The log is read-only on devices: the admin's oplog replication does not push.
    expect(adminDevice.sync!.replications.find((r) => r.name === 'oplog')?.state.push).toBeFalsy();
  });
});
