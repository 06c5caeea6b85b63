/**
 * The admin's user list (product §2 "Admin users"): search by name or phone, role and enabled
 * filters, newest account first, and why an admin's own account offers no role or state change.
 */
import { ROLE_SHORT_LABELS, USER_ROLES, type UserRole } from '../model/roles';
import { matchesKeyword } from './keyword-search';

export const USER_ROLE_FILTERS = ['all', ...USER_ROLES] as const;
export const USER_STATE_FILTERS = ['all', 'enabled', 'disabled'] as const;
export type UserStateFilter = (typeof USER_STATE_FILTERS)[number];

/** 已启用 / 已禁用: an account's enabled flag (`is_verified`) as shown on cards and filters. */
export const USER_STATE_LABELS: Record<Exclude<UserStateFilter, 'all'>, string> = {
  enabled: '已启用',
  disabled: '已禁用',
};

export interface AdminUserFilter {
  keyword: string;
  role: 'all' | UserRole;
  state: UserStateFilter;
}

export const DEFAULT_USER_FILTER: AdminUserFilter = { keyword: '', role: 'all', state: 'all' };

interface ListedUser {
  name: string;
  phone: string;
  user_type: UserRole;
  is_verified: boolean;
  created_at: string;
}

/** The accounts matching the filter (keyword in name or phone), newest first. */
export function filterAdminUsers<T extends ListedUser>(
  users: readonly T[],
  filter: AdminUserFilter,
): T[] {
  return users
    .filter(
      (u) =>
        (filter.role === 'all' || u.user_type === filter.role) &&
        (filter.state === 'all' || u.is_verified === (filter.state === 'enabled')) &&
        matchesKeyword(filter.keyword, u.name, u.phone),
    )
    .sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1));
}

/** What the admin lists an account as: its name, else its phone (product §2). */
export const adminUserLabel = (u: { name: string; phone: string }) => u.name || u.phone;

/** The account fields an admin action log entry shows the old and new values of. */
const ACCOUNT_FIELDS = [
  ['name', '姓名'],
  ['phone', '手机号'],
  ['user_type', '角色'],
  ['is_verified', '状态'],
] as const;

function accountValue(field: (typeof ACCOUNT_FIELDS)[number][0], value: unknown): string {
  if (field === 'user_type') return ROLE_SHORT_LABELS[value as UserRole] ?? String(value ?? '');
  if (field === 'is_verified')
    return value ? USER_STATE_LABELS.enabled : USER_STATE_LABELS.disabled;
  return typeof value === 'string' && value !== '' ? value : '（空）';
}

/**
 * What an admin action changed on an account, from the log entry's snapshots: one line per changed
 * field, e.g. `角色：普通用户 → 经纪人` (none for a creation or deletion).
 */
export function accountChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  if (!before || !after) return [];
  return ACCOUNT_FIELDS.filter(([f]) => before[f] !== after[f]).map(
    ([f, label]) => `${label}：${accountValue(f, before[f])} → ${accountValue(f, after[f])}`,
  );
}
