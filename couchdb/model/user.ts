/**
 * The user document (product §3) as the client sees it. The password hash never lives here:
 * it stays in the gateway's private `auth` database. Name limits, the avatar rule and the user
 * texts live in user-facts.ts, the roles in roles.ts (both zod-free).
 */
import { z } from 'zod';
import { idSchema, phoneSchema, timestampSchema } from './common';
import { URL_MAX, URL_MESSAGE } from './common-facts';
import { USER_ROLES } from './roles';
import { isAvatarUrl, NAME_MAX, NAME_MAX_MESSAGE, NAME_MIN, NAME_MIN_MESSAGE } from './user-facts';

export const userRoleSchema = z.enum(USER_ROLES);

export const nameSchema = z
  .string()
  .trim()
  .min(NAME_MIN, NAME_MIN_MESSAGE)
  .max(NAME_MAX, NAME_MAX_MESSAGE);

/** A profile photo link as written (the rule is `isAvatarUrl`). */
export const avatarUrlSchema = z
  .string()
  .max(URL_MAX, URL_MESSAGE)
  .refine(isAvatarUrl, URL_MESSAGE);

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

/** Admin user edit dialog (product §5 "User edit: name and phone"). */
export const adminUserUpdateSchema = z.strictObject({
  name: nameSchema,
  phone: phoneSchema,
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
