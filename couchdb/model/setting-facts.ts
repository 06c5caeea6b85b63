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
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Settings form and screen texts (spec §5 "Settings", §8 "Admin"). */
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
} as const;

/**
 * Reference rates of the 房贷计算器 (DESIGN §12), in percent, with the dates they took effect.
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

/** The rates of DESIGN §12 (LPR since 2025-05-20, 公积金 since 2025-05-08). */
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
  /**
   * The calculator's reference rates: the defaults until the device's settings collection can hold
   * a rates document (its RxDB schema lists the keys, and a new key changes that schema).
   */
  loanRates: LoanRates;
}

/** Defaults when a setting document is missing (spec §3, §9). */
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
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

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
    }
  }
  return out;
}
