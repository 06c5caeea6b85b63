import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ADMIN_FILTER,
  filterAdminListings,
  filterOplog,
  lostAuditMessage,
  lostStatusMessage,
  oplogOperators,
  pageButtons,
  pageCount,
  pageOf,
  pendingListings,
} from '@couchdb/rules/admin-listings';
import { buildOplogEntry, buildProperty } from '../../../fixtures/builders';

const at = (day: number, hour = 4) =>
  `2025-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('filterAdminListings', () => {
  const list = [
    buildProperty({ id: 'a', title: '湖景别墅', created_at: at(1), price: 300 }),
    buildProperty({
      id: 'b',
      title: '老城区两室',
      description: '近湖边的老房子',
      created_at: at(2),
      price: 100,
      status: 'inactive',
    }),
    buildProperty({
      id: 'c',
      title: '商铺出租',
      type: 'rent',
      created_at: at(3),
      price: 200,
      audit_status: 'pending',
    }),
    buildProperty({ id: 'd', title: '已删房源', created_at: at(4), status: 'deleted' }),
    buildProperty({ id: 'e', title: '优先房源', created_at: at(0), is_priority: true }),
  ];
  const ids = (filter: Partial<typeof DEFAULT_ADMIN_FILTER>) =>
    filterAdminListings(list, { ...DEFAULT_ADMIN_FILTER, ...filter }).map((p) => p.id);

  it('shows every listing, deleted too, priority first and then newest', () => {
    expect(ids({})).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('searches title and description, and filters status, audit and type', () => {
    expect(ids({ keyword: '湖边' })).toEqual(['b']);
    expect(ids({ keyword: '别墅' })).toEqual(['a']);
    expect(ids({ status: 'deleted' })).toEqual(['d']);
    expect(ids({ status: 'inactive' })).toEqual(['b']);
    expect(ids({ audit: 'pending' })).toEqual(['c']);
    expect(ids({ type: 'rent' })).toEqual(['c']);
  });

  it('sorts by price either way, priority still first', () => {
    expect(ids({ sort: 'price_asc', status: 'active' })).toEqual(['e', 'c', 'a']);
    expect(ids({ sort: 'price_desc', status: 'active' })).toEqual(['e', 'a', 'c']);
  });
});

describe('pendingListings', () => {
  it('keeps pending, non-deleted listings, newest first regardless of priority', () => {
    const list = [
      buildProperty({ id: 'old', audit_status: 'pending', created_at: at(1), is_priority: true }),
      buildProperty({ id: 'new', audit_status: 'pending', created_at: at(5) }),
      buildProperty({ id: 'gone', audit_status: 'pending', status: 'deleted', created_at: at(6) }),
      buildProperty({ id: 'done', audit_status: 'approved', created_at: at(7) }),
    ];
    expect(pendingListings(list).map((p) => p.id)).toEqual(['new', 'old']);
  });
});

describe('pages', () => {
  it('counts pages of 20 and slices them', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(rows, 3)).toEqual([40, 41, 42, 43, 44]);
  });

  it('offers at most 5 page buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('filterOplog', () => {
  const entries = [
    buildOplogEntry({ id: 'o1', created_at: at(1), operation_type: 'create', operator_id: 'u1' }),
    buildOplogEntry({ id: 'o2', created_at: at(4), operation_type: 'approve', operator_id: 'a1' }),
    buildOplogEntry({
      id: 'o3',
      created_at: at(2, 17), // 2025-03-03 01:00 in the county
      operation_type: 'view',
      operator_id: null,
      property_id: 'other',
    }),
  ];
  const ids = (f: Parameters<typeof filterOplog>[1]) => filterOplog(entries, f).map((e) => e.id);

  it('lists newest first and filters by listing, type and operator', () => {
    expect(ids({})).toEqual(['o2', 'o3', 'o1']);
    expect(ids({ propertyId: 'p-log' })).toEqual(['o2', 'o1']);
    expect(ids({ type: 'approve' })).toEqual(['o2']);
    expect(ids({ operatorId: 'u1' })).toEqual(['o1']);
  });

  it('takes date bounds as whole days in the county', () => {
    expect(ids({ from: '2025-03-03' })).toEqual(['o2', 'o3']);
    expect(ids({ to: '2025-03-02' })).toEqual(['o1']);
    expect(ids({ from: '2025-03-03', to: '2025-03-03' })).toEqual(['o3']);
  });

  it('names each operator once', () => {
    const ops = oplogOperators([
      { operator_id: 'a1', operator_name: '管理员', operator_role: 'admin' },
      { operator_id: 'a1', operator_name: '管理员', operator_role: 'admin' },
      { operator_id: null, operator_name: '', operator_role: 'system' },
      { operator_id: 'u1', operator_name: '', operator_role: 'user' },
    ]);
    expect(ops.map((o) => o.id).sort()).toEqual(['a1', 'u1']);
  });
});

describe('lostAuditMessage', () => {
  it("names the other admin's decision when mine lost", () => {
    expect(
      lostAuditMessage('湖景房', { audit_status: 'rejected' }, { audit_status: 'approved' }),
    ).toBe('「湖景房」已由其他管理员审核为已通过，您的审核未生效');
  });

  it('is null when the refusal was not a lost audit decision', () => {
    expect(lostAuditMessage('x', { audit_status: 'approved' }, { audit_status: 'approved' })).toBe(
      null,
    );
    expect(lostAuditMessage('x', { audit_status: 'approved' }, { audit_status: 'pending' })).toBe(
      null,
    );
    expect(lostAuditMessage('x', { audit_status: 'pending' }, { audit_status: 'rejected' })).toBe(
      null,
    );
    expect(lostAuditMessage('x', { audit_status: 'approved' }, null)).toBe(null);
  });
});

describe('lostStatusMessage', () => {
  it('tells an admin their change lost to the listing’s deletion', () => {
    expect(lostStatusMessage('湖景房', { status: 'inactive' }, { status: 'deleted' })).toBe(
      '「湖景房」已被删除，您的修改未生效',
    );
    expect(lostStatusMessage('湖景房', { status: 'active' }, { _deleted: true })).toBe(
      '「湖景房」已被删除，您的修改未生效',
    );
  });

  it('tells them their 上架 or 下架 lost to another one', () => {
    expect(lostStatusMessage('湖景房', { status: 'active' }, { status: 'inactive' })).toBe(
      '「湖景房」已被其他人下架，您的上架未生效',
    );
  });

  it('says nothing when the status is the same, or theirs was a deletion too', () => {
    expect(lostStatusMessage('x', { status: 'active' }, { status: 'active' })).toBe(null);
    expect(lostStatusMessage('x', { status: 'deleted' }, { status: 'deleted' })).toBe(null);
    expect(lostStatusMessage('x', { status: 'deleted' }, { status: 'active' })).toBe(null);
    expect(lostStatusMessage('x', { status: 'active' }, null)).toBe(null);
  });
});
