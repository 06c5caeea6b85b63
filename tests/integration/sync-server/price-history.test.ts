/**
 * A listing's price history (issue 18) against the real gateway and store: the gateway starts it
 * with the first price and appends each accepted price change, nothing for an edit that keeps the
 * price or a refused write, and it is server-owned: whatever a device sends in it is ignored. Public
 * to everyone who sees the listing, visitors included; so a price changed before the listing was
 * ever public starts it over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRICE_HISTORY_MAX, type PricePoint } from '../../../couchdb/model/listing-facts';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildNewListing, buildProperty } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let owner: Account;
let other: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员');
  owner = await gw.createUser('agent', '经纪人');
  other = await gw.createUser('user', '买家');
});
afterAll(async () => {
  await gw?.cleanup();
});

const historyOf = async (who: api.Caller, id: string) => {
  // A visitor reads the change log as it is, without waiting for writes in flight.
  if (!who) await gw.feedCaughtUp();
  return (await api.master(gw.app, who, 'properties', id)).price_history as
    PricePoint[] | undefined;
};
const prices = (h: PricePoint[] | undefined) => h?.map((p) => p.price);

it('starts with the first price and appends accepted price changes only', async () => {
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { price: 1_000_000 }),
  );
  const first = await historyOf(owner, id);
  expect(prices(first)).toEqual([1_000_000]);
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });

  // An edit that keeps the price adds nothing; a price change adds a point stamped by the gateway.
  await api.updateAccepted(gw.app, owner, 'properties', id, { area: 95 });
  expect(await historyOf(owner, id)).toEqual(first);
  await api.updateAccepted(gw.app, owner, 'properties', id, { price: 950_000 });
  await api.updateAccepted(gw.app, owner, 'properties', id, { price: 920_000 });
  const history = await historyOf(owner, id);
  expect(prices(history)).toEqual([1_000_000, 950_000, 920_000]);
  const stored = await api.master(gw.app, owner, 'properties', id);
  expect(history!.at(-1)!.at).toBe(stored.updated_at);

  // Refused writes leave it alone: someone else's edit, an invalid price.
  const foreign = await api.update(gw.app, other, 'properties', id, { price: 1 });
  expect(foreign.body.rejections?.length ?? foreign.status !== 200).toBeTruthy();
  const invalid = await api.update(gw.app, owner, 'properties', id, { price: -5 });
  expect(invalid.body.rejections?.length ?? invalid.status !== 200).toBeTruthy();
  expect(prices(await historyOf(owner, id))).toEqual([1_000_000, 950_000, 920_000]);

  // Visitors see it with the public listing.
  expect(prices(await historyOf(null, id))).toEqual([1_000_000, 950_000, 920_000]);
});

it('is server-owned: a device cannot write or rewrite it', async () => {
  const forged = [{ price: 5_000_000, at: '2020-01-01T00:00:00.000Z' }];
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { price: 800_000, price_history: forged }),
  );
  expect(prices(await historyOf(owner, id))).toEqual([800_000]);
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });

  // Owner and admin alike: a rewritten history is replaced by the stored one (plus a change).
  await api.updateAccepted(gw.app, owner, 'properties', id, { price_history: forged });
  expect(prices(await historyOf(owner, id))).toEqual([800_000]);
  await api.updateAccepted(gw.app, admin, 'properties', id, {
    price: 780_000,
    price_history: [],
  });
  expect(prices(await historyOf(owner, id))).toEqual([800_000, 780_000]);
});

it(`keeps the last ${PRICE_HISTORY_MAX} prices`, async () => {
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { price: 500_000 }),
  );
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
  for (let i = 1; i <= PRICE_HISTORY_MAX + 2; i++) {
    await api.updateAccepted(gw.app, owner, 'properties', id, { price: 500_000 - i * 1_000 });
  }
  const history = await historyOf(owner, id);
  expect(history).toHaveLength(PRICE_HISTORY_MAX);
  expect(history!.at(-1)!.price).toBe(500_000 - (PRICE_HISTORY_MAX + 2) * 1_000);
  expect(history![0]!.price).toBe(500_000 - 3 * 1_000);
});

it('a listing stored before the history starts it with its former price on the first change', async () => {
  // As listings published before issue 18 are stored: no history.
  const old = buildProperty({ user_id: owner.user.id, price: 600_000 });
  await gw.store.db('properties').insert(toStoreDoc(old) as never);
  const before = await eventually(() => api.master(gw.app, owner, 'properties', old.id));
  expect(before.price_history).toBeUndefined();

  await api.updateAccepted(gw.app, owner, 'properties', old.id, { title: '改了标题的老房源' });
  expect((await api.master(gw.app, owner, 'properties', old.id)).price_history).toBeUndefined();
  await api.updateAccepted(gw.app, owner, 'properties', old.id, { price: 590_000 });
  expect(await historyOf(owner, old.id)).toEqual([
    { price: 600_000, at: old.created_at },
    { price: 590_000, at: expect.any(String) },
  ]);
});

/** Retries `read` until it resolves (the gateway's change log catches up with a direct store write). */
async function eventually<T>(read: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

it('shows visitors no price set while the listing waited for its first review', async () => {
  const id = await api.insert(
    gw.app,
    owner,
    'properties',
    buildNewListing(owner.user.id, { price: 1_280_000 }),
  );
  // In review: the owner corrects the price before anyone else could see the listing.
  await api.updateAccepted(gw.app, owner, 'properties', id, { price: 1_180_000 });
  expect(prices(await historyOf(owner, id))).toEqual([1_180_000]);
  await api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });
  expect(prices(await historyOf(null, id))).toEqual([1_180_000]);
  // Once public, every change is kept.
  await api.updateAccepted(gw.app, owner, 'properties', id, { price: 1_150_000 });
  expect(prices(await historyOf(null, id))).toEqual([1_180_000, 1_150_000]);
});
