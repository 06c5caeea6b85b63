/**
 * The inbox matcher on real devices against the real gateway (issue 19): two devices of one user
 * that both match an approved listing end with one entry on the server; a device that was closed
 * while the listing was approved finds it on its next sync; a daily search gathers its matches
 * into one digest; a demand is matched like a saved search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxEntryId } from '../../../couchdb/model/saved-search-facts';
import { matchInbox, saveSearch } from '../../../client/data/inbox/inbox';
import { buildNewDemand, buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';

let gw: TestGateway;
let url: string;
let seeker: Account, owner: Account, admin: Account;
const devices: TestDevice[] = [];
const COLLECTIONS = ['properties', 'demands', 'saved_searches', 'inbox', 'refused'] as const;

async function device(who: Account) {
  const d = await new TestDevice({
    tag: `d${devices.length}`,
    url,
    ...signedInAs(who),
    collections: COLLECTIONS,
  }).open();
  devices.push(d);
  return d;
}

/** Publishes a listing as `owner` and approves it; returns its id. */
async function publishApproved(overrides: Parameters<typeof buildNewListing>[1] = {}) {
  const id = await api.insert(url, owner, 'properties', buildNewListing(owner.user.id, overrides));
  await api.updateAccepted(url, admin, 'properties', id, { audit_status: 'approved' });
  return id;
}

const serverInbox = async () => api.serverDocs(url, seeker, 'inbox');

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  seeker = await gw.createUser('user', '找房人');
  owner = await gw.createUser('user', '房东');
  admin = await gw.createUser('admin', '管理员');
});
afterAll(async () => {
  for (const d of devices) await d.close().catch(() => undefined);
  await gw.cleanup();
});

describe('the inbox matcher', () => {
  let phone: TestDevice, laptop: TestDevice;
  let searchId: string;

  beforeAll(async () => {
    phone = await device(seeker);
    laptop = await device(seeker);
    phone.startSync();
    laptop.startSync();
    searchId = await saveSearch(phone.db, seeker.user.id, 'type=sale&rooms=3', {
      name: '三室',
      mode: 'instant',
    });
    await eventually(() => laptop.db.saved_searches.findOne(searchId).exec(), 'search on laptop');
  });

  it('two devices that match one listing leave one entry on the server', async () => {
    const listing = await publishApproved({ bedrooms: 3 });
    await publishApproved({ bedrooms: 2 });
    for (const d of [phone, laptop])
      await eventually(() => d.db.properties.findOne(listing).exec(), 'listing on device');
    await Promise.all([phone, laptop].map((d) => matchInbox(d.db, seeker.user.id)));
    const id = inboxEntryId(seeker.user.id, searchId, listing);
    await eventually(async () => (await serverInbox()).has(id), 'entry on the server');
    await Promise.all([phone, laptop].map((d) => d.sync!.awaitInSync()));
    expect([...(await serverInbox()).values()].map((e) => e.property_ids)).toEqual([[listing]]);
    for (const d of [phone, laptop]) {
      expect(await d.db.inbox.count().exec()).toBe(1);
      expect(await d.db.refused.count().exec()).toBe(0);
    }
  });

  it('a device closed during the approval finds the match on its next sync', async () => {
    await laptop.close();
    await phone.close();
    const listing = await publishApproved({ bedrooms: 3, title: '离线期间通过的三室房源' });
    await laptop.open();
    laptop.startSync();
    await eventually(() => laptop.db.properties.findOne(listing).exec(), 'listing after reopen');
    await matchInbox(laptop.db, seeker.user.id);
    const id = inboxEntryId(seeker.user.id, searchId, listing);
    expect((await laptop.db.inbox.findOne(id).exec())?.body).toContain('离线期间通过的三室房源');
    await eventually(async () => (await serverInbox()).has(id), 'entry on the server');
  });

  it('a daily search gathers the day’s matches into one digest', async () => {
    const daily = await saveSearch(laptop.db, seeker.user.id, 'type=rent', {
      name: '租房汇总',
      mode: 'daily',
    });
    const first = await publishApproved({ type: 'rent', price: 1500, title: '第一套出租房源' });
    const second = await publishApproved({ type: 'rent', price: 1800, title: '第二套出租房源' });
    await eventually(() => laptop.db.properties.findOne(second).exec(), 'rentals on device');
    await eventually(() => laptop.db.properties.findOne(first).exec(), 'rentals on device');
    await matchInbox(laptop.db, seeker.user.id);
    const digests = await laptop.db.inbox.find({ selector: { kind: 'digest' } }).exec();
    expect(digests).toHaveLength(1);
    expect(digests[0]!.search_id).toBe(daily);
    expect([...digests[0]!.property_ids].sort()).toEqual([first, second].sort());
  });

  it('an active demand is matched like a saved search', async () => {
    const now = new Date().toISOString();
    const {
      min_price: _a,
      max_price: _b,
      min_area: _c,
      max_area: _d,
      ...demand
    } = buildNewDemand(seeker.user.id, {
      type: 'buy',
      areas: ['凤麓街道'],
      rooms: [4],
      created_at: now,
      updated_at: now,
    });
    await laptop.db.demands.insert(demand);
    const listing = await publishApproved({ bedrooms: 4, title: '符合求购的四室房源' });
    await eventually(() => laptop.db.properties.findOne(listing).exec(), 'listing on device');
    await matchInbox(laptop.db, seeker.user.id);
    const id = inboxEntryId(seeker.user.id, demand.id, listing);
    expect((await laptop.db.inbox.findOne(id).exec())?.title).toContain('求购');
  });
});
