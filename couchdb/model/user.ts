/**
 * The user document (spec §3) as the client sees it. The password hash never lives here:
 * it stays in the gateway's private `auth` database.
 */
import { z } from 'zod';
import { idSchema, phoneSchema, timestampSchema } from './common';
import { ERROR_MESSAGES } from './errors';
import { USER_ROLES } from './roles';

export { ROLE_LABELS, ROLE_SHORT_LABELS, USER_ROLES, type UserRole } from './roles';
export const userRoleSchema = z.enum(USER_ROLES);

export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const NAME_MIN_MESSAGE = '姓名至少2个字符';
export const NAME_MAX_MESSAGE = '姓名不能超过30个字符';

export const nameSchema = z
  .string()
  .trim()
  .min(NAME_MIN, NAME_MIN_MESSAGE)
  .max(NAME_MAX, NAME_MAX_MESSAGE);

export const userSchema = z.object({
  id: idSchema,
  phone: phoneSchema,
  name: z.string().max(NAME_MAX).default(''),
  user_type: userRoleSchema,
  is_verified: z.boolean(),
  avatar_url: z.string().max(500).default(''),
  company: z.string().max(60).optional(),
  position: z.string().max(30).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

/** Admin user edit dialog (spec §5 "User edit: name and phone"). */
export const adminUserUpdateSchema = z.strictObject({
  name: nameSchema,
  phone: phoneSchema,
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** Admin user management texts (spec §5, §8 "Admin"). */
export const USER_ADMIN_MESSAGES = {
  updateFailed: (msg: string) => `更新失败: ${msg}`,
  statusFailed: (msg: string) => `状态更新失败: ${msg}`,
  roleFailed: (msg: string) => `角色更新失败: ${msg}`,
  deleteFailed: (msg: string) => `删除失败: ${msg}`,
  loadFailed: '无法加载用户数据，请稍后重试',
  hasListings: '无法删除该用户，该用户有关联的房源或需求信息',
  notFound: ERROR_MESSAGES.user_not_found,
  ownRole: '不能修改自己的角色',
} as const;
