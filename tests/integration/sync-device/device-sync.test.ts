/**
 * The device side of sync (issue 3 "Must show"): RxDB on fake-indexeddb against the real gateway
 * and store. Two devices of one user converge; deletes propagate; a clash follows the policy and
 * keeps the losing version; offline writes survive a reopen and land pending; a refused write
 * leaves the server's version on the device and the local one in `refused`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncDocument } from '../../../couchdb/model/sync';
import { SYNC_MESSAGES } from '../../../couchdb/model/sync';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNewDemand, buildNewListing } from '../../fixtures/builders';
import { pullAll } from '../../helpers/sync-api';
import type { TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';
import { startUserAndAdmin } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;
const devices: TestDevice[] = [];

const SYNCED = ['properties', 'demands', 'refused'] as const;

async function device(who: Account, collections = SYNCED) {
  const d = await new TestDevice({
    tag: `d${devices.length}`,
    url,
    ...signedInAs(who),
    collections,
  }).open();
  devices.push(d);
  return d;
}

/** The server's current version of a document, as the admin pulls it. */
async function serverDoc(collection: string, id: string): Promise<SyncDocument | null> {
  return (await pullAll(url, admin, collection)).byId.get(id) ?? null;
}

const plain = (doc: { toJSON(): unknown } | null) =>
  doc ? (JSON.parse(JSON.stringify(doc.toJSON())) as Record<string, unknown>) : null;

beforeAll(async () => {
  ({ gw, url, alice, admin } = await startUserAndAdmin());
});

afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

describe('two devices of one user', () => {
  let a: TestDevice;
  let b: TestDevice;
  let listingId: string;

  beforeAll(async () => {
    a = await device(alice);
    b = await device(alice);
    a.startSync();
    b.startSync();
    const listing = buildNewListing(alice.user.id);
    listingId = listing.id;
    await a.db.properties.insert(listing as never);
    await eventually(
      async () => (await b.db.properties.findOne(listingId).exec())?.server_rev,
      'B to receive the listing',
    );
    await a.sync!.awaitInSync();
  });

  it('edit different fields offline, sync in turn, and end equal with both edits', async () => {
    await Promise.all([a.sync!.goOffline(), b.sync!.goOffline()]);
    await (await a.db.properties.findOne(listingId).exec())!.incrementalPatch({
      title: '甲设备改的标题',
    });
    await (await b.db.properties.findOne(listingId).exec())!.incrementalPatch({ price: 990_000 });
    await eventually(
      () => a.status.get().pending === 1 && a.status.get().phase === 'offline',
      'A to count its unsent change',
    );

    await a.sync!.goOnline();
    await a.sync!.awaitInSync();
    await b.sync!.goOnline();
    await b.sync!.awaitInSync();

    const server = await eventually(async () => {
      const doc = await serverDoc('properties', listingId);
      return doc?.title === '甲设备改的标题' && doc.price === 990_000 ? doc : null;
    }, 'the server to hold both edits');
    for (const d of [a, b]) {
      await eventually(async () => {
        const local = plain(await d.db.properties.findOne(listingId).exec());
        return local?.server_rev === server.server_rev ? local : null;
      }, 'each device to hold the server version');
    }
    const [docA, docB] = await Promise.all([
      a.db.properties.findOne(listingId).exec(),
      b.db.properties.findOne(listingId).exec(),
    ]);
    expect(plain(docA)).toEqual(plain(docB));
    expect(await b.db.refused.count().exec()).toBe(0);
    await eventually(() => a.status.get().pending === 0, 'A to have nothing unsent');
  });

  it('a clash keeps the first accepted value and the losing version in refused', async () => {
    await Promise.all([a.sync!.goOffline(), b.sync!.goOffline()]);
    await (await a.db.properties.findOne(listingId).exec())!.incrementalPatch({
      rooms: '2室1厅1卫',
    });
    await (await b.db.properties.findOne(listingId).exec())!.incrementalPatch({
      rooms: '4室2厅2卫',
      area: 120,
    });

    await a.sync!.goOnline();
    await a.sync!.awaitInSync();
    await b.sync!.goOnline();
    await b.sync!.awaitInSync();

    const kept = await eventually(
      async () => (await b.db.refused.find().exec())[0],
      'B to keep its losing version',
    );
    expect(kept.code).toBe('clash');
    expect(kept.message).toBe(SYNC_MESSAGES.clash);
    expect(kept.doc_id).toBe(listingId);
    expect(kept.doc.rooms).toBe('4室2厅2卫');
    expect(kept.server_doc?.rooms).toBe('2室1厅1卫');

    // The non-clashing part of B's edit merged; the clashing field kept the server's value.
    const server = await eventually(async () => {
      const doc = await serverDoc('properties', listingId);
      return doc?.area === 120 ? doc : null;
    }, 'the merged edit on the server');
    expect(server.rooms).toBe('2室1厅1卫');
    for (const d of [a, b]) {
      await eventually(async () => {
        const local = plain(await d.db.properties.findOne(listingId).exec());
        return local?.server_rev === server.server_rev && local?.rooms === '2室1厅1卫';
      }, 'each device to converge on the server version');
    }
  });

  it('deletes propagate to the other device', async () => {
    const demand = buildNewDemand(alice.user.id);
    await a.db.demands.insert(demand as never);
    await eventually(
      async () => (await b.db.demands.findOne(demand.id).exec())?.server_rev,
      'B to receive the demand',
    );
    await a.sync!.awaitInSync();
    await (await a.db.demands.findOne(demand.id).exec())!.remove();
    await eventually(
      async () => (await b.db.demands.findOne(demand.id).exec()) === null,
      'the deletion to reach B',
    );
    expect(await serverDoc('demands', demand.id)).toEqual({ id: demand.id, _deleted: true });
  });
});

describe('offline writes', () => {
  it('a listing and a demand made offline survive a reopen and land pending, with a create log entry', async () => {
    const c = await device(alice);
    const listing = buildNewListing(alice.user.id, { title: '离线发布的房源标题' });
    const demand = buildNewDemand(alice.user.id);
    await c.db.properties.insert(listing as never);
    await c.db.demands.insert(demand as never);
    await c.reopen();
    expect(await c.db.properties.findOne(listing.id).exec()).not.toBeNull();

    const sync = c.startSync();
    await eventually(
      () => c.status.get().pending === 2 || c.status.get().pending === 0,
      'a pending count',
    );
    await sync.awaitInSync();

    const onServer = await eventually(
      () => serverDoc('properties', listing.id),
      'the listing on the server',
    );
    expect(onServer.audit_status).toBe('pending');
    expect(onServer.user_id).toBe(alice.user.id);
    expect(
      await eventually(() => serverDoc('demands', demand.id), 'the demand on the server'),
    ).toBeTruthy();
    const log = await eventually(async () => {
      const { documents } = await pullAll(url, admin, 'oplog');
      return documents.find((e) => e.property_id === listing.id && e.operation_type === 'create');
    }, 'the create log entry');
    expect(log.operator_id).toBe(alice.user.id);
    await eventually(
      () => c.status.get().pending === 0 && c.status.get().phase === 'up-to-date',
      'up to date',
    );
  });
});

describe('refused writes', () => {
  it('a user setting is_featured ends with the server version on the device and the local one in refused', async () => {
    const d = await device(alice);
    d.startSync();
    const listing = buildNewListing(alice.user.id, { title: '想上推荐位的房源' });
    await d.db.properties.insert(listing as never);
    await eventually(
      async () => (await d.db.properties.findOne(listing.id).exec())?.server_rev,
      'the accepted listing',
    );
    await d.sync!.awaitInSync();

    await (await d.db.properties.findOne(listing.id).exec())!.incrementalPatch({
      is_featured: true,
    });
    const kept = await eventually(
      async () => (await d.db.refused.find().exec())[0],
      'the refused version',
    );
    expect(kept.code).toBe('forbidden');
    expect(kept.message).toBe(ACCESS_MESSAGES.adminOnlyFields);
    expect(kept.doc.is_featured).toBe(true);
    await eventually(
      async () => (await d.db.properties.findOne(listing.id).exec())?.is_featured === false,
      'the server version back on the device',
    );
    await d.sync!.awaitInSync();
    expect((await serverDoc('properties', listing.id))?.is_featured).toBe(false);
    expect(await d.db.refused.count().exec()).toBe(1);
    await eventually(
      () => d.status.get().refused === 1 && d.status.get().pending === 0,
      'the status to show one refused change',
    );
  });
});
