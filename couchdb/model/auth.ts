/**
 * Account forms and requests (product §5 "Auth", "Change password", profile edit): the same schemas
 * validate the login/register screens and the gateway's /api/auth routes. Password limits, texts
 * and the strength meter live in auth-facts.ts (zod-free).
 */
import { z } from 'zod';
import {
  CHANGE_PASSWORD_MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MAX_MESSAGE,
  PASSWORD_MIN,
  PASSWORD_MIN_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  AGREEMENT_MESSAGE,
} from './auth-facts';
import { phoneSchema } from './common';
import { avatarUrlSchema, nameSchema } from './user';
import { NAME_MAX, NAME_MAX_MESSAGE, NAME_MIN, NAME_MIN_MESSAGE } from './user-facts';

const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .min(PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
  .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE);

/** Optional name: empty means "not given"; when given, at least 2 characters. */
const optionalNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, NAME_MAX_MESSAGE)
  .refine((v) => v === '' || v.length >= NAME_MIN, NAME_MIN_MESSAGE)
  .optional();

/** POST /api/auth/login body and the login form. */
export const loginSchema = z.strictObject({
  phone: phoneSchema,
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .min(1, PASSWORD_REQUIRED_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The login screen's form: every account's password meets the sign-up minimum, so a shorter one
 * is refused on the device with that rule's message, before any request.
 */
export const loginFormSchema = z.object({
  phone: phoneSchema,
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .min(1, PASSWORD_REQUIRED_MESSAGE)
    .min(PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
  /** Keep the phone on this device for the next login (记住手机号). */
  remember: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /api/auth/register body: what the register screen sends (product §7). */
export const registerRequestSchema = z.strictObject({
  phone: phoneSchema,
  password: passwordSchema,
  name: optionalNameSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register screen's form (product §3 sign-up form): confirm and agreement stay on the device. */
export const registerFormSchema = z
  .object({
    phone: phoneSchema,
    name: optionalNameSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    agreement: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: PASSWORD_MISMATCH_MESSAGE,
      });
    }
    if (!v.agreement) {
      ctx.addIssue({ code: 'custom', path: ['agreement'], message: AGREEMENT_MESSAGE });
    }
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/change-password body (the confirm field is checked on the device too). */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
    newPassword: z.string().max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
    confirmPassword: z.string().max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
  })
  .superRefine((v, ctx) => {
    const m = CHANGE_PASSWORD_MESSAGES;
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: [], message: m.required });
      return;
    }
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.mismatch });
      return;
    }
    if (v.newPassword.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: m.tooShort });
      return;
    }
    if (v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: m.sameAsCurrent });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** PATCH /api/auth/me body: the profile edit dialog. The phone cannot be changed. */
export const profileUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  avatar_url: avatarUrlSchema.optional(),
  company: z.string().trim().max(60, '公司名称不能超过60个字符').optional(),
  position: z.string().trim().max(30, '职位不能超过30个字符').optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
