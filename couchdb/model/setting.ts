/**
 * System settings (spec §3): one document per key, `id` = setting_key, with a value typed per key,
 * their defaults, and the admin settings form of spec §5.
 */
import { z } from 'zod';
import { PHONE_MESSAGE, PHONE_PATTERN, phoneSchema, timestampSchema } from './common';
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
  imageLimitRequired: '请输入图片数量上限',
  imageLimitInteger: '图片数量上限必须是整数',
  imageLimitMin: `图片数量上限不能少于${IMAGE_LIMIT_MIN}张`,
  imageLimitMax: `图片数量上限不能超过${IMAGE_LIMIT_MAX}张`,
  saved: '设置保存成功',
  saveFailed: GENERIC_MESSAGES.saveFailed,
  loadFailed: GENERIC_MESSAGES.loadFailed,
  noPermission: '您没有权限访问系统设置',
} as const;

const sm = SETTINGS_MESSAGES;

const imageLimitSchema = z
  .number({ error: sm.imageLimitRequired })
  .int(sm.imageLimitInteger)
  .min(IMAGE_LIMIT_MIN, sm.imageLimitMin)
  .max(IMAGE_LIMIT_MAX, sm.imageLimitMax);

const base = {
  description: z.string().max(200).default(''),
  updated_at: timestampSchema,
};

export const defaultContactSettingSchema = z.object({
  id: z.literal('default_contact'),
  setting_value: z.object({ phone: phoneSchema }),
  ...base,
});
export const auditRequiredSettingSchema = z.object({
  id: z.literal('audit_required'),
  setting_value: z.boolean(),
  ...base,
});
export const maxImagesSettingSchema = z.object({
  id: z.literal('max_images_per_property'),
  setting_value: imageLimitSchema,
  ...base,
});

/** Any setting document; the value's type follows its key. */
export const settingSchema = z.discriminatedUnion('id', [
  defaultContactSettingSchema,
  auditRequiredSettingSchema,
  maxImagesSettingSchema,
]);
export type Setting = z.infer<typeof settingSchema>;

/** Any setting as written by an admin's device: unknown keys are refused. */
export const settingWriteSchema = z.discriminatedUnion('id', [
  defaultContactSettingSchema.strict(),
  auditRequiredSettingSchema.strict(),
  maxImagesSettingSchema.strict(),
]);

/** The settings every feature reads, resolved from the documents. */
export interface Settings {
  defaultContact: { phone: string };
  auditRequired: boolean;
  maxImagesPerProperty: number;
}

/** Defaults when a setting document is missing (spec §3, §9). */
export const DEFAULT_SETTINGS: Settings = {
  defaultContact: { phone: '18887700000' },
  auditRequired: true,
  maxImagesPerProperty: IMAGE_LIMIT_DEFAULT,
};

/** Descriptions stored with each setting document. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  default_contact: '房源未填写联系电话时显示的平台联系电话',
  audit_required: '新发布的房源是否需要管理员审核',
  max_images_per_property: '每个房源最多可上传的媒体文件数量',
};

/** Resolves the settings from whatever setting documents exist, invalid ones ignored. */
export function resolveSettings(docs: readonly unknown[]): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const doc of docs) {
    const parsed = settingSchema.safeParse(doc);
    if (!parsed.success) continue;
    const s = parsed.data;
    if (s.id === 'default_contact') out.defaultContact = { phone: s.setting_value.phone };
    else if (s.id === 'audit_required') out.auditRequired = s.setting_value;
    else out.maxImagesPerProperty = s.setting_value;
  }
  return out;
}

function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' ? Number(v.trim()) : v;
}

/** The admin settings form (spec §5): default phone required, image limit 1–50. */
export const settingsFormSchema = z.strictObject({
  default_contact_phone: z
    .string({ error: sm.phoneRequired })
    .trim()
    .min(1, { error: sm.phoneRequired, abort: true })
    .regex(PHONE_PATTERN, sm.phone),
  audit_required: z.boolean(),
  max_images_per_property: z.preprocess(toNumber, imageLimitSchema),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;
