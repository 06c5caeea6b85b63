import { describe, expect, it } from 'vitest';
import { accountChanges, DEFAULT_USER_FILTER, filterAdminUsers } from '@couchdb/rules/admin-users';
import { buildUser } from '../../../fixtures/builders';

const users = [
  buildUser({
    id: 'u1',
    name: '张三',
    phone: '13800000001',
    created_at: '2025-01-01T00:00:00.000Z',
  }),
  buildUser({
    id: 'u2',
    name: '李四',
    phone: '13900000002',
    user_type: 'agent',
    created_at: '2025-03-01T00:00:00.000Z',
  }),
  buildUser({
    id: 'u3',
    name: '',
    phone: '13700000003',
    user_type: 'admin',
    is_verified: false,
    created_at: '2025-02-01T00:00:00.000Z',
  }),
];
const ids = (list: { id: string }[]) => list.map((u) => u.id);

describe('filterAdminUsers', () => {
  it('lists every account newest first without a filter', () => {
    expect(ids(filterAdminUsers(users, DEFAULT_USER_FILTER))).toEqual(['u2', 'u3', 'u1']);
  });

  it('finds an account by a part of its name or phone', () => {
    expect(ids(filterAdminUsers(users, { ...DEFAULT_USER_FILTER, keyword: ' 张 ' }))).toEqual([
      'u1',
    ]);
    expect(ids(filterAdminUsers(users, { ...DEFAULT_USER_FILTER, keyword: '0003' }))).toEqual([
      'u3',
    ]);
  });

  it('filters by role and by enabled state', () => {
    expect(ids(filterAdminUsers(users, { ...DEFAULT_USER_FILTER, role: 'agent' }))).toEqual(['u2']);
    expect(ids(filterAdminUsers(users, { ...DEFAULT_USER_FILTER, state: 'disabled' }))).toEqual([
      'u3',
    ]);
    expect(ids(filterAdminUsers(users, { ...DEFAULT_USER_FILTER, state: 'enabled' }))).toEqual([
      'u2',
      'u1',
    ]);
  });
});

describe('accountChanges', () => {
  it('lists each changed account field with its old and new value', () => {
    const before = { name: '张三', phone: '13800000001', user_type: 'user', is_verified: true };
    expect(
      accountChanges(before, { ...before, name: '', user_type: 'agent', is_verified: false }),
    ).toEqual(['姓名：张三 → （空）', '角色：普通用户 → 经纪人', '状态：已启用 → 已禁用']);
    expect(accountChanges(before, { ...before, phone: '13900000002' })).toEqual([
      '手机号：13800000001 → 13900000002',
    ]);
  });

  it('lists nothing for a creation or a deletion', () => {
    expect(accountChanges(null, { name: '张三' })).toEqual([]);
    expect(accountChanges({ name: '张三' }, null)).toEqual([]);
  });
});
