/**
 * The demand (wanted-to-buy/rent) document of product §3 and its publish form of product §5. Unlike the
 * original product, the collected title is kept on the document. Types, labels and texts live in
 * demand-facts.ts (zod-free).
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, phoneSchema, timestampSchema } from './common';
import { PHONE_PATTERN, TITLE_MAX } from './common-facts';
import { ROOMS_OR_MORE, TOWNSHIPS } from './constants';
import { DEMAND_FORM_MESSAGES, DEMAND_STATUSES, DEMAND_TYPES } from './demand-facts';
import { AREA_MAX, DESCRIPTION_MAX, PRICE_MAX } from './property-facts';
import { userRoleSchema } from './user';

/** A demand document as replicated to devices. */
const demandShape = {
  id: idSchema,
  user_id: idSchema,
  title: z.string().trim().min(1).max(TITLE_MAX),
  type: z.enum(DEMAND_TYPES),
  status: z.enum(DEMAND_STATUSES),
  /** 元 (total for buy, per month for rent). */
  min_price: z.number().min(0).max(PRICE_MAX).optional(),
  max_price: z.number().min(0).max(PRICE_MAX).optional(),
  /** ㎡. */
  min_area: z.number().min(0).max(AREA_MAX).optional(),
  max_area: z.number().min(0).max(AREA_MAX).optional(),
  areas: z.array(z.enum(TOWNSHIPS)).max(TOWNSHIPS.length).default([]),
  rooms: z.array(z.int().min(1).max(ROOMS_OR_MORE)).max(ROOMS_OR_MORE).default([]),
  requirements: z.string().max(DESCRIPTION_MAX).default(''),
  contact: z.object({ name: displayNameSchema.default(''), phone: phoneSchema }),
  /** Publisher, copied by the gateway. */
  user: z.object({ name: displayNameSchema, user_type: userRoleSchema }).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};
export const demandSchema = z.object(demandShape);
export type Demand = z.infer<typeof demandSchema>;
/** A demand as written by a device: unknown keys are refused. */
export const demandWriteSchema = z.strictObject(demandShape);

/** '' and null mean "not given"; input strings become numbers. */
function toOptionalNumber(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v;
}

const dm = DEMAND_FORM_MESSAGES;
/** An optional amount: below 0 says so; not a number or above `max` is not a valid amount. */
const formAmount = (negative: string, invalid: string, max: number) =>
  z.preprocess(
    toOptionalNumber,
    z.number({ error: invalid }).min(0, negative).max(max, invalid).optional(),
  );
/** Both ends of a range as numbers (either may be unchecked yet while other fields have issues). */
const bothGiven = (min: unknown, max: unknown): [number, number] | null =>
  typeof min === 'number' && typeof max === 'number' && Number.isFinite(min) && Number.isFinite(max)
    ? [min, max]
    : null;

/** The publish-demand form (product §5), including both min/max cross-field rules. */
export const demandFormSchema = z
  .strictObject({
    title: z.string({ error: dm.title }).trim().min(1, dm.title).max(TITLE_MAX, dm.titleMax),
    type: z.enum(DEMAND_TYPES, { error: dm.type }),
    min_price: formAmount(dm.price, dm.priceInvalid, PRICE_MAX),
    max_price: formAmount(dm.price, dm.priceInvalid, PRICE_MAX),
    min_area: formAmount(dm.area, dm.areaInvalid, AREA_MAX),
    max_area: formAmount(dm.area, dm.areaInvalid, AREA_MAX),
    /** One township is chosen; kept as a list as the document stores it. */
    areas: z
      .array(z.enum(TOWNSHIPS, { error: dm.location }), { error: dm.location })
      .min(1, dm.location)
      .max(TOWNSHIPS.length),
    rooms: z
      .array(z.int({ error: dm.rooms }).min(1, dm.rooms).max(ROOMS_OR_MORE, dm.rooms))
      .max(ROOMS_OR_MORE)
      .default([]),
    requirements: z
      .string({ error: dm.description })
      .trim()
      .min(1, dm.description)
      .max(DESCRIPTION_MAX, dm.descriptionMax),
    contact_name: z.string().trim().max(30).optional(),
    // One message either way, and no aborting issue: the range rules below still run.
    contact_phone: z
      .string({ error: dm.phoneRequired })
      .trim()
      .superRefine((v, ctx) => {
        if (v === '') ctx.addIssue({ code: 'custom', message: dm.phoneRequired });
        else if (!PHONE_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: dm.phone });
      }),
  })
  .superRefine(
    (v, ctx) => {
      const price = bothGiven(v.min_price, v.max_price);
      if (price && price[0] > price[1]) {
        ctx.addIssue({ code: 'custom', path: ['min_price'], message: dm.priceRange });
      }
      const area = bothGiven(v.min_area, v.max_area);
      if (area && area[0] > area[1]) {
        ctx.addIssue({ code: 'custom', path: ['min_area'], message: dm.areaRange });
      }
    },
    // Also while other fields are wrong: every mistake shows at once, not one after another.
    { when: () => true },
  );
export type DemandForm = z.infer<typeof demandFormSchema>;
export type DemandFormInput = z.input<typeof demandFormSchema>;
