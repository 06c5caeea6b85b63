/**
 * The property (listing) document of product §3 and the publish form of product §5 with its step field
 * lists. Types, limits, messages and the small checks live in property-facts.ts (zod-free).
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, phoneSchema, timestampSchema } from './common';
import { isHttpUrl, TITLE_MAX, TITLE_MAX_MESSAGE, URL_MAX, URL_MESSAGE } from './common-facts';
import {
  CUSTOM_TAG_MAX,
  DEFAULT_CITY,
  DEFAULT_PROVINCE,
  FEATURES_MAX,
  TOWNSHIPS,
} from './constants';
import { COUNTY_BOUNDS, LOCATION_ACCURACY_MAX_M, LOCATION_MESSAGES } from './location-facts';
import { mediaItemSchema, propertyImageSchema } from './media';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  AREA_MAX,
  AUDIT_COMMENT_MAX,
  AUDIT_STATUSES,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  PRICE_MAX,
  PROPERTY_FORM_MESSAGES,
  PROPERTY_STATUSES,
  PROPERTY_TITLE_MIN,
  PROPERTY_TYPES,
  REVIEWED_PROPERTY_FIELDS,
  REVISION_STATUSES,
  ROOMS_MAX,
} from './property-facts';
import {
  FLOOR_MAX,
  FLOOR_MIN,
  PROPERTY_FACT_MESSAGES,
  YEAR_BUILT_MAX,
  YEAR_BUILT_MIN,
} from './listing-fact-labels';
import { DECORATIONS, PRICE_HISTORY_MAX, RENTAL_MODES, USAGES } from './listing-facts';
import { ORIENTATIONS, PAYMENT_TERMS } from './listing-choice-facts';
import { MODERATION_KINDS, REPORT_REASON_MAX } from './trust-facts';
import {
  normalizeVerificationCode,
  VERIFICATION_CODE_PATTERN,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUSES,
} from './verification-facts';

/** Structured address of a listing; district is one of the six townships. */
export const addressSchema = z.object({
  province: z.string().trim().max(20).default(DEFAULT_PROVINCE),
  city: z.string().trim().max(20).default(DEFAULT_CITY),
  district: z.enum(TOWNSHIPS, { error: PROPERTY_FORM_MESSAGES.district }),
  community: z.string().trim().max(50).default(''),
  address: z.string().trim().max(ADDRESS_MAX, PROPERTY_FORM_MESSAGES.addressMax),
});
export type Address = z.infer<typeof addressSchema>;

/** A feature tag as stored: non-blank, at most 4 characters. */
const featureTagSchema = z.string().trim().min(1).max(CUSTOM_TAG_MAX);

const contactSchema = z.object({
  name: displayNameSchema.default(''),
  /** Absent in a visitor's projection (phones are stripped, architecture §4). */
  phone: phoneSchema.optional(),
});

/** The 360° link opens a third party's page in a frame: https pages only (issue 16). */
const panoramaUrlSchema = z
  .string()
  .trim()
  .max(URL_MAX, URL_MESSAGE)
  .refine((v) => v === '' || isHttpUrl(v), { error: URL_MESSAGE, abort: true })
  .refine((v) => v === '' || /^https:\/\//i.test(v), PROPERTY_FORM_MESSAGES.panoramaHttps);

/**
 * A change to an approved listing waiting for review (REVIEWED_PROPERTY_FIELDS): the last
 * approved values of those fields, which everyone but the owner and admins keeps seeing.
 */
const revisionSchema = z.strictObject({
  status: z.enum(REVISION_STATUSES),
  approved: z.partialRecord(z.enum(REVIEWED_PROPERTY_FIELDS), z.unknown()),
  comment: z.string().max(AUDIT_COMMENT_MAX).default(''),
  submitted_at: timestampSchema,
});
export type PropertyRevision = z.infer<typeof revisionSchema>;

/** 房源核验码 (issue 19): spaces dropped, capitals; '' means none. */
export const verificationCodeSchema = z
  .string()
  .transform(normalizeVerificationCode)
  .refine((v) => v === '' || VERIFICATION_CODE_PATTERN.test(v), VERIFICATION_MESSAGES.codeFormat);

/** An admin's notice on a listing after a report (issue 19), set by the gateway only. */
const moderationSchema = z.strictObject({
  kind: z.enum(MODERATION_KINDS),
  reason: z.string().max(REPORT_REASON_MAX),
  at: timestampSchema,
});
export type ListingModeration = z.infer<typeof moderationSchema>;

const fm = PROPERTY_FACT_MESSAGES;

/** The structured facts (issue 18), each optional; the floor is not above the building. */
const factsShape = {
  floor: z.int(fm.floor).min(FLOOR_MIN, fm.floor).max(FLOOR_MAX, fm.floor).optional(),
  total_floors: z
    .int(fm.totalFloors)
    .min(1, fm.totalFloors)
    .max(FLOOR_MAX, fm.totalFloors)
    .optional(),
  orientation: z.enum(ORIENTATIONS, fm.choose).optional(),
  decoration: z.enum(DECORATIONS, fm.choose).optional(),
  year_built: z
    .int(fm.yearBuilt)
    .min(YEAR_BUILT_MIN, fm.yearBuilt)
    .max(YEAR_BUILT_MAX, fm.yearBuilt)
    .optional(),
  lift: z.boolean().optional(),
  usage: z.enum(USAGES, fm.choose).optional(),
  rental_mode: z.enum(RENTAL_MODES, fm.choose).optional(),
  payment: z.enum(PAYMENT_TERMS, fm.choose).optional(),
};
const floorWithinBuilding = (f: {
  floor?: number | undefined;
  total_floors?: number | undefined;
}) => f.floor === undefined || f.total_floors === undefined || f.floor <= f.total_floors;
const floorRefinement = { error: fm.floorAboveTotal, path: ['floor'] };

export const propertyFactsSchema = z
  .strictObject(factsShape)
  .refine(floorWithinBuilding, floorRefinement);
export type PropertyFacts = z.infer<typeof propertyFactsSchema>;

const lm = LOCATION_MESSAGES;
/** A coordinate in degrees: zod's numbers are finite (NaN and ±Infinity are refused). */
const coordinate = (min: number, max: number) =>
  z.number(lm.invalid).min(min, lm.outsideCounty).max(max, lm.outsideCounty);

/**
 * Where the home is (issue 64): a point in degrees (WGS 84, as phones report it), inside the county
 * (COUNTY_BOUNDS), with its accuracy in metres. Everyone but the owner and admins receives it
 * snapped to a grid of about 100 m (couchdb/rules/listing-location.ts) unless `public_exact`.
 */
export const listingLocationSchema = z.strictObject({
  latitude: coordinate(COUNTY_BOUNDS.south, COUNTY_BOUNDS.north),
  longitude: coordinate(COUNTY_BOUNDS.west, COUNTY_BOUNDS.east),
  /** Metres: the radius the phone says the true position lies within. */
  accuracy_m: z.number(lm.accuracy).gt(0, lm.accuracy).max(LOCATION_ACCURACY_MAX_M, lm.accuracy),
  /** The owner chose to show the exact point to everyone (off unless chosen). */
  public_exact: z.boolean().default(false),
});
export type ListingLocation = z.infer<typeof listingLocationSchema>;

/** One accepted price, stamped by the gateway. */
const pricePointSchema = z.strictObject({
  price: z.int().min(0).max(PRICE_MAX),
  at: timestampSchema,
});

const propertyShape = {
  id: idSchema,
  user_id: idSchema,
  title: z.string().trim().min(1).max(TITLE_MAX, TITLE_MAX_MESSAGE),
  description: z.string().max(DESCRIPTION_MAX, PROPERTY_FORM_MESSAGES.descriptionMax).default(''),
  type: z.enum(PROPERTY_TYPES),
  /** 元: total for sale, per month for rent. */
  price: z.int().min(0).max(PRICE_MAX),
  /** ㎡. */
  area: z.number().min(0).max(AREA_MAX),
  bedrooms: z.int().min(0).max(99),
  rooms: z.string().max(ROOMS_MAX).default(''),
  address: addressSchema,
  status: z.enum(PROPERTY_STATUSES),
  audit_status: z.enum(AUDIT_STATUSES),
  audit_comment: z.string().max(AUDIT_COMMENT_MAX).default(''),
  audited_by: idSchema.nullable().default(null),
  audited_at: timestampSchema.nullable().default(null),
  is_priority: z.boolean().default(false),
  is_featured: z.boolean().default(false),
  view_count: z.int().min(0).default(0),
  features: z.array(featureTagSchema).max(FEATURES_MAX).default([]),
  contact: contactSchema.default({ name: '' }),
  /** Absent in a visitor's projection. */
  contact_phone: phoneSchema.optional(),
  panorama_url: panoramaUrlSchema.optional(),
  images: z.array(propertyImageSchema).max(50).default([]),
  media_items: z.array(mediaItemSchema).max(50).default([]),
  /** Publisher display name, copied by the gateway. */
  owner: z.object({ name: displayNameSchema }).optional(),
  /** Floor, orientation, decoration … (issue 18); absent on listings published before them. */
  facts: propertyFactsSchema.optional(),
  /**
   * The accepted prices, oldest first, at most PRICE_HISTORY_MAX: server-owned, the gateway
   * appends one whenever an accepted write changes the price (whatever a device sends here).
   */
  price_history: z.array(pricePointSchema).max(PRICE_HISTORY_MAX).optional(),
  /** 房源核验码 (issue 19), the owner's; absent or '' when none. */
  verification_code: verificationCodeSchema.optional(),
  /** Where the home is (issue 64), the owner's; absent when not set. */
  location: listingLocationSchema.optional(),
  /** An admin's check of the code; the gateway resets it to unchecked when the code changes. */
  verification_status: z.enum(VERIFICATION_STATUSES).optional(),
  /** Who checked the code and when: set by the gateway with each admin check. */
  verified_by: idSchema.nullable().optional(),
  verified_at: timestampSchema.nullable().optional(),
  /**
   * An admin's decision on reports (taken down, or asked to fix), set by the gateway's report
   * service; a fix request ends with the owner's next edit, a takedown when an admin puts it up.
   */
  moderation: moderationSchema.nullable().optional(),
  /** A change waiting for review, set by the gateway; absent for everyone but owner and admins. */
  change_review: revisionSchema.nullable().optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};

/** A property document as replicated to devices (tolerates, and drops, unknown keys). */
export const propertySchema = z.object(propertyShape);
export type Property = z.infer<typeof propertySchema>;
/** A property document as written by a device: unknown keys are refused. */
export const propertyWriteSchema = z.strictObject(propertyShape);

/** '' and null mean "not filled in"; strings from inputs become numbers. */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string') return Number(v.trim());
  return v;
}

const m = PROPERTY_FORM_MESSAGES;

/** The publish/edit form (product §5 property form). Prices in 元, areas in ㎡. */
export const propertyFormSchema = z.strictObject({
  title: z
    .string({ error: m.titleMin })
    .trim()
    .min(PROPERTY_TITLE_MIN, m.titleMin)
    .max(TITLE_MAX, m.titleMax),
  type: z.enum(PROPERTY_TYPES, { error: m.type }),
  rooms: z.string({ error: m.rooms }).trim().min(1, m.rooms).max(ROOMS_MAX, m.roomsMax),
  bedrooms: z.preprocess(toNumber, z.int().min(0).max(99).optional()),
  area: z.preprocess(toNumber, z.number({ error: m.area }).min(1, m.area).max(AREA_MAX, m.area)),
  description: z
    .string({ error: m.descriptionMin })
    .trim()
    .min(DESCRIPTION_MIN, m.descriptionMin)
    .max(DESCRIPTION_MAX, m.descriptionMax),
  price: z.preprocess(
    toNumber,
    z.number({ error: m.price }).min(1, m.price).max(PRICE_MAX, m.price),
  ),
  address: z.strictObject(
    {
      province: z.string().trim().max(20).default(DEFAULT_PROVINCE),
      city: z.string().trim().max(20).default(DEFAULT_CITY),
      district: z.enum(TOWNSHIPS, { error: m.district }),
      community: z.string().trim().max(50).default(''),
      address: z
        .string({ error: m.addressMin })
        .trim()
        .min(ADDRESS_MIN, m.addressMin)
        .max(ADDRESS_MAX, m.addressMax),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? m.addressMin : undefined) },
  ),
  contact_name: z.string().trim().max(30, m.contactName).optional(),
  contact_phone: phoneSchema,
  features: z.array(featureTagSchema).max(FEATURES_MAX, m.tooManyFeatures).default([]),
  panorama_url: panoramaUrlSchema.optional(),
  verification_code: verificationCodeSchema.optional(),
  location: listingLocationSchema.optional(),
  facts: z
    .strictObject({
      ...factsShape,
      floor: z.preprocess(toNumber, factsShape.floor),
      total_floors: z.preprocess(toNumber, factsShape.total_floors),
      year_built: z.preprocess(toNumber, factsShape.year_built),
    })
    .refine(floorWithinBuilding, floorRefinement)
    .default({}),
});
export type PropertyForm = z.infer<typeof propertyFormSchema>;
export type PropertyFormInput = z.input<typeof propertyFormSchema>;

/**
 * Publish steps 1–4; Next on steps 1–3 validates the fields shown on that step, step 4 is media
 * (product §2, §5). Besides the spec's step fields, each step checks the optional fields it shows
 * (tags, contact name, 360° link) when filled in, so a bad one is refused where it can be fixed.
 */
export const STEP_FIELDS = {
  1: ['title', 'type'],
  2: ['rooms', 'area', 'facts', 'description', 'features', 'verification_code'],
  3: ['price', 'address', 'location', 'contact_name', 'contact_phone', 'panorama_url'],
} as const satisfies Record<1 | 2 | 3, readonly (keyof PropertyForm)[]>;
export type FormStep = 1 | 2 | 3 | 4;
export const PUBLISH_STEP_COUNT = 4;

/**
 * Validates only the fields of `step` ("next" checks the current step). Returns one message per
 * field path ('title', 'address.address', ...), empty when the step is fine.
 */
export function validatePropertyStep(step: FormStep, values: unknown): Record<string, string> {
  const fields: readonly string[] = step === 4 ? [] : STEP_FIELDS[step];
  const result = propertyFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [head] = issue.path;
    if (typeof head !== 'string' || !fields.includes(head)) continue;
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
