/**
 * The sync routes against the real gateway and store (issue 3): what each role pulls from each
 * collection, which pushes are refused (with the reason, and nothing written), which land with the
 * server-owned fields forced, how visibility changes reach devices, and concurrent-write conflicts.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { favoriteId } from '../../../couchdb/model/favorite-facts';
import { NAME_MIN_MESSAGE, USER_ADMIN_MESSAGES } from '../../../couchdb/model/user-facts';
import { UPLOAD_MESSAGES } from '../../../couchdb/model/media-facts';
import type { SyncCheckpoint } from '../../../couchdb/model/sync';
import { composeListingMedia } from '../../../client/data/media/listing-media';
import { buildDemand, buildNews, buildNewListing, type NewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account, agent: Account, alice: Account, bob: Account;

// The shared sync API (tests/helpers/sync-api.ts), bound to this file's gateway.
const pullAll = async (who: Account | null, collection: string, from?: SyncCheckpoint) => {
  // A visitor reads the feed as it is (no wait for writes in flight), once it has brought them.
  if (!who) await gw.feedCaughtUp();
  const { byId, checkpoint } = await api.pullAll(gw.app, who, collection, { from });
  return { docs: byId, checkpoint: checkpoint! };
};
const push = (
  who: Account,
  collection: string,
  newDocumentState: object,
  assumedMasterState: object | null = null,
) => api.pushDoc(gw.app, who, collection, newDocumentState, assumedMasterState);
/** The caller's current server version of a document (as their device would hold it). */
const master = (who: Account, collection: string, id: string) =>
  api.master(gw.app, who, collection, id);
const update = (who: Account, collection: string, id: string, patch: object) =>
  api.update(gw.app, who, collection, id, patch);

async function stored(
  collection: 'properties' | 'news' | 'demands' | 'favorites' | 'settings',
  id: string,
) {
  return (await gw.store
    .db(collection)
    .get(id)
    .catch(() => null)) as Record<string, unknown> | null;
}

const newListing = (owner: Account, overrides: Partial<NewListing> = {}) =>
  buildNewListing(owner.user.id, overrides);
const createListing = (owner: Account, overrides: Partial<NewListing> = {}) =>
  api.insert(gw.app, owner, 'properties', newListing(owner, overrides));
const approve = (id: string) =>
  api.updateAccepted(gw.app, admin, 'properties', id, { audit_status: 'approved' });

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  agent = await gw.createUser('agent', '经纪人乙');
  alice = await gw.createUser('user', '爱丽丝');
  bob = await gw.createUser('user', '鲍勃');
});
afterAll(async () => {
  await gw?.cleanup();
});

describe('properties', () => {
  let pending: string, approved: string, bobsPending: string;
  beforeAll(async () => {
    pending = await createListing(alice, { title: '爱丽丝待审核的房源' });
    approved = await createListing(alice, { title: '爱丽丝已通过的房源' });
    bobsPending = await createListing(bob, { title: '鲍勃待审核的房源' });
    await approve(approved);
  });

  it('lands a new listing with the server-owned fields forced', async () => {
    const doc = newListing(alice, {
      view_count: 999,
      created_at: '2000-01-01T00:00:00.000Z',
      audit_status: 'pending',
    });
    const res = await push(alice, 'properties', doc);
    expect(res.body).toMatchObject({ conflicts: [], rejections: [] });
    const saved = (await stored('properties', doc.id))!;
    // The answer carries the stored version as the author's device sees it, so the device adopts
    // the forced fields even when a pull crossed this push in flight.
    expect(res.body.accepted).toEqual([await master(alice, 'properties', doc.id)]);
    expect(res.body.accepted[0]).toMatchObject({ server_rev: saved._rev, view_count: 0 });
    expect(saved).toMatchObject({
      user_id: alice.user.id,
      status: 'active',
      audit_status: 'pending',
      view_count: 0,
      is_priority: false,
      is_featured: false,
      owner: { name: '爱丽丝' },
    });
    expect(saved.created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it.each([
    ['visitor', (): Account | null => null, ['approved'], ['pending', 'bobsPending']],
    ['alice (owner)', () => alice, ['pending', 'approved'], ['bobsPending']],
    ['bob', () => bob, ['approved', 'bobsPending'], ['pending']],
    ['agent', () => agent, ['approved'], ['pending', 'bobsPending']],
    ['admin', () => admin, ['pending', 'approved', 'bobsPending'], []],
  ] as const)(
    '%s pulls exactly the listings they may see',
    async (_who, caller, visible, hidden) => {
      const ids = { pending, approved, bobsPending };
      const { docs } = await pullAll(caller(), 'properties');
      for (const name of visible) expect(docs.get(ids[name])?._deleted).toBeFalsy();
      for (const name of visible) expect(docs.get(ids[name])?.server_rev).toMatch(/^\d+-/);
      // Never-public listings of others never reach the device, not even as a deleted stub.
      for (const name of hidden) expect(docs.has(ids[name])).toBe(false);
    },
  );

  it('strips every phone field for visitors and keeps them for signed-in users', async () => {
    const visitor = (await pullAll(null, 'properties')).docs.get(approved)!;
    expect(visitor.contact_phone).toBeUndefined();
    expect(visitor.contact).toEqual({ name: '张先生' });
    expect(JSON.stringify(visitor)).not.toContain('13812345678');
    const user = (await pullAll(bob, 'properties')).docs.get(approved)!;
    expect(user.contact_phone).toBe('13812345678');
  });

  it.each([
    [
      'another user edits a listing they cannot see',
      () => bob,
      () => pending,
      { title: '被篡改的标题' },
      'forbidden',
    ],
    [
      "another user edits someone's public listing",
      () => bob,
      () => approved,
      { title: '被篡改的标题' },
      'forbidden',
    ],
    [
      'the owner approves their own listing',
      () => alice,
      () => pending,
      { audit_status: 'approved' },
      'forbidden',
    ],
    [
      'the owner features their listing',
      () => alice,
      () => approved,
      { is_featured: true },
      'forbidden',
    ],
    ['the owner sets priority', () => alice, () => approved, { is_priority: true }, 'forbidden'],
    [
      'the owner takes down a listing still pending',
      () => alice,
      () => pending,
      { status: 'inactive' },
      'invalid_transition',
    ],
    [
      'the owner changes the owner',
      () => alice,
      () => approved,
      { user_id: 'someone-else' },
      'forbidden',
    ],
    ['a schema-breaking price', () => alice, () => approved, { price: 'abc' }, 'validation_failed'],
    ['an unknown field', () => alice, () => approved, { secret: 1 }, 'validation_failed'],
    [
      'an oversize document',
      () => alice,
      () => approved,
      { description: '长'.repeat(30_000) },
      'payload_too_large',
    ],
    ['a hard delete', () => alice, () => approved, { _deleted: true }, 'forbidden'],
  ])(
    'refuses: %s, with a reason and the server version, writing nothing',
    async (_label, who, id, patch, code) => {
      const target = id();
      const before = await stored('properties', target);
      const asAdmin = await master(admin, 'properties', target);
      const res = await push(who(), 'properties', { ...asAdmin, ...patch }, asAdmin);
      expect(res.status).toBe(200);
      expect(res.body.rejections).toHaveLength(1);
      expect(res.body.rejections[0]).toMatchObject({ id: target, code });
      expect(res.body.rejections[0].message).toMatch(/\p{Script=Han}/u);
      expect(res.body.conflicts).toHaveLength(1);
      expect(res.body.conflicts[0].id).toBe(target);
      expect(await stored('properties', target)).toEqual(before);
    },
  );

  it('does not reveal a hidden listing through the refusal', async () => {
    const asAdmin = await master(admin, 'properties', pending);
    const res = await push(bob, 'properties', { ...asAdmin, title: '试探' }, asAdmin);
    expect(res.body.conflicts).toEqual([{ id: pending, _deleted: true }]);
  });

  it.each([
    ['a forged owner', () => ({ user_id: bob.user.id })],
    ['self-approval', () => ({ audit_status: 'approved' as const })],
    ['a featured flag', () => ({ is_featured: true })],
    ['a priority flag', () => ({ is_priority: true })],
  ])('refuses a new listing with %s and stores nothing', async (_label, overrides) => {
    const doc = newListing(alice, overrides());
    const res = await push(alice, 'properties', doc);
    expect(res.body.rejections).toEqual([
      expect.objectContaining({ id: doc.id, code: 'forbidden' }),
    ]);
    expect(res.body.conflicts).toEqual([{ id: doc.id, _deleted: true }]);
    expect(await stored('properties', doc.id)).toBeNull();
  });

  it('answers a write based on a stale version as a conflict with the current one', async () => {
    const stale = await master(alice, 'properties', approved);
    expect(
      (await update(alice, 'properties', approved, { title: '第一次修改标题' })).body.rejections,
    ).toEqual([]);
    const res = await push(alice, 'properties', { ...stale, title: '基于旧版本的修改' }, stale);
    expect(res.body.rejections).toEqual([]);
    expect(res.body.conflicts).toHaveLength(1);
    expect(res.body.conflicts[0]).toMatchObject({ id: approved, title: '第一次修改标题' });
    expect((await stored('properties', approved))!.title).toBe('第一次修改标题');
  });

  it('tells a re-sent copy of an earlier version (no version assumed) from an edit', async () => {
    const listing = await createListing(alice, { title: '爱丽丝会被再次发送的房源' });
    const pulled = await master(alice, 'properties', listing);
    expect(
      (await update(alice, 'properties', listing, { title: '另一台设备改的标题' })).body.rejections,
    ).toEqual([]);
    // RxDB sends the version it had pulled again, without the version it assumed.
    const again = await push(alice, 'properties', { ...pulled, _deleted: false });
    expect(again.body.rejections).toEqual([]);
    expect(again.body.resent).toEqual([listing]);
    expect(again.body.conflicts[0]).toMatchObject({ id: listing, title: '另一台设备改的标题' });
    // The same without a version, but changed: an edit (the device reconciles it as one).
    const edited = await push(alice, 'properties', { ...pulled, title: '这台设备改的标题' });
    expect(edited.body.resent).toEqual([]);
    expect(edited.body.conflicts[0]).toMatchObject({ id: listing, title: '另一台设备改的标题' });
    // A revision that does not exist says nothing either.
    for (const server_rev of ['1-0000', 'not-a-revision', '']) {
      const forged = await push(alice, 'properties', { ...pulled, server_rev });
      expect(forged.status).toBe(200);
      expect(forged.body.resent).toEqual([]);
    }
    expect((await stored('properties', listing))!.title).toBe('另一台设备改的标题');
  });

  it('sends a visibility change to devices: approve → appears, take down and delete → deleted stubs', async () => {
    const listing = await createListing(bob, { title: '鲍勃将被审核的房源' });
    const start = (await pullAll(null, 'properties')).checkpoint;
    await approve(listing);
    const afterApprove = await pullAll(null, 'properties', start);
    expect(afterApprove.docs.get(listing)).toMatchObject({ id: listing, audit_status: 'approved' });

    expect(
      (await update(admin, 'properties', listing, { status: 'inactive' })).body.rejections,
    ).toEqual([]);
    const afterTakeDown = await pullAll(null, 'properties', afterApprove.checkpoint);
    expect(afterTakeDown.docs.get(listing)).toEqual({ id: listing, _deleted: true });
    // The owner still has it, now inactive.
    expect((await pullAll(bob, 'properties')).docs.get(listing)).toMatchObject({
      status: 'inactive',
    });

    expect(
      (await update(admin, 'properties', listing, { status: 'active' })).body.rejections,
    ).toEqual([]);
    expect(
      (await update(bob, 'properties', listing, { status: 'deleted' })).body.rejections,
    ).toEqual([]);
    const afterDelete = await pullAll(null, 'properties', afterTakeDown.checkpoint);
    expect(afterDelete.docs.get(listing)).toEqual({ id: listing, _deleted: true });
  });

  it('rejection goes back to review when the owner edits (resubmission)', async () => {
    const listing = await createListing(alice);
    expect(
      (
        await update(admin, 'properties', listing, {
          audit_status: 'rejected',
          audit_comment: '图片不清晰',
        })
      ).body.rejections,
    ).toEqual([]);
    const rejected = await master(alice, 'properties', listing);
    expect(rejected).toMatchObject({
      audit_status: 'rejected',
      audit_comment: '图片不清晰',
      audited_by: admin.user.id,
    });
    expect(
      (await update(alice, 'properties', listing, { title: '重新提交的清晰房源' })).body.rejections,
    ).toEqual([]);
    expect(await master(alice, 'properties', listing)).toMatchObject({
      audit_status: 'pending',
      title: '重新提交的清晰房源',
    });
  });

  it('logs every accepted property write with its operator', async () => {
    const listing = await createListing(alice, { title: '用于日志的房源' });
    await approve(listing);
    await update(admin, 'properties', listing, { status: 'inactive' });
    const { docs } = await pullAll(admin, 'oplog');
    const entries = [...docs.values()].filter((e) => e.property_id === listing);
    expect(entries.map((e) => [e.operation_type, e.operator_id, e.operator_role])).toEqual(
      expect.arrayContaining([
        ['create', alice.user.id, 'user'],
        ['approve', admin.user.id, 'admin'],
        ['unpublish', admin.user.id, 'admin'],
      ]),
    );
    const create = entries.find((e) => e.operation_type === 'create')!;
    expect(create).toMatchObject({
      operator_name: '爱丽丝',
      property_title: '用于日志的房源',
      old_data: null,
    });
    expect(create.new_data).toMatchObject({ title: '用于日志的房源' });
  });
});

describe('other collections', () => {
  it('news: published for everyone, drafts for admins; only admins write', async () => {
    const published = buildNews({ id: newId(), author_id: admin.user.id, status: 'published' });
    const draft = buildNews({ id: newId(), author_id: admin.user.id, status: 'draft' });
    expect((await push(admin, 'news', published)).body.rejections).toEqual([]);
    expect((await push(admin, 'news', draft)).body.rejections).toEqual([]);
    for (const who of [null, alice, agent]) {
      const { docs } = await pullAll(who, 'news');
      expect(docs.has(published.id)).toBe(true);
      expect(docs.has(draft.id)).toBe(false);
    }
    expect((await pullAll(admin, 'news')).docs.has(draft.id)).toBe(true);
    const res = await push(alice, 'news', buildNews({ id: newId(), author_id: alice.user.id }));
    expect(res.body.rejections[0]).toMatchObject({ code: 'forbidden' });
  });

  it('a deleted demand does not come back when a device re-sends the copy it had pulled', async () => {
    const demand = { ...buildDemand({ id: newId(), user_id: alice.user.id }) };
    delete (demand as { user?: unknown }).user;
    expect((await push(alice, 'demands', demand)).body.rejections).toEqual([]);
    const pulled = await master(alice, 'demands', demand.id);
    expect(
      (await push(alice, 'demands', { ...pulled, _deleted: true }, pulled)).body.rejections,
    ).toEqual([]);
    // Another device of hers still holds the pulled copy and sends it again with no version assumed.
    const again = await push(alice, 'demands', { ...pulled, _deleted: false });
    expect(again.body).toEqual({
      conflicts: [{ id: demand.id, _deleted: true }],
      rejections: [],
      accepted: [],
      resent: [demand.id],
    });
    // Edited before it was sent: not a new demand either (her device keeps the edit as refused).
    const edited = await push(alice, 'demands', { ...pulled, title: '删掉前改过的标题' });
    expect(edited.body.conflicts).toEqual([{ id: demand.id, _deleted: true }]);
    expect(edited.body.resent).toEqual([]);
    expect(await stored('demands', demand.id)).toBeNull();
  });

  it('demands: own for users, all for admins, none for visitors; deletes propagate as stubs', async () => {
    const mine = { ...buildDemand({ id: newId(), user_id: alice.user.id }) };
    delete (mine as { user?: unknown }).user;
    const theirs = { ...buildDemand({ id: newId(), user_id: bob.user.id }) };
    delete (theirs as { user?: unknown }).user;
    expect((await push(alice, 'demands', mine)).body.rejections).toEqual([]);
    expect((await push(bob, 'demands', theirs)).body.rejections).toEqual([]);
    const forAlice = await pullAll(alice, 'demands');
    expect(forAlice.docs.has(mine.id)).toBe(true);
    expect(forAlice.docs.has(theirs.id)).toBe(false);
    expect(forAlice.docs.get(mine.id)).toMatchObject({
      user: { name: '爱丽丝', user_type: 'user' },
    });
    const forAdmin = await pullAll(admin, 'demands');
    expect(forAdmin.docs.has(mine.id) && forAdmin.docs.has(theirs.id)).toBe(true);
    expect((await request(gw.app).get('/api/sync/demands/pull')).status).toBe(401);
    // Bob cannot touch Alice's demand; Alice deletes it and her other device gets the stub.
    const steal = await push(
      bob,
      'demands',
      { ...forAlice.docs.get(mine.id)!, title: '改别人的需求' },
      forAlice.docs.get(mine.id)!,
    );
    expect(steal.body.rejections[0]).toMatchObject({ code: 'forbidden' });
    const current = forAlice.docs.get(mine.id)!;
    expect(
      (await push(alice, 'demands', { ...current, _deleted: true }, current)).body.rejections,
    ).toEqual([]);
    const after = await pullAll(alice, 'demands', forAlice.checkpoint);
    expect(after.docs.get(mine.id)).toEqual({ id: mine.id, _deleted: true });
    expect((await pullAll(bob, 'demands')).docs.has(mine.id)).toBe(false);
  });

  it('favorites: own only, even for admins; the id must match the owner', async () => {
    const listing = await createListing(bob);
    await approve(listing);
    const fav = {
      id: favoriteId(alice.user.id, listing),
      user_id: alice.user.id,
      property_id: listing,
      created_at: new Date().toISOString(),
    };
    expect((await push(alice, 'favorites', fav)).body.rejections).toEqual([]);
    expect((await pullAll(alice, 'favorites')).docs.has(fav.id)).toBe(true);
    expect((await pullAll(admin, 'favorites')).docs.has(fav.id)).toBe(false);
    const forged = { ...fav, id: favoriteId(bob.user.id, listing), user_id: bob.user.id };
    expect((await push(alice, 'favorites', forged)).body.rejections[0]).toMatchObject({
      code: 'forbidden',
    });
  });

  it('settings: everyone reads, only admins write', async () => {
    const setting = {
      id: 'max_images_per_property',
      setting_value: 12,
      description: '每个房源最多上传的媒体数量',
      updated_at: new Date().toISOString(),
    };
    expect((await push(alice, 'settings', setting)).body.rejections[0]).toMatchObject({
      code: 'forbidden',
    });
    expect(await stored('settings', 'max_images_per_property')).toBeNull();
    expect((await push(admin, 'settings', setting)).body.rejections).toEqual([]);
    expect((await pullAll(null, 'settings')).docs.get('max_images_per_property')).toMatchObject({
      setting_value: 12,
    });
    const bad = await update(admin, 'settings', 'max_images_per_property', { setting_value: 99 });
    expect(bad.body.rejections[0]).toMatchObject({ code: 'validation_failed' });
  });

  it('properties: the media limit as set now applies to new media, not to other edits', async () => {
    const photos = (n: number) =>
      composeListingMedia(
        Array.from({ length: n }, (_, i) => ({
          type: 'image' as const,
          url: `/media/limit/${i}.webp`,
          thumbnail_url: '',
        })),
        'x',
        new Date().toISOString(),
      );
    const id = await createListing(alice, photos(3));
    const limit = await update(admin, 'settings', 'max_images_per_property', { setting_value: 2 });
    expect(limit.body.rejections).toEqual([]);
    try {
      const tooMany = await push(alice, 'properties', newListing(alice, photos(3)));
      expect(tooMany.body.rejections[0]).toMatchObject({
        code: 'validation_failed',
        message: UPLOAD_MESSAGES.tooManyMedia(2),
      });
      expect(
        (await push(alice, 'properties', newListing(alice, photos(2)))).body.rejections,
      ).toEqual([]);
      // The listing made under the old limit: a title edit passes, adding media does not.
      expect(
        (await update(alice, 'properties', id, { title: '湖景三居 新标题' })).body.rejections,
      ).toEqual([]);
      expect((await update(alice, 'properties', id, photos(4))).body.rejections[0]).toMatchObject({
        message: UPLOAD_MESSAGES.tooManyMedia(2),
      });
    } finally {
      await update(admin, 'settings', 'max_images_per_property', { setting_value: 12 });
    }
  });

  it('users: own profile for users, everyone for admins; roles only by admins', async () => {
    expect([...(await pullAll(alice, 'users')).docs.keys()]).toEqual([alice.user.id]);
    expect((await pullAll(admin, 'users')).docs.size).toBeGreaterThanOrEqual(4);
    expect(
      (await update(alice, 'users', alice.user.id, { user_type: 'admin' })).body.rejections[0],
    ).toMatchObject({ code: 'forbidden' });
    expect(
      (await update(alice, 'users', alice.user.id, { name: '爱丽丝新名' })).body.rejections,
    ).toEqual([]);
    // The avatar link is checked on this path too: a photo of this site or https only.
    for (const bad of ['javascript:alert(1)', 'http://img.example.com/a.png'])
      expect(
        (await update(alice, 'users', alice.user.id, { avatar_url: bad })).body.rejections[0],
      ).toMatchObject({ code: 'validation_failed' });
    expect(
      (await update(alice, 'users', alice.user.id, { avatar_url: '/media/ab/cd.webp' })).body
        .rejections,
    ).toEqual([]);
    // A name follows the profile form's rule on this path too (security probe, finding 7).
    expect(
      (await update(alice, 'users', alice.user.id, { name: '   ' })).body.rejections[0],
    ).toMatchObject({ code: 'validation_failed', message: NAME_MIN_MESSAGE });
    expect(
      (await update(alice, 'users', alice.user.id, { name: ' 爱丽丝 ' })).body.rejections,
    ).toEqual([]);
    expect((await pullAll(alice, 'users')).docs.get(alice.user.id)).toMatchObject({
      name: '爱丽丝',
    });
    // An admin changes a role through the account endpoint (it reshapes sessions), not by sync.
    const asAdmin = await master(admin, 'users', bob.user.id);
    expect(
      (await push(admin, 'users', { ...asAdmin, user_type: 'agent' }, asAdmin)).body.rejections[0],
    ).toMatchObject({ code: 'forbidden', message: USER_ADMIN_MESSAGES.viaAccountScreen });
    const changed = await request(gw.app)
      .put(`/api/admin/users/${bob.user.id}/role`)
      .set(api.bearer(admin))
      .send({ role: 'agent' });
    expect(changed.status).toBe(200);
    expect((await pullAll(admin, 'users')).docs.get(bob.user.id)).toMatchObject({
      user_type: 'agent',
    });
  });

  it('oplog: admins only, read-only', async () => {
    expect((await request(gw.app).get('/api/sync/oplog/pull').set(api.bearer(alice))).status).toBe(
      403,
    );
    expect((await request(gw.app).get('/api/sync/oplog/pull')).status).toBe(401);
    expect(
      (
        await request(gw.app)
          .post('/api/sync/oplog/push')
          .set(api.bearer(admin))
          .send([{ assumedMasterState: null, newDocumentState: { id: 'x' } }])
      ).body.rejections[0],
    ).toMatchObject({ code: 'forbidden' });
  });

  it('refuses unknown collections, bad checkpoints and malformed pushes', async () => {
    expect((await request(gw.app).get('/api/sync/auth/pull').set(api.bearer(admin))).status).toBe(
      404,
    );
    expect(
      (await request(gw.app).get('/api/sync/properties/pull').query({ checkpoint: '{"$gt":1}' }))
        .status,
    ).toBe(400);
    expect(
      (await request(gw.app).get('/api/sync/properties/pull').query({ limit: 100000 })).status,
    ).toBe(400);
    expect((await request(gw.app).post('/api/sync/properties/push').send([])).status).toBe(401);
    const notArray = await request(gw.app)
      .post('/api/sync/properties/push')
      .set(api.bearer(alice))
      .send({ rows: 1 });
    expect(notArray.status).toBe(400);
    const malformed = await request(gw.app)
      .post('/api/sync/properties/push')
      .set(api.bearer(alice))
      .set('Content-Type', 'application/json')
      .send('[{"newDocumentState": ');
    expect(malformed.body.error.code).toBe('bad_json');
    const badId = await push(alice, 'properties', { id: '../_design/x' });
    expect(badId.body.rejections[0]).toMatchObject({ code: 'validation_failed' });
    expect((await request(gw.app).get('/api/health')).status).toBe(200);
  });
});

describe('counters', () => {
  it('counts a view once per identity per window and logs the day’s count', async () => {
    const listing = await createListing(alice);
    await approve(listing);
    const first = await request(gw.app)
      .post(`/api/properties/${listing}/view`)
      .set('X-Device-Id', 'device-aaaaaaaa');
    expect(first.body).toEqual({ counted: true, value: 1 });
    const again = await request(gw.app)
      .post(`/api/properties/${listing}/view`)
      .set('X-Device-Id', 'device-aaaaaaaa');
    expect(again.body).toEqual({ counted: false, value: 1 });
    const other = await request(gw.app)
      .post(`/api/properties/${listing}/view`)
      .set(api.bearer(bob));
    expect(other.body).toEqual({ counted: true, value: 2 });
    expect((await stored('properties', listing))!.view_count).toBe(2);
    const contact = await request(gw.app)
      .post(`/api/properties/${listing}/contact`)
      .set(api.bearer(bob));
    expect(contact.body.counted).toBe(true);
    const log = [...(await pullAll(admin, 'oplog')).docs.values()].filter(
      (e) => e.property_id === listing,
    );
    // Views are logged as one entry a listing and day, carrying the count.
    const views = log.filter((e) => e.operation_type === 'view');
    expect(views).toHaveLength(1);
    expect(views[0]!.new_data).toMatchObject({ views: 2 });
    expect(log.filter((e) => e.operation_type === 'contact')).toHaveLength(1);
  });

  it('likes an article once per identity, and hides what the caller cannot see', async () => {
    const article = buildNews({ id: newId(), author_id: admin.user.id, status: 'published' });
    await push(admin, 'news', article);
    expect(
      (await request(gw.app).post(`/api/news/${article.id}/like`).set(api.bearer(alice))).body,
    ).toEqual({ counted: true, value: 1 });
    expect(
      (await request(gw.app).post(`/api/news/${article.id}/like`).set(api.bearer(alice))).body,
    ).toEqual({ counted: false, value: 1 });
    const hidden = await createListing(bob);
    expect((await request(gw.app).post(`/api/properties/${hidden}/view`)).status).toBe(404);
    expect((await request(gw.app).post(`/api/properties/nope/view`)).status).toBe(404);
  });
});

describe('no-op pushes', () => {
  it('writes no new revision and no log entry when nothing changed', async () => {
    const listing = await createListing(alice, { title: '不会被重复记录的房源' });
    const before = await stored('properties', listing);
    const current = await master(alice, 'properties', listing);
    const res = await push(alice, 'properties', current, current);
    expect(res.body).toEqual({ conflicts: [], rejections: [], accepted: [current], resent: [] });
    expect((await stored('properties', listing))!._rev).toBe(before!._rev);
    const log = [...(await pullAll(admin, 'oplog')).docs.values()].filter(
      (e) => e.property_id === listing,
    );
    expect(log.map((e) => e.operation_type)).toEqual(['create']);
  });
});

describe('a write whose log entry was lost', () => {
  it('is logged when the device re-sends it, and only once', async () => {
    const doc = newListing(alice, { title: '日志丢失后补记的房源' });
    expect((await push(alice, 'properties', doc)).body.rejections).toEqual([]);
    const logFor = async () =>
      [...(await pullAll(admin, 'oplog')).docs.values()].filter(
        (e) => e.property_id === doc.id && !e._deleted,
      );
    // Simulate the gateway stopping between the listing write and its log entry.
    const [entry] = await logFor();
    const raw = (await gw.store.db('oplog').get(entry!.id)) as { _id: string; _rev: string };
    await gw.store.db('oplog').destroy(raw._id, raw._rev);
    // Written to the store directly, not through the gateway: nothing waits for it but the feed.
    await gw.feedCaughtUp();
    expect(await logFor()).toEqual([]);

    // The device never heard back, so it sends the same create again.
    const retry = await push(alice, 'properties', doc);
    expect(retry.body.rejections).toEqual([]);
    expect(retry.body.conflicts[0]).toMatchObject({ id: doc.id, title: '日志丢失后补记的房源' });
    const again = await push(alice, 'properties', doc);
    expect(again.body.rejections).toEqual([]);
    const entries = await logFor();
    expect(entries.map((e) => [e.operation_type, e.operator_id])).toEqual([
      ['create', alice.user.id],
    ]);
  });
});
