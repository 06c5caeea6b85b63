/**
 * The user document (spec §3) as the client sees it. The password hash never lives here:
 * it stays in the gateway's private `auth` database.
 */
import { z } from 'zod';
import {
  idSchema,
  MEDIA_PATH_PATTERN,
  phoneSchema,
  timestampSchema,
  URL_MAX,
  URL_MESSAGE,
} from './common';
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

/**
 * A profile photo: empty (none), a photo uploaded to this site (`/media/...`), or an https link.
 * Plain http and other schemes are refused: the avatar shows on every page, so it must not turn a
 * secure page into mixed content or run anything.
 */
export function isAvatarUrl(value: string): boolean {
  return (
    value === '' || MEDIA_PATH_PATTERN.test(value) || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value)
  );
}
export const avatarUrlSchema = z
  .string()
  .max(URL_MAX, URL_MESSAGE)
  .refine(isAvatarUrl, URL_MESSAGE);

/** The profile photo in the edit dialog (the file checks are the upload's, spec §5 "Upload"). */
export const AVATAR_MESSAGES = {
  uploadFailed: (reason: string) => `头像上传失败：${reason}`,
  choose: '更换头像',
  remove: '移除头像',
} as const;

export const userSchema = z.object({
  id: idSchema,
  phone: phoneSchema,
  name: z.string().max(NAME_MAX).default(''),
  user_type: userRoleSchema,
  is_verified: z.boolean(),
  /** Read leniently (older stored values); every write goes through `avatarUrlSchema`. */
  avatar_url: z.string().max(500).default(''),
  company: z.string().max(60).optional(),
  position: z.string().max(30).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

/** A user document as written (sync push, profile save): the avatar link is checked. */
export const userWriteSchema = userSchema.extend({ avatar_url: avatarUrlSchema.default('') });

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
