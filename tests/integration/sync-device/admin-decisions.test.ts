/**
 * Admin review decisions made on devices (issue 7): two admins decide on the same pending listing
 * and the first decision to reach the server stands, the other admin's device ends up with it and
 * keeps its own decision aside; a decision made offline reaches the server, credited to its admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '../../../couchdb/model/sync';
import type { OplogEntry } from '../../../couchdb/model/oplog';
import type { Property } from '../../../couchdb/model/property';
import { filterOplog } from '../../../couchdb/rules/admin-listings';
import { auditProperty } from '../../../couchdb/rules/property-status';
import { CLASH_CODE } from '../../../client/data/sync/conflict-handler';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { buildNewListing } from '../../fixtures/builders';
import { insert, pullAll, serverDocs } from '../../helpers/sync-api';
import { localDocs } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let adminA: Account;
let adminB: Account;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
  adminA = await gw.createUser('admin', '管理员甲');
  adminB = await gw.createUser('admin', '管理员乙');
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

async function adminDevice(who: Account, tag: string): Promise<TestDevice> {
  const device = await new TestDevice({
    tag,
    url,
    ...signedInAs(who),
    collections: ['properties', 'refused'],
  }).open();
  devices.push(device);
  device.startSync();
  return device;
}

/** Alice publishes a listing (pending review) through the gateway. */
async function publishAsAlice(title: string): Promise<string> {
  return insert(url, alice, 'properties', buildNewListing(alice.user.id, { title }));
}

/** Approves or rejects on the device as the review screen does (the shared audit rule). */
async function decide(
  device: TestDevice,
  admin: Account,
  id: string,
  decision: 'approved' | 'rejected',
  comment = '',
): Promise<void> {
  const doc = (await device.db.properties.findOne(id).exec())!;
  const result = auditProperty(
    doc.toJSON() as unknown as Property,
    decision,
    {
      id: admin.user.id,
      role: 'admin',
    },
    comment,
  );
  if (!result.ok) throw new Error(result.message);
  const { audit_status, audit_comment, audited_by, audited_at, updated_at } = result.property;
  await doc.incrementalPatch({ audit_status, audit_comment, audited_by, audited_at, updated_at });
}

async function holdsPending(device: TestDevice, id: string): Promise<boolean> {
  const doc = await device.db.properties.findOne(id).exec();
  return doc?.audit_status === 'pending' && Boolean(doc.server_rev);
}

/**
 * The operation-log entries of a listing (read through an admin's pull), oldest first, in the
 * order its admin screen shows them (newest first there). The feed's order is the store's, which a
 * sharded CouchDB does not keep.
 */
async function logOf(id: string) {
  const entries = (await pullAll(url, adminA, 'oplog')).documents.filter((e) => !e._deleted);
  return filterOplog(entries as unknown as OplogEntry[], { propertyId: id }).reverse();
}

describe('two admins decide on the same pending listing', () => {
  let a: TestDevice;
  let b: TestDevice;
  let listing: string;

  beforeAll(async () => {
    listing = await publishAsAlice('两位管理员同时审核的房源');
    a = await adminDevice(adminA, 'a');
    b = await adminDevice(adminB, 'b');
    await eventually(() => holdsPending(a, listing), 'A to hold the pending listing');
    await eventually(() => holdsPending(b, listing), 'B to hold the pending listing');
  });

  it('keeps the first decision on the server; the other admin gets it and keeps theirs aside', async () => {
    // B has not pulled A's decision yet when deciding.
    await b.sync!.goOffline();
    await decide(a, adminA, listing, 'approved');
    const approved = await eventually(async () => {
      const doc = (await serverDocs(url, adminA, 'properties')).get(listing);
      return doc?.audit_status === 'approved' ? doc : null;
    }, 'A’s approval on the server');
    expect(approved.audited_by).toBe(adminA.user.id);

    await decide(b, adminB, listing, 'rejected', '图片与描述不符');
    await b.sync!.goOnline();

    // B ends up with exactly the server's version.
    const server = (await serverDocs(url, adminA, 'properties')).get(listing)!;
    await eventually(async () => {
      const local = (await localDocs(b, 'properties')).get(listing);
      return local?.server_rev === server.server_rev && local?.audit_status === 'approved';
    }, 'B to hold the server’s version');
    await b.sync!.awaitInSync();
    const onB = (await localDocs(b, 'properties')).get(listing)!;
    expect(onB).toMatchObject({
      audit_status: 'approved',
      audit_comment: '',
      audited_by: adminA.user.id,
      server_rev: server.server_rev,
    });

    // B's decision is kept aside as a clash, with the server's version next to it.
    const kept = await eventually(
      async () => (await b.db.refused.find().exec()).map((r) => r.toJSON()),
      'B to keep its losing decision',
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      collection_name: 'properties',
      doc_id: listing,
      code: CLASH_CODE,
      message: SYNC_MESSAGES.clash,
    });
    expect(kept[0]!.doc).toMatchObject({
      audit_status: 'rejected',
      audit_comment: '图片与描述不符',
      audited_by: adminB.user.id,
    });
    expect(kept[0]!.server_doc).toMatchObject({
      audit_status: 'approved',
      audited_by: adminA.user.id,
    });

    // The server never took B's rejection, not even in part.
    const after = (await serverDocs(url, adminA, 'properties')).get(listing)!;
    expect(after).toMatchObject({
      audit_status: 'approved',
      audit_comment: '',
      audited_by: adminA.user.id,
      server_rev: server.server_rev,
    });
    expect((await logOf(listing)).map((e) => [e.operation_type, e.operator_id])).toEqual([
      ['create', alice.user.id],
      ['approve', adminA.user.id],
    ]);
    expect(await a.db.refused.count().exec()).toBe(0);
  });
});

describe('an admin deciding offline', () => {
  it('reaches the server when the device is back online, credited to that admin', async () => {
    const listing = await publishAsAlice('离线审核的房源');
    const device = await adminDevice(adminB, 'offline');
    await eventually(() => holdsPending(device, listing), 'the pending listing on the device');

    await device.sync!.goOffline();
    await decide(device, adminB, listing, 'approved');
    await eventually(
      () => device.status.get().pending === 1 && device.status.get().phase === 'offline',
      'the decision to wait on the device',
    );
    expect((await serverDocs(url, adminA, 'properties')).get(listing)).toMatchObject({
      audit_status: 'pending',
    });

    await device.sync!.goOnline();
    const onServer = await eventually(async () => {
      const doc = (await serverDocs(url, adminA, 'properties')).get(listing);
      return doc?.audit_status === 'approved' ? doc : null;
    }, 'the offline decision on the server');
    expect(onServer.audited_by).toBe(adminB.user.id);
    expect(onServer.audited_at).toEqual(expect.any(String));
    const approve = (await logOf(listing)).find((e) => e.operation_type === 'approve');
    expect(approve).toMatchObject({
      operator_id: adminB.user.id,
      operator_name: '管理员乙',
      operator_role: 'admin',
    });
    await eventually(async () => {
      const local = (await localDocs(device, 'properties')).get(listing);
      return local?.server_rev === onServer.server_rev;
    }, 'the device to hold the server’s version');
    await eventually(() => device.status.get().pending === 0, 'nothing left to send');
    expect(await device.db.refused.count().exec()).toBe(0);
  });
});
