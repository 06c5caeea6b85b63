/**
 * The admin action log (architecture §4): one entry per admin change to an account, an article, a demand
 * or a setting, written by the gateway only and read by admins. It shares the `oplog` database and
 * device collection with the property operation log (architecture §3: new kinds share a collection by a
 * `kind` field); its entries carry `kind: 'admin'`. Zod-free, so the device can declare the collection.
 */
import { ROLE_SHORT_LABELS, type UserRole } from './roles';

/** What an admin acted on. */
export const ADMIN_LOG_TARGETS = ['users', 'news', 'demands', 'settings'] as const;
export type AdminLogTarget = (typeof ADMIN_LOG_TARGETS)[number];
export const ADMIN_LOG_TARGET_LABELS: Record<AdminLogTarget, string> = {
  users: '用户',
  news: '资讯',
  demands: '需求',
  settings: '系统设置',
};

/** What the admin did. */
export const ADMIN_ACTIONS = [
  'create',
  'update',
  'delete',
  'role',
  'enable',
  'disable',
  'status',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  create: '创建',
  update: '修改',
  delete: '删除',
  role: '修改角色',
  enable: '启用',
  disable: '禁用',
  status: '修改状态',
};

/** The entry's own line, e.g. 「管理员王五修改角色：用户「张三」普通用户 → 经纪人」. */
export function describeAdminAction(
  action: AdminAction,
  target: AdminLogTarget,
  label: string,
  detail = '',
): string {
  const what = `${ADMIN_LOG_TARGET_LABELS[target]}${label ? `「${label}」` : ''}`;
  return `${ADMIN_ACTION_LABELS[action]}${what}${detail ? `：${detail}` : ''}`;
}

/** `普通用户 → 经纪人` for a role change. */
export const roleChangeDetail = (from: UserRole, to: UserRole) =>
  `${ROLE_SHORT_LABELS[from]} → ${ROLE_SHORT_LABELS[to]}`;

export const ADMIN_LOG_MESSAGES = {
  title: '管理操作记录',
  empty: '暂无管理操作记录',
} as const;
