/**
 * A listing's structured facts and price history points (issue 18), zod-free: what the cards and
 * the list's filter need on the first screen (the filtered lists, the card's line). The form's and
 * detail page's labels, limits and messages are in listing-fact-labels.ts, loaded with them.
 */
import type { Orientation, PaymentTerm } from './listing-choice-facts';
import type { PropertyType } from './property-facts';

/**
 * The structured facts of a listing: what a buyer or tenant filters by on the big apps.
 * Every one is optional, so listings published before them stay valid.
 */
export const DECORATIONS = ['毛坯', '简装', '精装', '豪装'] as const;
export type Decoration = (typeof DECORATIONS)[number];
export const USAGES = ['住宅', '商住', '公寓', '别墅', '商铺', '写字楼', '车位', '厂房'] as const;
export type Usage = (typeof USAGES)[number];
/** Rent listings only. */
export const RENTAL_MODES = ['整租', '合租'] as const;
export type RentalMode = (typeof RENTAL_MODES)[number];
/** A listing's structured facts as stored (every field optional). */
export interface PropertyFactsValue {
  floor?: number | undefined;
  total_floors?: number | undefined;
  orientation?: Orientation | undefined;
  decoration?: Decoration | undefined;
  year_built?: number | undefined;
  lift?: boolean | undefined;
  usage?: Usage | undefined;
  rental_mode?: RentalMode | undefined;
  payment?: PaymentTerm | undefined;
}

/** '8/18层', '共18层' or '8层'; '' when neither is known. */
export function formatFloor(f: PropertyFactsValue | undefined): string {
  if (!f) return '';
  if (f.floor !== undefined && f.total_floors !== undefined)
    return `${f.floor}/${f.total_floors}层`;
  if (f.total_floors !== undefined) return `共${f.total_floors}层`;
  if (f.floor !== undefined) return `${f.floor}层`;
  return '';
}

/** The card's short line of facts: floor, orientation, decoration, year (and 整租/合租 for rent). */
export function factsSummary(f: PropertyFactsValue | undefined, type: PropertyType): string {
  if (!f) return '';
  return [
    type === 'rent' ? f.rental_mode : undefined,
    formatFloor(f),
    f.orientation,
    f.decoration,
    f.year_built !== undefined ? `${f.year_built}年` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The price changes the gateway keeps on a listing (issue 18): the last ones, oldest first. */
export const PRICE_HISTORY_MAX = 20;
export interface PricePoint {
  /** 元, as the listing's price. */
  price: number;
  at: string;
}
