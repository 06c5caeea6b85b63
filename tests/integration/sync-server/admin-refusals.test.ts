/**
 * Admin-only actions against the real gateway and store (issue 7): ordinary users and agents are
 * refused every review and listing-management action of product §2/§4 and every admin-only write of
 * architecture §4, with the reason, leaving the store and the operation log as they were; an admin doing
 * the same is accepted and logged in their name, and decides on a pending listing only.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import type { OplogEntry } from '../../../couchdb/model/oplog';
import { ERROR_MESSAGES } from '../../../couchdb/model/errors';
import type { PushRow, SyncDocument } from '../../../couchdb/model/sync';
import { USER_ADMIN_MESSAGES } from '../../../couchdb/model/user-facts';
import type { UserRole } from '../../../couchdb/model/roles';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { filterOplog } from '../../../couchdb/rules/admin-listings';
import { STATUS_MESSAGES } from '../../../couchdb/rules/property-status';
import { buildNewListing, buildNews } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

type Collection = 'properties' | 'news' | 'settings' | 'users';

let gw: TestGateway;
let admin: Account;
let alice: Account;
const callers = {} as Record<'user' | 'agent', Account>;

// The shared sync API (tests/helpers/sync-api.ts), bound to this file's gateway.
const pullAll = async (who: Account, collection: string): Promise<Map<string, SyncDocument>> =>
  (await api.pullAll(gw.app, who, collection)).byId;
const pushRows = (who: Account, collection: string, rows: PushRow[]) =>
  api.push(gw.app, who, collection, rows);
/** The server's version as an admin's device holds it (the best-informed base for a forged write). */
const master = (collection: Collection, id: string): Promise<SyncDocument> =>
  api.master(gw.app, admin, collection, id);
/** A row changing the server's current version (as an admin's device holds it) by `patch`. */
const patchRow = (collection: Collection, id: string, patch: object): Promise<PushRow> =>
  api.patchRow(gw.app, admin, collection, id, patch);

/** The raw stored document (revision included), or null. */
async function stored(collection: Collection, id: string) {
  return (await gw.store
    .db(collection)
    .get(id)
    .catch(() => null)) as Record<string, unknown> | null;
}

/**
 * Every operation-log entry, read as an admin's device does, in id order: two reads of a sharded
 * CouchDB may list the same changes in different orders.
 */
async function oplog(): Promise<OplogEntry[]> {
  const entries = [...(await pullAll(admin, 'oplog')).values()].filter((e) => !e._deleted);
  return (entries as unknown as OplogEntry[]).sort((a, b) => (a.id < b.id ? -1 : 1));
}
/**
 * One listing's entries, oldest first, in the order its admin screen shows them (newest first
 * there): by time, then id. The feed's order is the store's, which a sharded CouchDB does not keep.
 */
const logOf = async (id: string) => filterOplog(await oplog(), { propertyId: id }).reverse();

const createListing = (owner: Account, title: string): Promise<string> =>
  api.insert(gw.app, owner, 'properties', buildNewListing(owner.user.id, { title }));
const adminPatch = (id: string, patch: object): Promise<void> =>
  api.updateAccepted(gw.app, admin, 'properties', id, patch);

/** Alice's listings in each state an admin acts on. */
async function listings(label: string) {
  const pending = await createListing(alice, `${label}：待审核的房源`);
  const approved = await createListing(alice, `${label}：已上架的房源`);
  const inactive = await createListing(alice, `${label}：已下架的房源`);
  await adminPatch(approved, { audit_status: 'approved' });
  await adminPatch(inactive, { audit_status: 'approved' });
  await adminPatch(inactive, { status: 'inactive' });
  return { pending, approved, inactive };
}

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  alice = await gw.createUser('user', '爱丽丝');
  callers.user = await gw.createUser('user', '普通用户丙');
  callers.agent = await gw.createUser('agent', '经纪人丁');
});
afterAll(async () => {
  await gw?.cleanup();
});

const am = ACCESS_MESSAGES;
type Targets = Awaited<ReturnType<typeof listings>> & { ownPending: string; ownApproved: string };
type RefusalCase = [
  label: string,
  collection: Collection,
  row: (t: Targets, caller: Account) => Promise<PushRow>,
  code: string,
  message: string,
];

const listingRefusals: RefusalCase[] = [
  [
    'approves a pending listing',
    'properties',
    (t) => patchRow('properties', t.pending, { audit_status: 'approved' }),
    'forbidden',
    am.notOwner,
  ],
  [
    'rejects a pending listing with a reason',
    'properties',
    (t) =>
      patchRow('properties', t.pending, { audit_status: 'rejected', audit_comment: '图片模糊' }),
    'forbidden',
    am.notOwner,
  ],
  [
    'sets is_priority',
    'properties',
    (t) => patchRow('properties', t.approved, { is_priority: true }),
    'forbidden',
    am.notOwner,
  ],
  [
    'sets is_featured',
    'properties',
    (t) => patchRow('properties', t.approved, { is_featured: true }),
    'forbidden',
    am.notOwner,
  ],
  [
    "takes someone else's approved listing off the shelf",
    'properties',
    (t) => patchRow('properties', t.approved, { status: 'inactive' }),
    'forbidden',
    am.notOwner,
  ],
  [
    "puts someone else's listing on the shelf",
    'properties',
    (t) => patchRow('properties', t.inactive, { status: 'active' }),
    'forbidden',
    am.notOwner,
  ],
  [
    "deletes someone else's listing",
    'properties',
    (t) => patchRow('properties', t.approved, { status: 'deleted' }),
    'forbidden',
    am.notOwner,
  ],
  [
    "edits someone else's pending listing",
    'properties',
    (t) => patchRow('properties', t.pending, { title: '非管理员改的标题', price: 1 }),
    'forbidden',
    am.notOwner,
  ],
  [
    'approves their own listing',
    'properties',
    (t) => patchRow('properties', t.ownPending, { audit_status: 'approved' }),
    'forbidden',
    am.adminOnlyFields,
  ],
  [
    'sets priority on their own listing',
    'properties',
    (t) => patchRow('properties', t.ownApproved, { is_priority: true }),
    'forbidden',
    am.adminOnlyFields,
  ],
  [
    'features their own listing',
    'properties',
    (t) => patchRow('properties', t.ownApproved, { is_featured: true }),
    'forbidden',
    am.adminOnlyFields,
  ],
];

const otherRefusals: RefusalCase[] = [
  [
    'writes news',
    'news',
    async (_t, caller) => ({
      assumedMasterState: null,
      newDocumentState: buildNews({ id: newId(), author_id: caller.user.id }),
    }),
    'forbidden',
    am.newsAdminOnly,
  ],
  [
    'writes settings',
    'settings',
    async () => ({
      assumedMasterState: null,
      newDocumentState: {
        id: 'audit_required',
        setting_value: false,
        description: '新发布的房源是否需要管理员审核',
        updated_at: new Date().toISOString(),
      },
    }),
    'forbidden',
    am.settingsAdminOnly,
  ],
  [
    "changes another user's role",
    'users',
    () => patchRow('users', alice.user.id, { user_type: 'admin' }),
    'forbidden',
    am.ownProfileOnly,
  ],
  [
    "changes another user's verification",
    'users',
    () => patchRow('users', alice.user.id, { is_verified: false }),
    'forbidden',
    am.ownProfileOnly,
  ],
  [
    'deletes another user',
    'users',
    async () => {
      const current = await master('users', alice.user.id);
      return { assumedMasterState: current, newDocumentState: { ...current, _deleted: true } };
    },
    'forbidden',
    am.ownProfileOnly,
  ],
  [
    'makes themselves an admin',
    'users',
    (_t, caller) => patchRow('users', caller.user.id, { user_type: 'admin' }),
    'forbidden',
    am.adminOnlyUserFields,
  ],
  [
    'changes their own verification',
    'users',
    (_t, caller) => patchRow('users', caller.user.id, { is_verified: false }),
    'forbidden',
    am.adminOnlyUserFields,
  ],
];

describe.each(['user', 'agent'] as const)('a caller of role %s', (role: UserRole) => {
  let caller: Account;
  let targets: Targets;

  beforeAll(async () => {
    caller = callers[role as 'user' | 'agent'];
    const mine = await createListing(caller, `${role}自己的已通过房源`);
    await adminPatch(mine, { audit_status: 'approved' });
    targets = {
      ...(await listings(role)),
      ownPending: await createListing(caller, `${role}自己的待审核房源`),
      ownApproved: mine,
    };
  });

  it.each([...listingRefusals, ...otherRefusals])(
    'is refused when it %s: the reason, the server version, nothing stored or logged',
    async (_label, collection, row, code, message) => {
      const r = await row(targets, caller);
      const id = r.newDocumentState.id as string;
      const before = await stored(collection, id);
      const logBefore = (await oplog()).length;

      const res = await pushRows(caller, collection, [r]);
      expect(res.status).toBe(200);
      expect(res.body.rejections).toEqual([{ id, code, message }]);
      expect(res.body.accepted).toEqual([]);
      expect(res.body.conflicts).toHaveLength(1);
      expect(res.body.conflicts[0].id).toBe(id);

      expect(await stored(collection, id)).toEqual(before);
      expect((await oplog()).length).toBe(logBefore);
    },
  );

  it('is refused every row of a batch of admin actions', async () => {
    const rows = [
      await patchRow('properties', targets.pending, { audit_status: 'approved' }),
      await patchRow('properties', targets.approved, { is_priority: true, is_featured: true }),
      await patchRow('properties', targets.inactive, { status: 'active' }),
      await patchRow('properties', targets.ownPending, {
        audit_status: 'rejected',
        audit_comment: '自己拒绝',
      }),
      await patchRow('properties', targets.ownApproved, { status: 'deleted', is_priority: true }),
    ];
    const ids = rows.map((r) => r.newDocumentState.id as string);
    const before = await Promise.all(ids.map((id) => stored('properties', id)));
    const logBefore = (await oplog()).length;

    const res = await pushRows(caller, 'properties', rows);
    expect(res.status).toBe(200);
    expect(res.body.rejections).toEqual([
      { id: ids[0], code: 'forbidden', message: am.notOwner },
      { id: ids[1], code: 'forbidden', message: am.notOwner },
      { id: ids[2], code: 'forbidden', message: am.notOwner },
      { id: ids[3], code: 'forbidden', message: am.adminOnlyFields },
      { id: ids[4], code: 'forbidden', message: am.adminOnlyFields },
    ]);
    expect(res.body.conflicts.map((d: SyncDocument) => d.id)).toEqual(ids);
    expect(res.body.accepted).toEqual([]);
    expect(await Promise.all(ids.map((id) => stored('properties', id)))).toEqual(before);
    expect((await oplog()).length).toBe(logBefore);
  });

  it('cannot write the operation log', async () => {
    const logBefore = await oplog();
    const entry = {
      id: newId(),
      property_id: targets.pending,
      operation_type: 'approve',
      operation_description: '伪造的审核记录',
      operator_id: caller.user.id,
      operator_name: '伪造',
      operator_role: 'admin',
      old_data: null,
      new_data: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    const res = await pushRows(caller, 'oplog', [
      { assumedMasterState: null, newDocumentState: entry },
    ]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: ERROR_MESSAGES.forbidden } });
    expect(await oplog()).toEqual(logBefore);
  });

  it('cannot get a log entry written by re-sending a copy of a listing', async () => {
    // A counted view moves the listing to a revision no sync write produced (so no entry is named
    // after it); the copy claims to be based on a pending version, i.e. to be the approval.
    const view = await request(gw.app)
      .post(`/api/properties/${targets.approved}/view`)
      .set(api.bearer(caller));
    expect(view.body.counted).toBe(true);
    const seen = (await pullAll(caller, 'properties')).get(targets.approved)!;
    const before = await stored('properties', targets.approved);
    const logBefore = (await oplog()).length;

    const res = await pushRows(caller, 'properties', [
      {
        assumedMasterState: { ...seen, audit_status: 'pending', server_rev: '1-forged' },
        newDocumentState: seen,
      },
    ]);
    expect(res.body.rejections).toEqual([]);
    expect(res.body.conflicts).toEqual([seen]);
    expect(await stored('properties', targets.approved)).toEqual(before);
    expect((await oplog()).length).toBe(logBefore);
  });
});

describe('an admin', () => {
  let t: Awaited<ReturnType<typeof listings>>;
  beforeAll(async () => {
    t = await listings('管理员');
  });

  /** Pushes one row as the admin, expects it accepted, and returns the stored version and the new log entries. */
  async function accepted(id: string, patch: object) {
    const logBefore = new Set((await logOf(id)).map((e) => e.id));
    const startedAt = new Date().toISOString();
    const res = await pushRows(admin, 'properties', [await patchRow('properties', id, patch)]);
    expect(res.body.rejections).toEqual([]);
    expect(res.body.conflicts).toEqual([]);
    expect(res.body.accepted).toHaveLength(1);
    const doc = (await stored('properties', id))!;
    const entries = (await logOf(id)).filter((e) => !logBefore.has(e.id));
    return { doc, entries, startedAt };
  }

  /** The operator fields of an entry the admin's write produced. */
  const byAdmin = () => ({
    operator_id: admin.user.id,
    operator_name: '管理员甲',
    operator_role: 'admin',
  });

  it('approves a pending listing: auditor and time recorded, logged in their name', async () => {
    const id = await createListing(alice, '管理员审核通过的房源');
    const { doc, entries, startedAt } = await accepted(id, { audit_status: 'approved' });
    expect(doc).toMatchObject({ audit_status: 'approved', audited_by: admin.user.id });
    expect(String(doc.audited_at) >= startedAt).toBe(true);
    expect(entries).toEqual([expect.objectContaining({ operation_type: 'approve', ...byAdmin() })]);
    expect(entries[0]!.old_data).toMatchObject({ audit_status: 'pending' });
    expect(entries[0]!.new_data).toMatchObject({ audit_status: 'approved' });
  });

  it('rejects a pending listing with a reason', async () => {
    const id = await createListing(alice, '管理员拒绝的房源');
    const { doc, entries, startedAt } = await accepted(id, {
      audit_status: 'rejected',
      audit_comment: '图片与描述不符',
    });
    expect(doc).toMatchObject({
      audit_status: 'rejected',
      audit_comment: '图片与描述不符',
      audited_by: admin.user.id,
    });
    expect(String(doc.audited_at) >= startedAt).toBe(true);
    expect(entries).toEqual([expect.objectContaining({ operation_type: 'reject', ...byAdmin() })]);
    expect(entries[0]!.operation_description).toContain('图片与描述不符');
  });

  it.each([
    ['sets is_priority', 'approved', { is_priority: true }, 'update'],
    ['sets is_featured', 'approved', { is_featured: true }, 'update'],
    ["takes someone else's listing off the shelf", 'approved', { status: 'inactive' }, 'unpublish'],
    ['puts it on the shelf', 'inactive', { status: 'active' }, 'publish'],
    ["edits someone else's pending listing", 'pending', { title: '管理员改的标题' }, 'update'],
    ['sets priority on a pending listing', 'pending', { is_priority: true }, 'update'],
    ["deletes someone else's listing", 'approved', { status: 'deleted' }, 'delete'],
  ] as const)('%s: accepted and logged in their name', async (_label, which, patch, type) => {
    const before = (await stored('properties', t[which]))!;
    const { doc, entries } = await accepted(t[which], patch);
    expect(doc).toMatchObject(patch);
    // No decision in these writes: the audit fields stay as they were.
    expect(doc).toMatchObject({
      audit_status: before.audit_status,
      audited_by: before.audited_by,
      audited_at: before.audited_at,
    });
    expect(entries).toEqual([expect.objectContaining({ operation_type: type, ...byAdmin() })]);
  });

  it('says in the log when a listing is set to priority display and when it stops', async () => {
    const { approved } = await listings('优先日志');
    const on = await accepted(approved, { is_priority: true });
    expect(on.entries.at(-1)!.operation_description).toContain('（设为优先展示）');
    const off = await accepted(approved, { is_priority: false });
    expect(off.entries.at(-1)!.operation_description).toContain('（取消优先展示）');
  });

  it('acts on several listings in one batch, each accepted and logged', async () => {
    const ids = await Promise.all(
      ['批量一', '批量二', '批量三'].map((title) => createListing(alice, title)),
    );
    const res = await pushRows(admin, 'properties', [
      await patchRow('properties', ids[0]!, { audit_status: 'approved' }),
      await patchRow('properties', ids[1]!, { audit_status: 'rejected', audit_comment: '重复' }),
      await patchRow('properties', ids[2]!, { status: 'deleted' }),
    ]);
    expect(res.body.rejections).toEqual([]);
    expect(res.body.accepted.map((d: SyncDocument) => d.id)).toEqual(ids);
    const types = await Promise.all(
      ids.map(async (id) => (await logOf(id)).map((e) => [e.operation_type, e.operator_id])),
    );
    expect(types).toEqual([
      [
        ['create', alice.user.id],
        ['approve', admin.user.id],
      ],
      [
        ['create', alice.user.id],
        ['reject', admin.user.id],
      ],
      [
        ['create', alice.user.id],
        ['delete', admin.user.id],
      ],
    ]);
  });

  it.each([
    [
      'approves an approved listing again',
      'approved',
      { audit_status: 'approved', audit_comment: '再次通过' },
    ],
    ['rejects an approved listing', 'approved', { audit_status: 'rejected' }],
    ['sends an approved listing back to review', 'approved', { audit_status: 'pending' }],
    ['leaves a comment without a decision', 'pending', { audit_comment: '先看看' }],
  ] as const)(
    'is refused when it %s (a decision is made once, on a pending listing)',
    async (_label, which, patch) => {
      const id = which === 'approved' ? await createListing(alice, '已审核过的房源') : t.pending;
      if (which === 'approved') await adminPatch(id, { audit_status: 'approved' });
      const before = await stored('properties', id);
      const logBefore = (await oplog()).length;
      const res = await pushRows(admin, 'properties', [await patchRow('properties', id, patch)]);
      expect(res.body.rejections).toEqual([
        { id, code: 'invalid_transition', message: STATUS_MESSAGES.notPending },
      ]);
      expect(await stored('properties', id)).toEqual(before);
      expect((await oplog()).length).toBe(logBefore);
    },
  );

  it('is refused a rejection reason over 500 characters', async () => {
    const id = await createListing(alice, '拒绝原因过长的房源');
    const res = await pushRows(admin, 'properties', [
      await patchRow('properties', id, {
        audit_status: 'rejected',
        audit_comment: '长'.repeat(501),
      }),
    ]);
    expect(res.body.rejections).toEqual([
      { id, code: 'validation_failed', message: STATUS_MESSAGES.commentTooLong },
    ]);
    expect((await stored('properties', id))!.audit_status).toBe('pending');
  });

  it('cannot forge the auditor or the audit time outside a decision', async () => {
    const id = await createListing(alice, '审核人不能伪造的房源');
    await adminPatch(id, { audit_status: 'approved' });
    const audited = (await stored('properties', id))!;
    const { doc } = await accepted(id, {
      audited_by: alice.user.id,
      audited_at: '2020-01-01T00:00:00.000Z',
      is_featured: true,
    });
    expect(doc).toMatchObject({
      is_featured: true,
      audited_by: admin.user.id,
      audited_at: audited.audited_at,
    });
  });

  it("sends a rejected listing back to review when its owner edits it (the gateway's own move)", async () => {
    const id = await createListing(alice, '被拒后重新提交的房源');
    await adminPatch(id, { audit_status: 'rejected', audit_comment: '信息不全' });
    const res = await pushRows(alice, 'properties', [
      await patchRow('properties', id, { description: '补充了完整的房源信息，欢迎咨询。' }),
    ]);
    expect(res.body.rejections).toEqual([]);
    expect(await stored('properties', id)).toMatchObject({
      audit_status: 'pending',
      audited_by: null,
      audited_at: null,
    });
    // …and an admin then decides on it again.
    await adminPatch(id, { audit_status: 'approved', audit_comment: '' });
    expect((await logOf(id)).map((e) => e.operation_type)).toEqual([
      'create',
      'reject',
      'update',
      'approve',
    ]);
  });

  it('writes news and settings', async () => {
    const article = buildNews({ id: newId(), author_id: admin.user.id, status: 'draft' });
    expect(
      (await pushRows(admin, 'news', [{ assumedMasterState: null, newDocumentState: article }]))
        .body.rejections,
    ).toEqual([]);
    expect(await stored('news', article.id)).toMatchObject({ title: article.title });
    const setting = {
      id: 'max_images_per_property',
      setting_value: 12,
      description: '每个房源最多上传的媒体数量',
      updated_at: new Date().toISOString(),
    };
    expect(
      (await pushRows(admin, 'settings', [{ assumedMasterState: null, newDocumentState: setting }]))
        .body.rejections,
    ).toEqual([]);
    expect(await stored('settings', setting.id)).toMatchObject({ setting_value: 12 });
  });

  it("changes another user's role and verification only through the account endpoints", async () => {
    const res = await pushRows(admin, 'users', [
      await patchRow('users', alice.user.id, { user_type: 'agent', is_verified: false }),
    ]);
    expect(res.body.rejections).toEqual([
      { id: alice.user.id, code: 'forbidden', message: USER_ADMIN_MESSAGES.viaAccountScreen },
    ]);
    expect(await stored('users', alice.user.id)).toMatchObject({
      user_type: 'user',
      is_verified: true,
    });
  });

  // A deletion through sync is refused for everyone: deleting a user goes through the account
  // endpoint, which checks canDeleteUser and removes the credentials.
  it('cannot delete a user through sync', async () => {
    const current = await master('users', callers.user.user.id);
    const res = await pushRows(admin, 'users', [
      { assumedMasterState: current, newDocumentState: { ...current, _deleted: true } },
    ]);
    expect(res.body.rejections).toEqual([
      { id: current.id, code: 'forbidden', message: ERROR_MESSAGES.forbidden },
    ]);
    expect(await stored('users', current.id)).not.toBeNull();
  });

  it('cannot write the operation log either', async () => {
    const logBefore = (await oplog()).length;
    const res = await pushRows(admin, 'oplog', [
      { assumedMasterState: null, newDocumentState: { id: newId(), property_id: t.pending } },
    ]);
    expect(res.body.rejections).toEqual([
      expect.objectContaining({ code: 'forbidden', message: am.oplogReadOnly }),
    ]);
    expect((await oplog()).length).toBe(logBefore);
  });
});
