/**
 * Saved searches and the 消息 inbox at the gateway (issue 19): each user's own only (pull and push),
 * the kinds only the gateway writes refused from devices, what an entry may change after it is
 * written, and the per-user cap of saved searches under concurrent creates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import {
  INBOX_MESSAGES,
  SAVED_SEARCH_MAX,
  SAVED_SEARCH_MESSAGES,
  demandMatchesPath,
  inboxEntryId,
} from '../../../couchdb/model/saved-search-facts';
import type { PushResponse } from '../../../couchdb/model/sync';
import request from 'supertest';
import {
  buildInboxEntry,
  buildNewDemand,
  buildNewListing,
  buildSavedSearch,
} from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account, alice: Account, bob: Account, carol: Account;

const push = (who: Account, collection: string, doc: object, assumed: object | null = null) =>
  api.pushDoc(gw.app, who, collection, doc, assumed);
const ids = async (who: Account, collection: string) => [
  ...(await api.serverDocs(gw.app, who, collection)).keys(),
];

const searchOf = (who: Account, overrides = {}) =>
  buildSavedSearch({ id: newId(), user_id: who.user.id, ...overrides });
const entryOf = (who: Account, overrides = {}) => {
  const property = newId();
  return buildInboxEntry({
    id: inboxEntryId(who.user.id, 's-1', property),
    user_id: who.user.id,
    property_ids: [property],
    link: `/properties/${property}`,
    ...overrides,
  });
};

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  alice = await gw.createUser('user', '爱丽丝');
  bob = await gw.createUser('user', '鲍勃');
  carol = await gw.createUser('agent', '经纪人丙');
});
afterAll(async () => {
  await gw?.cleanup();
});

describe('saved searches', () => {
  it('are the owner’s alone: hidden from other users and admins, refused to their pushes', async () => {
    const search = searchOf(alice, { created_at: '2000-01-01T00:00:00.000Z' });
    const res = await push(alice, 'saved_searches', search);
    expect(res.body.rejections).toEqual([]);
    const stored = (res.body as PushResponse).accepted[0]!;
    expect(stored.created_at).not.toBe('2000-01-01T00:00:00.000Z');

    expect(await ids(alice, 'saved_searches')).toContain(search.id);
    expect(await ids(bob, 'saved_searches')).not.toContain(search.id);
    expect(await ids(admin, 'saved_searches')).not.toContain(search.id);
    const visitor = await api.pullPage(gw.app, null, 'saved_searches');
    expect(visitor.status).toBe(401);

    // Bob rewrites Alice's search, and writes one in her name: both refused, nothing changes.
    const rename = await push(bob, 'saved_searches', { ...stored, name: '鲍勃改的' }, stored);
    expect(rename.body.rejections[0]).toMatchObject({ code: 'forbidden' });
    const forged = await push(bob, 'saved_searches', searchOf(alice));
    expect(forged.body.rejections[0]).toMatchObject({
      code: 'forbidden',
      message: ACCESS_MESSAGES.ownMessagesOnly,
    });
    const deletion = await push(bob, 'saved_searches', { id: search.id, _deleted: true }, stored);
    expect(deletion.body.rejections[0]).toMatchObject({ code: 'forbidden' });
    expect((await api.master(gw.app, alice, 'saved_searches', search.id)).name).toBe(search.name);
  });

  it('refuses a filter the list screen would not write', async () => {
    const res = await push(alice, 'saved_searches', searchOf(alice, { filter: 'type=castle' }));
    expect(res.body.rejections[0]).toMatchObject({
      code: 'validation_failed',
      message: SAVED_SEARCH_MESSAGES.badFilter,
    });
  });

  it(`keeps at most ${SAVED_SEARCH_MAX} a user, even when the last creates arrive at once`, async () => {
    for (let i = 0; i < SAVED_SEARCH_MAX - 1; i++)
      await api.insert(gw.app, carol, 'saved_searches', searchOf(carol, { name: `搜索${i}` }));
    // Two devices create the 20th search at the same moment, in separate requests.
    const racing = [searchOf(carol, { name: '手机' }), searchOf(carol, { name: '电脑' })];
    const answers = await Promise.all(racing.map((s) => push(carol, 'saved_searches', s)));
    const refusals = answers.flatMap((a) => a.body.rejections);
    expect(refusals).toEqual([
      expect.objectContaining({ code: 'too_many', message: SAVED_SEARCH_MESSAGES.tooMany }),
    ]);
    expect(await ids(carol, 'saved_searches')).toHaveLength(SAVED_SEARCH_MAX);

    // An edit of an existing one still passes at the cap; a deletion makes room for a new one.
    const [first] = await ids(carol, 'saved_searches');
    await api.updateAccepted(gw.app, carol, 'saved_searches', first!, { mode: 'daily' });
    const late = await push(carol, 'saved_searches', searchOf(carol));
    expect(late.body.rejections[0]).toMatchObject({ code: 'too_many' });
    const current = await api.master(gw.app, carol, 'saved_searches', first!);
    await api.pushAccepted(gw.app, carol, 'saved_searches', [
      { assumedMasterState: current, newDocumentState: { id: first!, _deleted: true } },
    ]);
    expect((await push(carol, 'saved_searches', searchOf(carol))).body.rejections).toEqual([]);
  });
});

describe('the cap under a burst', () => {
  it(`admits no more than ${SAVED_SEARCH_MAX} of 40 creates sent at once; the rest fill up later`, async () => {
    const dave = await gw.createUser('user', '戴夫');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        push(dave, 'saved_searches', searchOf(dave, { name: `并发${i}` })),
      ),
    );
    // Each is admitted, refused as one too many, or (a busy store) answered 503 to send again.
    const accepted = answers.flatMap((a) => (a.status === 200 ? a.body.accepted : []));
    const refused = answers.flatMap((a) => (a.status === 200 ? a.body.rejections : []));
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(refused.every((r: { code: string }) => r.code === 'too_many')).toBe(true);
    expect(accepted.length).toBeLessThanOrEqual(SAVED_SEARCH_MAX);
    expect(await ids(dave, 'saved_searches')).toHaveLength(accepted.length);
    // A burst may be refused a little early; sent again one by one, they fill up to the limit.
    await expect
      .poll(
        async () => {
          await push(dave, 'saved_searches', searchOf(dave, { name: '补发' }));
          return (await ids(dave, 'saved_searches')).length;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(SAVED_SEARCH_MAX);
    const more = await push(dave, 'saved_searches', searchOf(dave, { name: '再多一条' }));
    expect(more.body.rejections[0]).toMatchObject({ code: 'too_many' });
    expect(await ids(dave, 'saved_searches')).toHaveLength(SAVED_SEARCH_MAX);
  });
});

describe('the inbox', () => {
  it('is the owner’s alone, at pull and push', async () => {
    const entry = entryOf(alice);
    await api.insert(gw.app, alice, 'inbox', entry);
    expect(await ids(alice, 'inbox')).toContain(entry.id);
    expect(await ids(bob, 'inbox')).not.toContain(entry.id);
    expect(await ids(admin, 'inbox')).not.toContain(entry.id);

    const stored = await api.master(gw.app, alice, 'inbox', entry.id);
    const read = await push(bob, 'inbox', { ...stored, read_at: new Date().toISOString() }, stored);
    expect(read.body.rejections[0]).toMatchObject({ code: 'forbidden' });
    // Bob cannot drop an entry into Alice's inbox either.
    const planted = await push(bob, 'inbox', entryOf(alice));
    expect(planted.body.rejections[0]).toMatchObject({
      code: 'forbidden',
      message: ACCESS_MESSAGES.ownMessagesOnly,
    });
  });

  it('refuses a notice (gateway-only) from a device, even into the user’s own inbox', async () => {
    const notice = entryOf(bob, {
      kind: 'notice',
      title: '您的举报已处理',
      body: '房源已下架',
      property_ids: [],
      link: '/messages',
    });
    const res = await push(bob, 'inbox', notice);
    expect(res.body.rejections[0]).toMatchObject({
      code: 'forbidden',
      message: INBOX_MESSAGES.deviceKindsOnly,
    });
    expect(await ids(bob, 'inbox')).not.toContain(notice.id);
  });

  it('lets the owner mark an entry read, grow a digest, and nothing else', async () => {
    const match = entryOf(bob);
    await api.insert(gw.app, bob, 'inbox', match);
    await api.updateAccepted(gw.app, bob, 'inbox', match.id, { read_at: new Date().toISOString() });
    // Turning a match into a notice, or pointing it elsewhere, is refused.
    for (const patch of [{ kind: 'notice' }, { link: '/admin' }, { title: '中奖了' }]) {
      const res = await api.update(gw.app, bob, 'inbox', match.id, patch);
      expect(res.body.rejections[0]).toMatchObject({ message: INBOX_MESSAGES.onlyReadState });
    }
    const digest = entryOf(bob, { kind: 'digest', id: inboxEntryId(bob.user.id, 's-1', 'day') });
    await api.insert(gw.app, bob, 'inbox', digest);
    await api.updateAccepted(gw.app, bob, 'inbox', digest.id, {
      property_ids: [...digest.property_ids, 'p-second'],
      body: '今日共 2 套新房源符合条件',
    });
    expect((await api.master(gw.app, bob, 'inbox', digest.id)).property_ids).toHaveLength(2);
  });
});

describe('demand matches for a publisher (item 2)', () => {
  it('counts the active demands of others a listing fits, for its owner only', async () => {
    const listing = await api.insert(
      gw.app,
      carol,
      'properties',
      buildNewListing(carol.user.id, { price: 1_200_000, bedrooms: 3 }),
    );
    const wanted = { type: 'buy' as const, areas: ['凤麓街道' as const], rooms: [3] };
    const fits = {
      ...wanted,
      min_price: 1_000_000,
      max_price: 1_500_000,
      min_area: 50,
      max_area: 120,
    };
    await api.insert(gw.app, alice, 'demands', buildNewDemand(alice.user.id, fits));
    await api.insert(gw.app, bob, 'demands', buildNewDemand(bob.user.id, fits));
    await api.insert(
      gw.app,
      bob,
      'demands',
      buildNewDemand(bob.user.id, { ...fits, status: 'inactive' }),
    );
    await api.insert(
      gw.app,
      bob,
      'demands',
      buildNewDemand(bob.user.id, { ...fits, max_price: 900_000 }),
    );
    await api.insert(gw.app, carol, 'demands', buildNewDemand(carol.user.id, fits));

    const asked = (who: Account | null) =>
      request(gw.app).get(demandMatchesPath(listing)).set(api.bearer(who));
    const own = await asked(carol);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ count: 2 });
    for (const other of [alice, admin]) expect((await asked(other)).status).toBe(403);
    expect((await asked(null)).status).toBe(401);
    expect(
      (await request(gw.app).get(demandMatchesPath('nope')).set(api.bearer(carol))).status,
    ).toBe(404);
  });
});
