/**
 * The three roles and their labels (product §2, §6). Kept free of zod so the app's first screen can
 * show a role without loading the schema library.
 */

export const USER_ROLES = ['user', 'agent', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Role labels shown on the profile page and in user lists (product §2, §6). */
export const ROLE_LABELS: Record<UserRole, string> = {
  admin: '系统管理员',
  agent: '房产经纪人',
  user: '普通用户',
};

/** Short role names (product §6), e.g. on a demand's publisher line. */
export const ROLE_SHORT_LABELS: Record<UserRole, string> = {
  admin: '管理员',
  agent: '经纪人',
  user: '普通用户',
};

/**
 * Role badge colours wherever a role is shown as a badge (product §2 "Admin users"): admin red,
 * agent blue, user green, as theme colours.
 */
export const ROLE_BADGE_COLORS: Record<UserRole, 'error' | 'info' | 'success'> = {
  admin: 'error',
  agent: 'info',
  user: 'success',
};
