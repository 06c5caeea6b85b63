/**
 * The demand form's fields as typed (text, one township, one room count) and their mapping to the
 * shared form schema's input and back from a document.
 */
import { z } from 'zod';
import { demandFormSchema, type DemandForm, type DemandFormInput } from '@couchdb/model/demand';
import type { DemandType } from '@couchdb/model/demand-facts';
import type { User } from '@couchdb/model/user';
import { priceInputToYuan, priceInputUnit, priceToInput } from '@couchdb/rules/format';
import type { DemandDoc } from '@client/data/schemas/demand.schema';

export interface DemandFormValues {
  title: string;
  type: DemandType;
  /** The one township chosen ('' for none); the document keeps a list. */
  areas: string;
  /** The one room count chosen ('' for any); the document keeps a list. */
  rooms: string;
  min_price: string;
  max_price: string;
  min_area: string;
  max_area: string;
  requirements: string;
  contact_name: string;
  contact_phone: string;
}

/** Prices are entered in 万 when buying and in 元/月 when renting; the document keeps 元. */
const asListingType = (type: DemandType) => (type === 'buy' ? 'sale' : 'rent');
export const demandPriceUnit = (type: DemandType) => priceInputUnit(asListingType(type));

/** The form's values as the shared schema reads them (prices in 元, lists for the selects). */
export function demandFormInput(values: DemandFormValues): DemandFormInput {
  const toYuan = (text: string) => priceInputToYuan(asListingType(values.type), text);
  return {
    title: values.title,
    type: values.type,
    areas: values.areas ? ([values.areas] as DemandFormInput['areas']) : [],
    rooms: values.rooms ? [Number(values.rooms)] : [],
    min_price: toYuan(values.min_price),
    max_price: toYuan(values.max_price),
    min_area: values.min_area,
    max_area: values.max_area,
    requirements: values.requirements,
    contact_name: values.contact_name,
    contact_phone: values.contact_phone,
  };
}

/** The resolver's schema: the form's values checked by the shared demand form rules. */
export const demandFormValuesSchema: z.ZodType<DemandForm, DemandFormValues> = z.preprocess(
  (values) => demandFormInput(values as DemandFormValues),
  demandFormSchema,
);

/** The form for a demand (a refused version may lack fields: defaults then), or a new one. */
export function demandFormValues(
  user: User | null,
  demand: Partial<DemandDoc> | null,
): DemandFormValues {
  if (!demand) {
    return {
      title: '',
      type: 'buy',
      areas: '',
      rooms: '',
      min_price: '',
      max_price: '',
      min_area: '',
      max_area: '',
      requirements: '',
      contact_name: user?.name ?? '',
      contact_phone: user?.phone ?? '',
    };
  }
  const type = demand.type === 'rent' ? 'rent' : 'buy';
  const fromYuan = (value: number | undefined) => priceToInput(asListingType(type), value);
  return {
    title: demand.title ?? '',
    type,
    areas: demand.areas?.[0] ?? '',
    rooms: demand.rooms?.[0] ? String(demand.rooms[0]) : '',
    min_price: fromYuan(demand.min_price),
    max_price: fromYuan(demand.max_price),
    min_area: demand.min_area === undefined ? '' : String(demand.min_area),
    max_area: demand.max_area === undefined ? '' : String(demand.max_area),
    requirements: demand.requirements ?? '',
    contact_name: demand.contact?.name ?? '',
    contact_phone: demand.contact?.phone ?? '',
  };
}
