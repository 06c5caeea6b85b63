/**
 * The zod-free half of setting.ts: the setting keys, their defaults and texts, and
 * `resolveSettings`, so every screen can read the settings on the device without loading the schema
 * library.
 */
import { PHONE_MESSAGE, PHONE_PATTERN } from './common-facts';
import { IMAGE_LIMIT_DEFAULT, IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from './constants';
import { GENERIC_MESSAGES } from './errors';

export const SETTING_KEYS = [
  'default_contact',
  'audit_required',
  'max_images_per_property',
  'loan_rates',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The bounds every reference rate is checked against (the form, the gateway, the resolver). */
export const LOAN_RATE_LIMITS = {
  maxPercent: 20,
  percentDecimals: 3,
  maxBasisPoints: 300,
} as const;

/** Settings form and screen texts (product §5 "Settings", §8 "Admin"). */
export const SETTINGS_MESSAGES = {
  phoneRequired: '请输入默认联系电话',
  phone: PHONE_MESSAGE,
  auditRequiredInvalid: '请选择新房源是否需要审核',
  imageLimitRequired: '请输入图片数量上限',
  imageLimitInteger: '图片数量上限必须是整数',
  imageLimitMin: `图片数量上限不能少于${IMAGE_LIMIT_MIN}张`,
  imageLimitMax: `图片数量上限不能超过${IMAGE_LIMIT_MAX}张`,
  saved: '设置保存成功',
  saveFailed: GENERIC_MESSAGES.saveFailed,
  loadFailed: GENERIC_MESSAGES.loadFailed,
  noPermission: '您没有权限访问系统设置',
  ratesInvalid: '请填写完整的参考利率',
  rateRequired: '请输入利率',
  rateNumber: '利率必须是数字',
  rateRange: `利率须大于0且不超过${LOAN_RATE_LIMITS.maxPercent}%`,
  rateDecimals: `利率最多保留${LOAN_RATE_LIMITS.percentDecimals}位小数`,
  basisPointsInteger: '基点必须是整数',
  basisPointsRange: `基点须在-${LOAN_RATE_LIMITS.maxBasisPoints}到${LOAN_RATE_LIMITS.maxBasisPoints}之间`,
  dateInvalid: '请输入有效日期，如 2025-05-20',
  downRequired: '请输入首付比例',
  downRange: '首付比例须是0到100之间的整数',
  ratesSaved: '参考利率保存成功',
} as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * Reference rates of the 房贷计算器 (architecture §12), in percent, with the dates they took effect.
 * Commercial loans are priced as the 5-year LPR plus 基点 (basis points, 1 bp = 0.01%).
 */
export interface LoanRates {
  /** 5-year LPR, e.g. 3.5 for 3.5%. */
  lprPercent: number;
  /** The day the LPR took effect (YYYY-MM-DD). */
  lprDate: string;
  /** Added to the LPR for commercial loans; may be negative. */
  basisPoints: number;
  /** 公积金, first home, term over 5 years / up to 5 years. */
  providentFirstLong: number;
  providentFirstShort: number;
  /** 公积金, second home, term over 5 years / up to 5 years. */
  providentSecondLong: number;
  providentSecondShort: number;
  /** The day the 公积金 rates took effect (YYYY-MM-DD). */
  providentDate: string;
  /** Minimum down payments, percent of the price. */
  minDownCommercial: number;
  minDownProvidentFirst: number;
  minDownProvidentSecond: number;
}

/** The LoanRates fields that are interest rates in percent. */
export const LOAN_RATE_PERCENT_KEYS = [
  'lprPercent',
  'providentFirstLong',
  'providentFirstShort',
  'providentSecondLong',
  'providentSecondShort',
] as const satisfies readonly (keyof LoanRates)[];
/** The LoanRates fields that are dates (YYYY-MM-DD). */
export const LOAN_RATE_DATE_KEYS = [
  'lprDate',
  'providentDate',
] as const satisfies readonly (keyof LoanRates)[];
/** The LoanRates fields that are minimum down payments in whole percent. */
export const LOAN_RATE_DOWN_KEYS = [
  'minDownCommercial',
  'minDownProvidentFirst',
  'minDownProvidentSecond',
] as const satisfies readonly (keyof LoanRates)[];

/** A calendar day written YYYY-MM-DD that exists (no 2025-02-30). */
export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** An interest rate in percent within LOAN_RATE_LIMITS (above 0, at most 3 decimals). */
export function isRatePercent(v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  if (v <= 0 || v > LOAN_RATE_LIMITS.maxPercent) return false;
  const scaled = v * 10 ** LOAN_RATE_LIMITS.percentDecimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const isBasisPoints = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= LOAN_RATE_LIMITS.maxBasisPoints;
const isDownPercent = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100;

/** Whether a stored value is a complete set of reference rates within their bounds. */
export function isLoanRates(v: unknown): v is LoanRates {
  if (!isRecord(v)) return false;
  return (
    LOAN_RATE_PERCENT_KEYS.every((k) => isRatePercent(v[k])) &&
    LOAN_RATE_DATE_KEYS.every((k) => isCalendarDate(v[k])) &&
    LOAN_RATE_DOWN_KEYS.every((k) => isDownPercent(v[k])) &&
    isBasisPoints(v.basisPoints)
  );
}

/** The rates of architecture §12 (LPR since 2025-05-20, 公积金 since 2025-05-08). */
export const DEFAULT_LOAN_RATES: LoanRates = {
  lprPercent: 3.5,
  lprDate: '2025-05-20',
  basisPoints: 0,
  providentFirstLong: 2.6,
  providentFirstShort: 2.1,
  providentSecondLong: 3.075,
  providentSecondShort: 2.525,
  providentDate: '2025-05-08',
  minDownCommercial: 15,
  minDownProvidentFirst: 20,
  minDownProvidentSecond: 30,
};

/** The settings every feature reads, resolved from the documents. */
export interface Settings {
  defaultContact: { phone: string };
  auditRequired: boolean;
  maxImagesPerProperty: number;
  /** The calculator's reference rates (the loan_rates setting, else DEFAULT_LOAN_RATES). */
  loanRates: LoanRates;
}

/** Defaults when a setting document is missing (product §3, §9). */
export const DEFAULT_SETTINGS: Settings = {
  defaultContact: { phone: '18887700000' },
  auditRequired: true,
  maxImagesPerProperty: IMAGE_LIMIT_DEFAULT,
  loanRates: DEFAULT_LOAN_RATES,
};

/** Descriptions stored with each setting document. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  default_contact: '房源未填写联系电话时显示的平台联系电话',
  audit_required: '新发布的房源是否需要管理员审核',
  max_images_per_property: '每个房源最多可上传的媒体文件数量',
  loan_rates: '房贷计算器使用的参考利率（LPR、基点、公积金利率）和最低首付比例',
};

function isImageLimit(v: unknown): v is number {
  return (
    typeof v === 'number' && Number.isInteger(v) && v >= IMAGE_LIMIT_MIN && v <= IMAGE_LIMIT_MAX
  );
}

/**
 * Resolves the settings from whatever setting documents exist; a value that breaks its key's rule
 * (the same rule as setting.ts's schemas) is ignored. Only the value is checked: it is all a screen
 * reads, and the gateway checked the whole document with the write schema when it was saved.
 */
export function resolveSettings(docs: readonly unknown[]): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const doc of docs) {
    if (!isRecord(doc)) continue;
    const value = doc.setting_value;
    if (doc.id === 'default_contact') {
      const phone = isRecord(value) && typeof value.phone === 'string' ? value.phone.trim() : '';
      if (PHONE_PATTERN.test(phone)) out.defaultContact = { phone };
    } else if (doc.id === 'audit_required') {
      if (typeof value === 'boolean') out.auditRequired = value;
    } else if (doc.id === 'max_images_per_property') {
      if (isImageLimit(value)) out.maxImagesPerProperty = value;
    } else if (doc.id === 'loan_rates') {
      if (isLoanRates(value)) out.loanRates = pickLoanRates(value);
    }
  }
  return out;
}

/** Only the LoanRates fields of a checked value (a stored document may carry more). */
function pickLoanRates(v: LoanRates): LoanRates {
  const out = { ...DEFAULT_LOAN_RATES };
  for (const k of Object.keys(DEFAULT_LOAN_RATES) as (keyof LoanRates)[]) {
    (out as Record<string, unknown>)[k] = v[k];
  }
  return out;
}
