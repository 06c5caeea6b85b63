/**
 * The zod-free half of auth.ts (password limits and messages, the change-password texts and the
 * strength meter), so shared rules and the first screen can use them without loading the schema
 * library.
 */
import { ERROR_MESSAGES } from './errors';

export const PASSWORD_MIN = 6;
/** Upper bound keeps argon2 input bounded; long enough for any passphrase. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN_MESSAGE = '密码至少6位';
export const PASSWORD_MAX_MESSAGE = '密码不能超过128位';
export const PASSWORD_REQUIRED_MESSAGE = '请输入密码';
export const PASSWORD_MISMATCH_MESSAGE = '两次输入的密码不一致';
export const AGREEMENT_MESSAGE = '请同意服务条款';

/**
 * 忘记密码？ on the login page (the spec's link is dead): the platform line and what happens, as
 * the help page's answer says. Customer service checks who is calling and an admin resets the
 * password (用户详情 → 重置密码), telling the caller a temporary one.
 */
export const FORGOT_PASSWORD_MESSAGES = {
  link: '忘记密码？',
  title: '忘记密码',
  body: (hours: string) =>
    `请在服务时间（每天${hours}）拨打客服电话。客服核实身份后会为您重置密码，并告诉您一个临时密码；用它登录后，请在个人中心修改密码。`,
  call: '拨打客服电话',
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  required: '请填写所有密码字段',
  mismatch: '新密码与确认密码不匹配',
  /** Shown under the confirmation while it differs from the new password (product §2 "Profile"). */
  mismatchHint: '密码不匹配',
  tooShort: '新密码至少需要6位字符',
  sameAsCurrent: '新密码不能与当前密码相同',
  success: '密码修改成功',
  failed: '密码修改失败，请稍后重试',
  wrongCurrent: ERROR_MESSAGES.wrong_password,
} as const;

/** The profile edit dialog: the phone cannot be changed. */
export const PHONE_READONLY_MESSAGE = '手机号暂不支持修改';

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
 * The change-password strength meter (product §5): 5 rules; ≤2 weak, 3 medium, more strong;
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
