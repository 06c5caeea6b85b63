/**
 * System settings (product §3): one document per key, `id` = setting_key, with a value typed per key,
 * and the admin settings form of product §5. Keys, defaults, texts and `resolveSettings` live in
 * setting-facts.ts (zod-free).
 */
import { z } from 'zod';
import { timestampSchema } from './common';
import { PHONE_PATTERN } from './common-facts';
import { IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from './constants';
import {
  isCalendarDate,
  isRatePercent,
  LOAN_RATE_LIMITS,
  SETTINGS_MESSAGES,
  type LoanRates,
} from './setting-facts';

const sm = SETTINGS_MESSAGES;

const imageLimitSchema = z
  .number({ error: sm.imageLimitRequired })
  .int(sm.imageLimitInteger)
  .min(IMAGE_LIMIT_MIN, sm.imageLimitMin)
  .max(IMAGE_LIMIT_MAX, sm.imageLimitMax);

/** The platform's default phone: required, then the phone rule (product §5, §9). */
const defaultPhoneSchema = z
  .string({ error: sm.phoneRequired })
  .trim()
  .min(1, { error: sm.phoneRequired, abort: true })
  .regex(PHONE_PATTERN, sm.phone);

const required = (missing: string, wrong: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrong),
});

const ratePercentSchema = z
  .number(required(sm.rateRequired, sm.rateNumber))
  .gt(0, { error: sm.rateRange, abort: true })
  .max(LOAN_RATE_LIMITS.maxPercent, { error: sm.rateRange, abort: true })
  .refine(isRatePercent, sm.rateDecimals);
const basisPointsSchema = z
  .number(required(sm.rateRequired, sm.basisPointsInteger))
  .int(sm.basisPointsInteger)
  .min(-LOAN_RATE_LIMITS.maxBasisPoints, sm.basisPointsRange)
  .max(LOAN_RATE_LIMITS.maxBasisPoints, sm.basisPointsRange);
const rateDateSchema = z
  .string({ error: sm.dateInvalid })
  .trim()
  .refine(isCalendarDate, sm.dateInvalid);
const downPercentSchema = z
  .number(required(sm.downRequired, sm.downRange))
  .int(sm.downRange)
  .min(0, sm.downRange)
  .max(100, sm.downRange);

/** Each LoanRates field's rule; the stored value and the form share them. */
const loanRateFields = {
  lprPercent: ratePercentSchema,
  lprDate: rateDateSchema,
  basisPoints: basisPointsSchema,
  providentFirstLong: ratePercentSchema,
  providentFirstShort: ratePercentSchema,
  providentSecondLong: ratePercentSchema,
  providentSecondShort: ratePercentSchema,
  providentDate: rateDateSchema,
  minDownCommercial: downPercentSchema,
  minDownProvidentFirst: downPercentSchema,
  minDownProvidentSecond: downPercentSchema,
} satisfies Record<keyof LoanRates, z.ZodType>;

/** The loan_rates setting's value: every reference rate, within its bounds. */
export const loanRatesSchema = z.strictObject(loanRateFields, { error: sm.ratesInvalid });

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

export const loanRatesSettingSchema = z.object({
  id: z.literal('loan_rates'),
  setting_value: loanRatesSchema,
  ...base,
});

/** Any setting document; the value's type follows its key. */
export const settingSchema = z.discriminatedUnion('id', [
  defaultContactSettingSchema,
  auditRequiredSettingSchema,
  maxImagesSettingSchema,
  loanRatesSettingSchema,
]);
export type Setting = z.infer<typeof settingSchema>;

/** Any setting as written by an admin's device: unknown keys are refused. */
export const settingWriteSchema = z.discriminatedUnion('id', [
  defaultContactSettingSchema.strict(),
  auditRequiredSettingSchema.strict(),
  maxImagesSettingSchema.strict(),
  loanRatesSettingSchema.strict(),
]);

function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' ? Number(v.trim()) : v;
}

/** The admin settings form (product §5): default phone required, image limit 1–50. */
export const settingsFormSchema = z.strictObject({
  default_contact_phone: defaultPhoneSchema,
  audit_required: z.boolean({ error: sm.auditRequiredInvalid }),
  max_images_per_property: z.preprocess(toNumber, imageLimitSchema),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;
/** The settings form's values as typed (the image limit may still be text). */
export type SettingsFormInput = z.input<typeof settingsFormSchema>;

const numberField = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema);

/** The reference rates form (系统设置 › 房贷参考利率): numbers may arrive as typed text. */
export const loanRatesFormSchema = z.strictObject({
  lprPercent: numberField(ratePercentSchema),
  lprDate: rateDateSchema,
  basisPoints: numberField(basisPointsSchema),
  providentFirstLong: numberField(ratePercentSchema),
  providentFirstShort: numberField(ratePercentSchema),
  providentSecondLong: numberField(ratePercentSchema),
  providentSecondShort: numberField(ratePercentSchema),
  providentDate: rateDateSchema,
  minDownCommercial: numberField(downPercentSchema),
  minDownProvidentFirst: numberField(downPercentSchema),
  minDownProvidentSecond: numberField(downPercentSchema),
}) satisfies z.ZodType<LoanRates, unknown>;
export type LoanRatesFormInput = z.input<typeof loanRatesFormSchema>;
