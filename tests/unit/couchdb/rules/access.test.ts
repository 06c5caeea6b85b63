import { describe, expect, it } from 'vitest';
import {
  canDeleteUser,
  canReadDocument,
  canWrite,
  forceNewPropertyFields,
  pageDenial,
  projectPropertyFor,
  type Viewer,
} from '@couchdb/rules/access';
import type { Collection } from '@couchdb/rules/collection-access';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import { buildDemand, buildNews, buildProperty, buildUser } from '@tests/fixtures/builders';

const visitor: Viewer = null;
const owner: Viewer = { id: 'u-owner', role: 'user' };
const other: Viewer = { id: 'u-other', role: 'agent' };
const admin: Viewer = { id: 'u-admin', role: 'admin' };
const NOW = Date.parse('2025-03-02T00:00:00.000Z');

describe('isPubliclyVisible', () => {
  it.each([
    ['active', 'approved', true],
    ['inactive', 'approved', false],
    ['active', 'pending', false],
    ['active', 'rejected', false],
    ['deleted', 'approved', false],
  ] as const)('%s + %s → %s', (status, audit_status, visible) => {
    expect(isPubliclyVisible({ status, audit_status })).toBe(visible);
  });
});

describe('canReadDocument (architecture §4 table)', () => {
  const pending = buildProperty({ audit_status: 'pending' });
  const cases: [string, Collection, Record<string, unknown>, Viewer, boolean][] = [
    ['visitor, public listing', 'properties', buildProperty(), visitor, true],
    ['visitor, pending listing', 'properties', pending, visitor, false],
    ['owner, own pending listing', 'properties', pending, owner, true],
    ['other user, pending listing', 'properties', pending, other, false],
    ['admin, pending listing', 'properties', pending, admin, true],
    ['visitor, published news', 'news', buildNews(), visitor, true],
    ['user, draft news', 'news', buildNews({ status: 'draft' }), owner, false],
    ['admin, draft news', 'news', buildNews({ status: 'draft' }), admin, true],
    ['visitor, demand', 'demands', buildDemand(), visitor, false],
    ['owner, own demand', 'demands', buildDemand(), owner, true],
    ['other, demand', 'demands', buildDemand(), other, false],
    ['admin, demand', 'demands', buildDemand(), admin, true],
    ['owner, own favourite', 'favorites', { user_id: 'u-owner' }, owner, true],
    ['admin, someone else’s favourite', 'favorites', { user_id: 'u-owner' }, admin, false],
    ['visitor, settings', 'settings', { id: 'audit_required' }, visitor, true],
    ['user, own profile', 'users', buildUser({ id: 'u-owner' }), owner, true],
    ['user, other profile', 'users', buildUser({ id: 'u-x' }), owner, false],
    ['visitor, profile', 'users', buildUser(), visitor, false],
    ['admin, any profile', 'users', buildUser(), admin, true],
    ['user, oplog', 'oplog', { property_id: 'p' }, owner, false],
    ['admin, oplog', 'oplog', { property_id: 'p' }, admin, true],
  ];
  it.each(cases)('%s', (_case, collection, doc, viewer, ok) => {
    expect(canReadDocument(collection, doc, viewer)).toBe(ok);
  });
});

describe('projectPropertyFor', () => {
  const p = buildProperty();

  it('strips every phone for visitors and keeps the rest', () => {
    const v = projectPropertyFor(visitor, p);
    expect(v).not.toHaveProperty('contact_phone');
    expect(v?.contact).toEqual({ name: '张先生' });
    expect(v?.title).toBe(p.title);
    expect(p.contact.phone).toBe('13812345678');
  });

  it('keeps phones for logged-in users', () => {
    expect(projectPropertyFor(other, p)).toEqual(p);
  });

  it.each([
    [visitor, null],
    [other, null],
    [owner, 'own'],
    [admin, 'own'],
  ] as const)('a pending listing for %j → %s', (viewer, expected) => {
    const pending = buildProperty({ audit_status: 'pending' });
    expect(projectPropertyFor(viewer, pending) === null ? null : 'own').toBe(expected);
  });
});

describe('forceNewPropertyFields', () => {
  const input = {
    ...buildProperty({ user_id: 'someone-else', is_featured: true, view_count: 99 }),
    audit_status: 'approved' as const,
    status: 'inactive' as const,
    is_priority: true,
    audited_by: 'u-x',
  };
  it.each([
    [true, 'pending'],
    [false, 'approved'],
  ])('audit_required %s → %s', (auditRequired, audit) => {
    const r = forceNewPropertyFields(input, { id: 'u-owner' }, { auditRequired }, NOW);
    expect(r).toMatchObject({
      user_id: 'u-owner',
      status: 'active',
      audit_status: audit,
      audited_by: null,
      audited_at: null,
      is_priority: false,
      is_featured: false,
      view_count: 0,
      created_at: '2025-03-02T00:00:00.000Z',
      title: input.title,
    });
  });
});

describe('canWrite', () => {
  const mine = buildProperty({ user_id: 'u-owner' });
  const cases: [
    string,
    Collection,
    Viewer,
    Record<string, unknown> | null,
    Record<string, unknown>,
    string | null,
  ][] = [
    ['visitor creates a listing', 'properties', visitor, null, mine, 'unauthorized'],
    ['owner creates own listing', 'properties', owner, null, mine, null],
    ['user creates for someone else', 'properties', other, null, mine, 'forbidden'],
    ['owner edits the price', 'properties', owner, mine, { ...mine, price: 1 }, null],
    ['other edits the price', 'properties', other, mine, { ...mine, price: 1 }, 'forbidden'],
    [
      'owner approves own listing',
      'properties',
      owner,
      { ...mine, audit_status: 'pending' },
      mine,
      'forbidden',
    ],
    ['owner sets priority', 'properties', owner, mine, { ...mine, is_priority: true }, 'forbidden'],
    ['admin sets priority', 'properties', admin, mine, { ...mine, is_priority: true }, null],
    ['owner changes user_id', 'properties', owner, mine, { ...mine, user_id: 'u-x' }, 'forbidden'],
    ['owner takes down approved', 'properties', owner, mine, { ...mine, status: 'inactive' }, null],
    [
      'owner puts up pending',
      'properties',
      owner,
      { ...mine, status: 'inactive', audit_status: 'pending' },
      { ...mine, status: 'active', audit_status: 'pending' },
      'invalid_transition',
    ],
    ['owner deletes', 'properties', owner, mine, { ...mine, status: 'deleted' }, null],
    [
      'owner edits a deleted listing',
      'properties',
      owner,
      { ...mine, status: 'deleted' },
      { ...mine, status: 'deleted', price: 5 },
      'invalid_transition',
    ],
    [
      'hard delete of a listing',
      'properties',
      admin,
      mine,
      { ...mine, _deleted: true },
      'forbidden',
    ],
    ['owner edits own demand', 'demands', owner, buildDemand(), buildDemand({ title: '新' }), null],
    [
      'other deletes a demand',
      'demands',
      other,
      buildDemand(),
      { id: 'd', _deleted: true },
      'forbidden',
    ],
    [
      'owner deletes own demand',
      'demands',
      owner,
      buildDemand(),
      { id: 'd', _deleted: true },
      null,
    ],
    [
      'admin edits a demand',
      'demands',
      admin,
      buildDemand(),
      buildDemand({ status: 'completed' }),
      null,
    ],
    ['user writes news', 'news', owner, null, buildNews(), 'forbidden'],
    ['admin writes news', 'news', admin, null, buildNews(), null],
    ['user writes a setting', 'settings', owner, null, { id: 'audit_required' }, 'forbidden'],
    ['admin writes a setting', 'settings', admin, null, { id: 'audit_required' }, null],
    ['anyone writes oplog', 'oplog', admin, null, { id: 'l' }, 'forbidden'],
    [
      'user favourites for self',
      'favorites',
      owner,
      null,
      { id: 'u-owner:p', user_id: 'u-owner' },
      null,
    ],
    [
      'user favourites for other',
      'favorites',
      owner,
      null,
      { id: 'u-x:p', user_id: 'u-x' },
      'forbidden',
    ],
    [
      'admin favourites for other',
      'favorites',
      admin,
      null,
      { id: 'u-x:p', user_id: 'u-x' },
      'forbidden',
    ],
  ];
  it.each(cases)('%s', (_case, collection, viewer, oldDoc, newDoc, code) => {
    const d = canWrite(collection, viewer, oldDoc, newDoc);
    expect(d.ok ? null : d.code).toBe(code);
    if (!d.ok) expect(d.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  describe("an admin's audit (product §4)", () => {
    const pending = buildProperty({ user_id: 'u-owner', audit_status: 'pending' });
    const approved = buildProperty({ user_id: 'u-owner', audit_status: 'approved' });
    const rejected = buildProperty({
      user_id: 'u-owner',
      audit_status: 'rejected',
      audit_comment: '图片模糊',
    });
    const NOT_PENDING = '只能审核待审核的房源';
    const audits: [string, Record<string, unknown>, Record<string, unknown>, string | null][] = [
      ['approves a pending listing', pending, { ...pending, audit_status: 'approved' }, null],
      [
        'rejects a pending listing with a reason',
        pending,
        { ...pending, audit_status: 'rejected', audit_comment: '图片模糊' },
        null,
      ],
      [
        'approves an approved listing again',
        approved,
        { ...approved, audit_status: 'approved', audit_comment: '再次通过' },
        NOT_PENDING,
      ],
      [
        'rejects an approved listing',
        approved,
        { ...approved, audit_status: 'rejected' },
        NOT_PENDING,
      ],
      [
        'sends an approved listing back to review',
        approved,
        { ...approved, audit_status: 'pending' },
        NOT_PENDING,
      ],
      [
        'approves a rejected listing',
        rejected,
        { ...rejected, audit_status: 'approved' },
        NOT_PENDING,
      ],
      [
        'sends a rejected listing back to review',
        rejected,
        { ...rejected, audit_status: 'pending' },
        NOT_PENDING,
      ],
      [
        'rewrites the reason of a rejection',
        rejected,
        { ...rejected, audit_comment: '改写' },
        NOT_PENDING,
      ],
      [
        'leaves a reason on a pending listing',
        pending,
        { ...pending, audit_comment: '备注' },
        NOT_PENDING,
      ],
      [
        'rejects with a reason over 500 characters',
        pending,
        { ...pending, audit_status: 'rejected', audit_comment: '长'.repeat(501) },
        '审核意见不能超过500个字符',
      ],
      [
        'approves a deleted pending listing',
        { ...pending, status: 'deleted' },
        { ...pending, status: 'deleted', audit_status: 'approved' },
        '房源已删除，无法再修改',
      ],
      [
        'edits the content of a pending listing',
        pending,
        { ...pending, title: '管理员改的标题' },
        null,
      ],
      ['sets priority on a pending listing', pending, { ...pending, is_priority: true }, null],
      ['features an approved listing', approved, { ...approved, is_featured: true }, null],
      ['takes an approved listing down', approved, { ...approved, status: 'inactive' }, null],
      [
        'puts a pending listing up',
        { ...pending, status: 'inactive' },
        { ...pending, status: 'active' },
        '房源审核通过后才能上架或下架',
      ],
      ['deletes a rejected listing', rejected, { ...rejected, status: 'deleted' }, null],
    ];
    it.each(audits)('admin %s', (_case, oldDoc, newDoc, message) => {
      const d = canWrite('properties', admin, oldDoc, newDoc);
      expect(d.ok ? null : d.message).toBe(message);
    });

    it('leaves the owner refused before any audit rule', () => {
      expect(
        canWrite('properties', owner, pending, { ...pending, audit_status: 'approved' }),
      ).toEqual({
        ok: false,
        code: 'forbidden',
        message: '只有管理员可以修改审核、推荐和优先展示状态',
      });
      // The owner's content edit of a rejected listing passes; the gateway then resubmits it.
      expect(canWrite('properties', owner, rejected, { ...rejected, title: '重新提交' }).ok).toBe(
        true,
      );
    });
  });

  const me = buildUser({ id: 'u-owner' });
  const users: [string, Viewer, Record<string, unknown>, Record<string, unknown>, string | null][] =
    [
      ['user renames self', owner, me, { ...me, name: '新名字' }, null],
      ['user changes own phone', owner, me, { ...me, phone: '13900000000' }, '手机号暂不支持修改'],
      [
        'user promotes self',
        owner,
        me,
        { ...me, user_type: 'admin' },
        '角色和认证状态只能由管理员修改',
      ],
      ['user edits another', other, me, { ...me, name: 'x' }, '只能修改自己的资料'],
      // Roles and the enabled state change through the account endpoints (canChangeAccount).
      [
        'admin changes a role by sync',
        admin,
        me,
        { ...me, user_type: 'agent' },
        '账号的角色和启用状态需联网在用户管理中修改',
      ],
      ['admin edits a profile by sync', admin, me, { ...me, name: '新名字' }, null],
      [
        'admin changes own role',
        admin,
        buildUser({ id: 'u-admin', user_type: 'admin' }),
        buildUser({ id: 'u-admin', user_type: 'user' }),
        '不能修改自己的角色',
      ],
    ];
  it.each(users)('users: %s', (_case, viewer, oldDoc, newDoc, message) => {
    const d = canWrite('users', viewer, oldDoc, newDoc);
    expect(d.ok ? null : d.message).toBe(message);
  });
});

describe('canDeleteUser and pageDenial', () => {
  it.each([
    [owner, { id: 'u-x' }, 0, 'forbidden'],
    [admin, { id: 'u-admin' }, 0, 'forbidden'],
    [admin, { id: 'u-x' }, 1, 'has_content'],
    [admin, { id: 'u-x' }, 0, null],
  ] as const)('%j deleting %j with %i items → %s', (viewer, target, n, code) => {
    const d = canDeleteUser(viewer, target, { properties: 0, demands: n });
    expect(d.ok ? null : d.code).toBe(code);
  });

  it.each([
    ['admin', visitor, '请先登录后访问此页面'],
    ['admin', other, '此页面仅限管理员访问'],
    ['admin', admin, null],
    ['agent', owner, '此页面仅限经纪人访问'],
    ['agent', other, null],
    ['login', owner, null],
  ] as const)('%s page for %j → %s', (gate, viewer, message) => {
    expect(pageDenial(gate, viewer)?.message ?? null).toBe(message);
  });
});
