/**
 * System settings (spec §3): one document per key, `id` = setting_key, with a value typed per key,
 * and the admin settings form of spec §5. Keys, defaults, texts and `resolveSettings` live in
 * setting-facts.ts (zod-free).
 */
import { z } from 'zod';
import { PHONE_PATTERN, timestampSchema } from './common';
import { IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from './constants';
import { SETTINGS_MESSAGES } from './setting-facts';

export * from './setting-facts';

const sm = SETTINGS_MESSAGES;

const imageLimitSchema = z
  .number({ error: sm.imageLimitRequired })
  .int(sm.imageLimitInteger)
  .min(IMAGE_LIMIT_MIN, sm.imageLimitMin)
  .max(IMAGE_LIMIT_MAX, sm.imageLimitMax);

/** The platform's default phone: required, then the phone rule (spec §5, §9). */
const defaultPhoneSchema = z
  .string({ error: sm.phoneRequired })
  .trim()
  .min(1, { error: sm.phoneRequired, abort: true })
  .regex(PHONE_PATTERN, sm.phone);

const base = {
  description: z.string().max(200).default(''),
  updated_at: timestampSchema,
};

export const defaultContactSettingSchema = z.object({
  id: z.literal('default_contact'),
  setting_value: z.object({ phone: defaultPhoneSchema }, { error: sm.phoneRequired }),
  ...base,
});
export const auditRequiredSettingSchema = z.object({
  id: z.literal('audit_required'),
  setting_value: z.boolean({ error: sm.auditRequiredInvalid }),
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

function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' ? Number(v.trim()) : v;
}

/** The admin settings form (spec §5): default phone required, image limit 1–50. */
export const settingsFormSchema = z.strictObject({
  default_contact_phone: defaultPhoneSchema,
  audit_required: z.boolean({ error: sm.auditRequiredInvalid }),
  max_images_per_property: z.preprocess(toNumber, imageLimitSchema),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;
/** The settings form's values as typed (the image limit may still be text). */
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
