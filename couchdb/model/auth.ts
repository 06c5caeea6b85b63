/**
 * Account forms and requests (spec §5 "Auth", "Change password", profile edit): the same schemas
 * validate the login/register screens and the gateway's /api/auth routes.
 */
import { z } from 'zod';
import { phoneSchema } from './common';
import { ERROR_MESSAGES } from './errors';
import {
  avatarUrlSchema,
  NAME_MAX,
  NAME_MAX_MESSAGE,
  NAME_MIN,
  NAME_MIN_MESSAGE,
  nameSchema,
} from './user';

export const PASSWORD_MIN = 6;
/** Upper bound keeps argon2 input bounded; long enough for any passphrase. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN_MESSAGE = '密码至少6位';
export const PASSWORD_MAX_MESSAGE = '密码不能超过128位';
export const PASSWORD_REQUIRED_MESSAGE = '请输入密码';
export const PASSWORD_MISMATCH_MESSAGE = '两次输入的密码不一致';
export const AGREEMENT_MESSAGE = '请同意服务条款';

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

/** POST /api/auth/register body: what the register screen sends (spec §7). */
export const registerRequestSchema = z.strictObject({
  phone: phoneSchema,
  password: passwordSchema,
  name: optionalNameSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register screen's form (spec §3 sign-up form): confirm and agreement stay on the device. */
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

export const CHANGE_PASSWORD_MESSAGES = {
  required: '请填写所有密码字段',
  mismatch: '新密码与确认密码不匹配',
  /** Shown under the confirmation while it differs from the new password (spec §2 "Profile"). */
  mismatchHint: '密码不匹配',
  tooShort: '新密码至少需要6位字符',
  sameAsCurrent: '新密码不能与当前密码相同',
  success: '密码修改成功',
  failed: '密码修改失败，请稍后重试',
  wrongCurrent: ERROR_MESSAGES.wrong_password,
} as const;

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
export const PHONE_READONLY_MESSAGE = '手机号暂不支持修改';
export const profileUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  avatar_url: avatarUrlSchema.optional(),
  company: z.string().trim().max(60, '公司名称不能超过60个字符').optional(),
  position: z.string().trim().max(30, '职位不能超过30个字符').optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const PASSWORD_RULES = [
  { key: 'length', label: '至少8个字符', test: (p: string) => p.length >= 8 },
  { key: 'lower', label: '包含小写字母', test: (p: string) => /[a-z]/.test(p) },
  { key: 'upper', label: '包含大写字母', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'digit', label: '包含数字', test: (p: string) => /\d/.test(p) },
  { key: 'special', label: '包含特殊字符', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordStrength = 'weak' | 'medium' | 'strong';
export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  weak: '弱',
  medium: '中',
  strong: '强',
};

/**
 * The change-password strength meter (spec §5): 5 rules; ≤2 weak, 3 medium, more strong;
 * suggests the first two rules not yet met.
 */
export function passwordStrength(password: string): {
  score: number;
  level: PasswordStrength;
  suggestions: string[];
} {
  const missing = PASSWORD_RULES.filter((r) => !r.test(password));
  const score = PASSWORD_RULES.length - missing.length;
  const level: PasswordStrength = score <= 2 ? 'weak' : score === 3 ? 'medium' : 'strong';
  return { score, level, suggestions: missing.slice(0, 2).map((r) => r.label) };
}
