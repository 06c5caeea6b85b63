/**
 * The listing verification code (房源核验码, issue 19) and its check: its own module, because every
 * card of the first screen shows the 已核验 badge and needs none of the reports' texts
 * (trust-facts.ts).
 */

/**
 * 房源核验码: the code a city's housing authority issues for a listing it has checked (digits,
 * sometimes with capital letters, e.g. 北京 12 digits, 深圳 up to 18). We accept 6–24 digits or
 * Latin letters, stored in capitals, so every city's form fits and typing mistakes like spaces do not.
 */
export const VERIFICATION_CODE_MIN = 6;
export const VERIFICATION_CODE_MAX = 24;
export const VERIFICATION_CODE_PATTERN = /^[0-9A-Z]{6,24}$/;

/** The admin's check of the code: changing the code sends it back to unchecked (gateway rule). */
export const VERIFICATION_STATUSES = ['unchecked', 'verified', 'invalid'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  unchecked: '待核验',
  verified: '已核验',
  invalid: '核验无效',
};

export const VERIFICATION_MESSAGES = {
  codeFormat: `房源核验码为${VERIFICATION_CODE_MIN}到${VERIFICATION_CODE_MAX}位数字或字母`,
  codeLabel: '房源核验码',
  codeHelp: '选填。主管部门核验后出具的编码，管理员核对通过后显示“已核验”',
  badge: '已核验',
  badgeWithCode: (code: string) => `已核验 · ${code}`,
  verify: '核验通过',
  invalidate: '核验无效',
  verified: '已标记为核验通过',
  invalidated: '已标记为核验无效',
  noCode: '该房源未填写核验码',
  filterVerified: '只看已核验',
} as const;

/** Normalises a typed code: no spaces, capital letters. */
export function normalizeVerificationCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Whether a listing shows the 已核验 badge: a code an admin has checked. */
export function isVerifiedListing(p: {
  verification_code?: string | undefined;
  verification_status?: VerificationStatus | undefined;
}): boolean {
  return !!p.verification_code && p.verification_status === 'verified';
}
