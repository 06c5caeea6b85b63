/**
 * The new-listing draft's text, location and current step, kept on the device per user as they change
 * (client/data/writes/form-drafts.ts), so a reload or a killed browser reopens the form where it
 * was (its files are kept by client/data/media/draft-media.ts).
 */
import {
  listingLocationSchema,
  type FormStep,
  type ListingLocation,
} from '@couchdb/model/property';
import { PROPERTY_TYPES } from '@couchdb/model/property-facts';
import {
  FACT_INPUTS,
  type ListingFactsValues,
  type ListingFormValues,
} from '@couchdb/rules/listing-form';

export interface ListingDraft {
  step: FormStep;
  values: ListingFormValues;
}

/** The user's draft's key (the previous release's localStorage key, so its drafts move over). */
export const listingDraftKey = (userId: string) => `cjfc.publish.draft.${userId}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const isStep = (v: unknown): v is FormStep => v === 1 || v === 2 || v === 3 || v === 4;

/** A saved location, or null when there is none or it is not a valid point any more. */
function savedLocation(v: unknown): ListingLocation | null {
  const parsed = listingLocationSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
}

/**
 * A saved draft (undefined: none) read over the empty form: what is missing or malformed comes
 * from `empty`. A draft saved before the step was kept (the form's values alone, the address
 * inputs flat) opens on step 1.
 */
export function parseListingDraft(parsed: unknown, empty: ListingFormValues): ListingDraft {
  if (!isRecord(parsed)) return { step: 1, values: empty };
  const current = isRecord(parsed.values);
  const v = current ? (parsed.values as Record<string, unknown>) : parsed;
  const address = current && isRecord(v.address) ? v.address : v;
  const savedFacts = isRecord(v.facts) ? v.facts : {};
  const facts = { ...empty.facts };
  for (const key of FACT_INPUTS) {
    const value = text(savedFacts[key], empty.facts[key]);
    (facts as Record<keyof ListingFactsValues, string>)[key] = value;
  }
  if (facts.lift !== 'yes' && facts.lift !== 'no') facts.lift = '';
  return {
    step: current && isStep(parsed.step) ? parsed.step : 1,
    values: {
      title: text(v.title, empty.title),
      type: PROPERTY_TYPES.find((t) => t === v.type) ?? empty.type,
      rooms: text(v.rooms, empty.rooms),
      area: text(v.area, empty.area),
      description: text(v.description, empty.description),
      features: Array.isArray(v.features)
        ? v.features.filter((f): f is string => typeof f === 'string')
        : empty.features,
      price: text(v.price, empty.price),
      address: {
        district: text(address.district, empty.address.district),
        community: text(address.community, empty.address.community),
        address: text(address.address, empty.address.address),
      },
      contact_name: text(v.contact_name, empty.contact_name),
      contact_phone: text(v.contact_phone, empty.contact_phone),
      panorama_url: text(v.panorama_url, empty.panorama_url),
      verification_code: text(v.verification_code, empty.verification_code),
      facts,
      location: savedLocation(v.location),
    },
  };
}
