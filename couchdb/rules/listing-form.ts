/**
 * The publish form and the listing document, both ways, in one place: the form's values for a new
 * listing, for an existing (or refused) one and for the form schema, and the document a checked
 * form makes, whether it creates a listing (with the gateway's create rules) or edits one.
 */
import type { ListingLocation, Property, PropertyFacts, PropertyForm } from '../model/property';
import { DEFAULT_CITY, DEFAULT_PROVINCE } from '../model/constants';
import { bedroomsFromRooms, type PropertyType } from '../model/property-facts';
import { forceNewPropertyFields } from './access';
import { jsonEqual } from './json-equal';
import { priceInputToYuan, priceToInput } from './format';

/**
 * The form's values as typed: text for numbers, the price in the form's unit (万 for a sale, 元 a
 * month for rent, see priceInputUnit), the address as its three inputs.
 */
export interface ListingFormValues {
  title: string;
  type: PropertyType;
  rooms: string;
  area: string;
  description: string;
  features: string[];
  price: string;
  address: { district: string; community: string; address: string };
  contact_name: string;
  contact_phone: string;
  panorama_url: string;
  /** 房源核验码 as typed ('' = none). */
  verification_code: string;
  /** The structured facts as typed or chosen ('' = not filled in; lift 'yes' or 'no'). */
  facts: ListingFactsValues;
  /** Where the home is, as located or pinned (null = not set). */
  location: ListingLocation | null;
}

export interface ListingFactsValues {
  floor: string;
  total_floors: string;
  orientation: string;
  decoration: string;
  year_built: string;
  lift: '' | 'yes' | 'no';
  usage: string;
  rental_mode: string;
  payment: string;
}

/** The fact inputs of the form, in their order on step 2. */
export const FACT_INPUTS = [
  'floor',
  'total_floors',
  'orientation',
  'decoration',
  'year_built',
  'lift',
  'usage',
  'rental_mode',
  'payment',
] as const satisfies readonly (keyof ListingFactsValues)[];

const emptyFacts = (): ListingFactsValues => ({
  floor: '',
  total_floors: '',
  orientation: '',
  decoration: '',
  year_built: '',
  lift: '',
  usage: '',
  rental_mode: '',
  payment: '',
});

function factsFormValuesOf(f: Partial<PropertyFacts> | undefined): ListingFactsValues {
  const text = (v: number | string | undefined) => (v === undefined ? '' : String(v));
  return {
    floor: text(f?.floor),
    total_floors: text(f?.total_floors),
    orientation: f?.orientation ?? '',
    decoration: f?.decoration ?? '',
    year_built: text(f?.year_built),
    lift: f?.lift === undefined ? '' : f.lift ? 'yes' : 'no',
    usage: f?.usage ?? '',
    rental_mode: f?.rental_mode ?? '',
    payment: f?.payment ?? '',
  };
}

/** The facts as the schema reads them: blanks left out, and the rent terms only for a rent. */
function factsInput(values: ListingFactsValues, type: PropertyType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FACT_INPUTS) {
    const v = values[key]?.trim?.() ?? '';
    if (!v) continue;
    if ((key === 'rental_mode' || key === 'payment') && type !== 'rent') continue;
    out[key] = key === 'lift' ? v === 'yes' : v;
  }
  return out;
}

/** The facts a checked form stores, without the unset ones; undefined when none is set. */
function storedFacts(facts: PropertyFacts | undefined): PropertyFacts | undefined {
  if (!facts) return undefined;
  const entries = Object.entries(facts).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as PropertyFacts) : undefined;
}

/** A new listing's form: empty, the contact prefilled with the publisher's. */
export function emptyListingForm(contact: { name?: string; phone?: string }): ListingFormValues {
  return {
    title: '',
    type: 'sale',
    rooms: '',
    area: '',
    description: '',
    features: [],
    price: '',
    address: { district: '', community: '', address: '' },
    contact_name: contact.name ?? '',
    contact_phone: contact.phone ?? '',
    panorama_url: '',
    verification_code: '',
    facts: emptyFacts(),
    location: null,
  };
}

/** A listing's content as the form edits it (a refused version may lack fields: defaults then). */
export function listingFormValuesOf(listing: Partial<Property>): ListingFormValues {
  const type = listing.type === 'rent' ? 'rent' : 'sale';
  return {
    title: listing.title ?? '',
    type,
    rooms: listing.rooms ?? '',
    area: listing.area === undefined ? '' : String(listing.area),
    description: listing.description ?? '',
    features: listing.features ?? [],
    price: priceToInput(type, listing.price),
    address: {
      district: listing.address?.district ?? '',
      community: listing.address?.community ?? '',
      address: listing.address?.address ?? '',
    },
    contact_name: listing.contact?.name ?? '',
    contact_phone: listing.contact_phone ?? listing.contact?.phone ?? '',
    panorama_url: listing.panorama_url ?? '',
    verification_code: listing.verification_code ?? '',
    facts: factsFormValuesOf(listing.facts),
    location: listing.location ? { ...listing.location } : null,
  };
}

/**
 * The values as the form schema (propertyFormSchema) reads them: the price in 元, the bedrooms
 * from the rooms text, blank optional inputs left out. Its issues keep the form's field paths.
 */
export function listingFormInput(values: ListingFormValues) {
  return {
    title: values.title,
    type: values.type,
    rooms: values.rooms,
    bedrooms: bedroomsFromRooms(values.rooms) ?? undefined,
    area: values.area,
    description: values.description,
    price: priceInputToYuan(values.type, values.price),
    address: {
      district: values.address.district || undefined,
      community: values.address.community,
      address: values.address.address,
    },
    contact_name: values.contact_name,
    contact_phone: values.contact_phone,
    features: values.features,
    panorama_url: values.panorama_url.trim() || undefined,
    verification_code: (values.verification_code ?? '').trim() || undefined,
    facts: factsInput(values.facts ?? emptyFacts(), values.type),
    location: values.location ?? undefined,
  };
}

/** The content fields a checked form sets, on a new listing and an edited one alike. */
type ListingContent = Pick<
  Property,
  | 'title'
  | 'description'
  | 'type'
  | 'price'
  | 'area'
  | 'bedrooms'
  | 'rooms'
  | 'features'
  | 'contact'
  | 'contact_phone'
  | 'panorama_url'
  | 'verification_code'
  | 'facts'
  | 'location'
>;

function listingContent(form: PropertyForm, bedroomsBefore: number): ListingContent {
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    price: Math.round(form.price),
    area: form.area,
    bedrooms: form.bedrooms ?? bedroomsFromRooms(form.rooms) ?? bedroomsBefore,
    rooms: form.rooms,
    features: form.features,
    contact: { name: form.contact_name ?? '', phone: form.contact_phone },
    contact_phone: form.contact_phone,
    panorama_url: form.panorama_url,
    verification_code: form.verification_code || undefined,
    facts: storedFacts(form.facts),
    location: form.location,
  };
}

/** A new listing as the device writes it, before its media (added once uploaded). */
export type NewListing = Omit<Property, 'images' | 'media_items' | 'owner'>;

/**
 * The new listing a checked form makes, with the fields the gateway forces on a new listing
 * (forceNewPropertyFields). It is proposed pending: the gateway refuses any other audit state
 * from a publisher and approves it itself when the audit is off.
 */
export function newListingFromForm(
  form: PropertyForm,
  publisher: { id: string },
  listingId: string,
  now: number = Date.now(),
): NewListing {
  const { panorama_url, facts, verification_code, location, ...content } = listingContent(form, 0);
  return forceNewPropertyFields(
    {
      id: listingId,
      ...content,
      ...(panorama_url ? { panorama_url } : {}),
      ...(facts ? { facts } : {}),
      ...(verification_code ? { verification_code } : {}),
      ...(location ? { location } : {}),
      address: {
        province: DEFAULT_PROVINCE,
        city: DEFAULT_CITY,
        district: form.address.district,
        community: form.address.community,
        address: form.address.address,
      },
    },
    publisher,
    { auditRequired: true },
    now,
  );
}

/**
 * An existing listing with a checked form's content: everything else (status, audit, media,
 * owner) stays as it was; a cleared 360° link, verification code, facts and location are removed.
 */
/** A form's edit laid over a version other than the one it opened on (editedListingOver). */
export interface EditOver<L> {
  next: L;
  /** Fields the other version had changed too, differently: the form's value replaced theirs. */
  replaced: string[];
}

/**
 * An edit saved after the listing changed elsewhere (another tab, another device, a sync) since
 * its form opened on `base`: the fields the form changed are laid over `current`, the rest keep
 * `current`'s values, so neither change is lost; where both changed a field differently, the
 * form's value wins and the field is named in `replaced`, for the user to be told. RxDB's own
 * fields (`_rev`, `_meta`, …) and `updated_at` are not compared.
 */
export function editedListingOver<L extends Property>(
  base: L,
  current: L,
  form: PropertyForm,
  now: string,
): EditOver<L> {
  const mine = editedListingFromForm(base, form, now) as Record<string, unknown>;
  const before = base as Record<string, unknown>;
  const theirs = current as Record<string, unknown>;
  const next: Record<string, unknown> = { ...theirs };
  const replaced: string[] = [];
  for (const key of new Set([...Object.keys(mine), ...Object.keys(before)])) {
    if (key.startsWith('_') || key === 'updated_at') continue;
    if (jsonEqual(mine[key], before[key])) continue;
    if (!jsonEqual(theirs[key], before[key]) && !jsonEqual(theirs[key], mine[key]))
      replaced.push(key);
    if (mine[key] === undefined) delete next[key];
    else next[key] = mine[key];
  }
  next.updated_at = now;
  return { next: next as L, replaced };
}

export function editedListingFromForm<L extends Property>(
  listing: L,
  form: PropertyForm,
  now: string,
): L {
  const next: L = {
    ...listing,
    ...listingContent(form, listing.bedrooms),
    address: { ...listing.address, ...form.address },
    updated_at: now,
  };
  if (next.panorama_url === undefined) delete next.panorama_url;
  if (next.facts === undefined) delete next.facts;
  if (next.verification_code === undefined) delete next.verification_code;
  if (next.location === undefined) delete next.location;
  return next;
}
