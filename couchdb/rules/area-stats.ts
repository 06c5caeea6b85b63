/**
 * 区域找房 and 小区 pages (issue 18): figures per township and per 小区, a 小区's 单价 by month and
 * the similar listings of a detail page, all computed on the device from the public listings it
 * holds. Pure, so the screens and the unit tests run the same arithmetic.
 *
 * Definitions:
 * - 单价 of a sale listing: price / area (元/㎡); a listing without an area counts in the number
 *   and the price range but not in the average 单价 or the area range.
 * - Average 单价: the mean of the listings' 单价, rounded to the yuan; average rent: the mean monthly
 *   rent, rounded to the yuan. No listing with a value: null (shown as "暂无").
 * - A 小区 is address.community trimmed; spellings that differ only in case or spaces are one 小区
 *   (communityKey). Its township is the one most of its listings name.
 * - Trend: for each calendar month (Asia/Shanghai) from the 小区's oldest sale listing to `now`,
 *   the average 单价 of the sale listings published by the month's end, each at the price it had
 *   then (its price history's last point by then). The device only holds listings that are public
 *   now, so a listing sold and withdrawn since is not in the past months either.
 */
import { TIME_ZONE_OFFSET_MS, TOWNSHIPS, type Township } from '../model/constants';
import type { PropertyType } from '../model/property-facts';
import type { PricePoint } from '../model/listing-facts';
import { AREA_MESSAGES } from '../model/area-facts';
import { communityKey } from './community-key';
import { formatArea, formatPrice, groupDigits } from './format';

/** The fields the computations read from a listing. */
export interface StatsListing {
  id: string;
  type: PropertyType;
  price: number;
  area?: number | undefined;
  created_at?: string | undefined;
  address?: { district?: string | undefined; community?: string | undefined } | undefined;
  price_history?: readonly PricePoint[] | undefined;
}

/** The figures of a set of listings of one type. */
export interface ListingFigures {
  count: number;
  /** Sale: mean 单价 in 元/㎡; rent: null. */
  averageUnitPrice: number | null;
  /** Mean price: 元 for a sale, 元/月 for a rent. */
  averagePrice: number | null;
  priceRange: [number, number] | null;
  areaRange: [number, number] | null;
}

/** Sale and rent figures of a township or a 小区. */
export interface PlaceStats {
  sale: ListingFigures;
  rent: ListingFigures;
}

export interface TownshipStats extends PlaceStats {
  township: Township;
}

export interface CommunityStats extends PlaceStats {
  /** The key that groups its spellings (communityKey). */
  key: string;
  /** The name as most of its listings write it (ties: the first in order). */
  name: string;
  township: string;
}

/** One month of a 小区's trend: 'YYYY-MM' and the average 单价 of its sale listings then. */
export interface UnitPricePoint {
  month: string;
  averageUnitPrice: number;
  count: number;
}

/** The 单价 of a sale listing in 元/㎡, or null without an area. */
export function unitPriceOf(price: number, area: number | undefined): number | null {
  return typeof area === 'number' && area > 0 && Number.isFinite(price) ? price / area : null;
}

const mean = (values: readonly number[]): number | null =>
  values.length ? Math.round(values.reduce((s, v) => s + v, 0) / values.length) : null;

const range = (values: readonly number[]): [number, number] | null =>
  values.length ? [Math.min(...values), Math.max(...values)] : null;

/** The range of the listings' areas (those with one), or null. */
export function areaRangeOf(list: readonly StatsListing[]): [number, number] | null {
  return range(list.flatMap((p) => (typeof p.area === 'number' && p.area > 0 ? [p.area] : [])));
}

/** The figures of listings of one type (the caller passes only that type). */
export function listingFigures(type: PropertyType, list: readonly StatsListing[]): ListingFigures {
  const prices = list.map((p) => p.price);
  const unitPrices = type === 'sale' ? list.flatMap((p) => unitPriceOf(p.price, p.area) ?? []) : [];
  return {
    count: list.length,
    averageUnitPrice: type === 'sale' ? mean(unitPrices) : null,
    averagePrice: mean(prices),
    priceRange: range(prices),
    areaRange: areaRangeOf(list),
  };
}

/** Sale and rent figures of a set of listings. */
export function placeStats(list: readonly StatsListing[]): PlaceStats {
  return {
    sale: listingFigures(
      'sale',
      list.filter((p) => p.type === 'sale'),
    ),
    rent: listingFigures(
      'rent',
      list.filter((p) => p.type === 'rent'),
    ),
  };
}

/** The six townships in their usual order, each with its figures (zero listings included). */
export function townshipStats(list: readonly StatsListing[]): TownshipStats[] {
  return TOWNSHIPS.map((township) => ({
    township,
    ...placeStats(list.filter((p) => p.address?.district === township)),
  }));
}

/** The most frequent value (ties: the first seen). */
function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = values[0] ?? '';
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > (counts.get(best) ?? 0)) best = v;
  }
  return best;
}

/**
 * The 小区 of the listings (those of `township` only, when given), most listings first, then by
 * name. Listings without a 小区 are left out.
 */
export function communityStats(list: readonly StatsListing[], township?: string): CommunityStats[] {
  const groups = new Map<string, StatsListing[]>();
  for (const p of list) {
    const key = communityKey(p.address?.community);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const out: CommunityStats[] = [];
  for (const [key, group] of groups) {
    const home = mostFrequent(group.map((p) => p.address?.district ?? ''));
    if (township && home !== township) continue;
    out.push({
      key,
      name: mostFrequent(group.map((p) => (p.address?.community ?? '').trim())),
      township: home,
      ...placeStats(group),
    });
  }
  const total = (c: CommunityStats) => c.sale.count + c.rent.count;
  return out.sort((a, b) => total(b) - total(a) || a.name.localeCompare(b.name, 'zh-CN'));
}

/** The listings of one 小区 (by name, grouped as communityKey does). */
export function listingsOfCommunity<T extends StatsListing>(list: readonly T[], name: string): T[] {
  const key = communityKey(name);
  if (!key) return [];
  return list.filter((p) => communityKey(p.address?.community) === key);
}

/** 'YYYY-MM' of an instant in Asia/Shanghai. */
function monthOf(ms: number): string {
  const d = new Date(ms + TIME_ZONE_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of the month after `month` ('YYYY-MM'), Asia/Shanghai. */
function monthEnd(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1) - TIME_ZONE_OFFSET_MS;
}

/** The price a listing had just before `endMs`: its history's last point by then, else its price. */
export function priceAt(p: StatsListing, endMs: number): number {
  let price: number | undefined;
  for (const point of p.price_history ?? []) {
    if (Date.parse(point.at) < endMs) price = point.price;
    else break;
  }
  return price ?? p.price;
}

/**
 * A 小区's average 单价 by month (see the module's header), oldest first; at most `months` months
 * (the latest). Sale listings without an area or a publication date are left out; none: [].
 */
export function unitPriceTrend(
  list: readonly StatsListing[],
  now: number,
  months = 12,
): UnitPricePoint[] {
  const sales = list.filter(
    (p) =>
      p.type === 'sale' &&
      typeof p.area === 'number' &&
      p.area > 0 &&
      p.created_at &&
      !Number.isNaN(Date.parse(p.created_at)),
  );
  if (!sales.length) return [];
  const first = Math.min(...sales.map((p) => Date.parse(p.created_at!)));
  const last = monthOf(now);
  const out: UnitPricePoint[] = [];
  for (let month = monthOf(first); month <= last; month = monthOf(monthEnd(month))) {
    const end = monthEnd(month);
    const unitPrices = sales
      .filter((p) => Date.parse(p.created_at!) < end)
      .map((p) => priceAt(p, end) / p.area!);
    const average = mean(unitPrices);
    if (average !== null) out.push({ month, averageUnitPrice: average, count: unitPrices.length });
  }
  return out.slice(-months);
}

/** How many similar listings the detail page shows. */
export const SIMILAR_LISTINGS_MAX = 6;

/** How far apart two positive values are, relatively (0 = equal; unknown: 1). */
function relativeDistance(a: number | undefined, b: number | undefined): number {
  if (!(typeof a === 'number' && a > 0 && typeof b === 'number' && b > 0)) return 1;
  return Math.abs(Math.log(a / b));
}

/**
 * The listings most like `target` (issue 18): of the same type, in its 小区 or its township,
 * itself excluded; those of its 小区 first, then the rest of its township, each tier by closeness
 * in price and area (the sum of their relative distances), ties by id. At most `limit`.
 */
export function similarListings<T extends StatsListing>(
  target: StatsListing,
  list: readonly T[],
  limit: number = SIMILAR_LISTINGS_MAX,
): T[] {
  const key = communityKey(target.address?.community);
  const district = target.address?.district;
  const ranked: { p: T; tier: number; distance: number }[] = [];
  for (const p of list) {
    if (p.id === target.id || p.type !== target.type) continue;
    const sameCommunity = key !== '' && communityKey(p.address?.community) === key;
    const sameTownship = !!district && p.address?.district === district;
    if (!sameCommunity && !sameTownship) continue;
    ranked.push({
      p,
      tier: sameCommunity ? 0 : 1,
      distance: relativeDistance(p.price, target.price) + relativeDistance(p.area, target.area),
    });
  }
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.distance - b.distance ||
      (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0),
  );
  return ranked.slice(0, limit).map((r) => r.p);
}

/** '8,123元/㎡', or 暂无. */
export function formatAverageUnitPrice(value: number | null): string {
  return value === null ? AREA_MESSAGES.noFigure : `${groupDigits(value)}元/㎡`;
}

/** The headline figure of a type: the average 单价 for a sale, the average rent for a rent. */
export function formatHeadline(type: PropertyType, figures: ListingFigures): string {
  if (type === 'sale') return formatAverageUnitPrice(figures.averageUnitPrice);
  return figures.averagePrice === null
    ? AREA_MESSAGES.noFigure
    : formatPrice('rent', figures.averagePrice);
}

/** A price range of a type ('80.0万 - 120.0万'; one value when both ends agree), or 暂无. */
export function formatPriceRange(type: PropertyType, range: [number, number] | null): string {
  return span(range, (v) => formatPrice(type, v));
}

/** An area range ('60㎡ - 120㎡'), or 暂无. */
export function formatAreaRange(range: [number, number] | null): string {
  return span(range, formatArea);
}

function span(range: [number, number] | null, one: (v: number) => string): string {
  if (!range) return AREA_MESSAGES.noFigure;
  return range[0] === range[1] ? one(range[0]) : `${one(range[0])} - ${one(range[1])}`;
}

/** The page of a 小区 (its name as written, trimmed). */
export function communityPath(name: string): string {
  return `/communities/${encodeURIComponent(name.trim())}`;
}
