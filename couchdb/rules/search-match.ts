/**
 * Whether a listing fits a saved search or a demand (issue 19), and what a user's device tells them
 * about it: the one matcher of the device's inbox and of the gateway's demand count. Pure; the
 * device and the gateway pass `now`.
 */
import {
  AREA_BANDS,
  DAY_MS,
  ROOM_LABELS,
  ROOMS_OR_MORE,
  TIME_ZONE_OFFSET_MS,
} from '../model/constants';
import type { DemandStatus, DemandType } from '../model/demand-facts';
import { PROPERTY_TYPE_LABELS, type PropertyType } from '../model/property-facts';
import { SAVED_SEARCH_MESSAGES } from '../model/saved-search-facts';
import { INBOX_MATCH_DAYS } from '../model/saved-search-facts';
import { isPubliclyVisible } from './public-listing';
import {
  filterAndSortProperties,
  priceBandsFor,
  propertyFilterFromParams,
  type FilterableProperty,
  type PropertyFilter,
} from './property-filter';

/** The fields of a demand the matcher reads. */
export interface MatchableDemand {
  id: string;
  user_id: string;
  type: DemandType;
  status: DemandStatus;
  min_price?: number | undefined;
  max_price?: number | undefined;
  min_area?: number | undefined;
  max_area?: number | undefined;
  areas?: readonly string[] | undefined;
  rooms?: readonly number[] | undefined;
}

/** The listing type a demand looks for. */
const DEMAND_LISTING_TYPE: Record<DemandType, PropertyType> = { buy: 'sale', rent: 'rent' };

/** Whether a listing fits a list filter (as the list screen would show it). */
export function listingFitsFilter(listing: FilterableProperty, filter: PropertyFilter): boolean {
  return filterAndSortProperties([listing], filter).length === 1;
}

/**
 * Whether a listing fits a saved search's filter (its canonical URL query): the filter is read once,
 * and the test it gives runs on each listing.
 */
export function fitsQuery(query: string): (listing: FilterableProperty) => boolean {
  const filter = propertyFilterFromParams(new URLSearchParams(query));
  return (listing) => listingFitsFilter(listing, filter);
}

/**
 * Whether a listing fits a demand: the type wanted, price and area within the given bounds, in one
 * of its townships and with one of its bedroom counts (5 = 5 or more) when it names any.
 */
export function listingFitsDemand(
  listing: FilterableProperty & { price?: number | undefined },
  demand: MatchableDemand,
): boolean {
  if (listing.type !== DEMAND_LISTING_TYPE[demand.type]) return false;
  const price = listing.price ?? 0;
  if (demand.min_price !== undefined && price < demand.min_price) return false;
  if (demand.max_price !== undefined && price > demand.max_price) return false;
  const area = listing.area ?? 0;
  if (demand.min_area !== undefined && area < demand.min_area) return false;
  if (demand.max_area !== undefined && area > demand.max_area) return false;
  if (demand.areas?.length && !demand.areas.includes(listing.address?.district ?? '')) return false;
  if (demand.rooms?.length) {
    const n = listing.bedrooms ?? 0;
    if (!demand.rooms.some((r) => (r >= ROOMS_OR_MORE ? n >= ROOMS_OR_MORE : n === r)))
      return false;
  }
  return true;
}

/** Whether the demand is looking (only active demands are matched and counted). */
export const isMatchingDemand = (demand: { status: DemandStatus }): boolean =>
  demand.status === 'active';

/** A listing as the matcher reads it. */
export type MatchableListing = FilterableProperty & {
  user_id?: string | undefined;
  status: 'active' | 'inactive' | 'deleted';
  audit_status: 'pending' | 'approved' | 'rejected';
  audited_at?: string | null | undefined;
  price_history?: readonly { price: number; at: string }[] | undefined;
};

/**
 * When a public listing became public as far as the device can tell: its approval, or its creation
 * when it needed none.
 */
export function publicSince(listing: MatchableListing): string {
  return listing.audited_at ?? listing.created_at ?? '';
}

/** What a user is told about one listing for one search. */
export type MatchEvent =
  | { kind: 'new'; propertyId: string; at: string }
  | { kind: 'price'; propertyId: string; price: number; at: string };

/**
 * The events a search yields for a listing: 'new' when it fits and became public after the search
 * was made; 'price' for each price change after the search was made that brought a public listing
 * that fits now from out of the range into it (so one listing gives at most one event a price).
 * Only events within INBOX_MATCH_DAYS of `now` count. The user's own listings never match.
 */
export function matchEvents(
  listing: MatchableListing,
  search: { created_at: string; user_id: string },
  fits: (listing: MatchableListing) => boolean,
  now: number,
): MatchEvent[] {
  if (!isPubliclyVisible(listing) || listing.user_id === search.user_id) return [];
  if (!fits(listing)) return [];
  const since = new Date(
    Math.max(Date.parse(search.created_at), now - INBOX_MATCH_DAYS * DAY_MS),
  ).toISOString();
  const became = publicSince(listing);
  if (became > since) return [{ kind: 'new', propertyId: listing.id, at: became }];
  const events: MatchEvent[] = [];
  const history = listing.price_history ?? [];
  for (let i = 1; i < history.length; i++) {
    const point = history[i]!;
    if (point.at <= since || point.price !== listing.price) continue;
    const before = { ...listing, price: history[i - 1]!.price };
    if (!fits(before))
      events.push({ kind: 'price', propertyId: listing.id, price: point.price, at: point.at });
  }
  return events;
}

/** Minutes since midnight in Asia/Shanghai. */
function shanghaiMinutes(ms: number): number {
  const d = new Date(ms + TIME_ZONE_OFFSET_MS);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `now` falls inside quiet hours (which may run past midnight: 22:00–08:00). */
export function inQuietHours(
  quiet: { from: string; to: string } | undefined,
  now: number,
): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const m = shanghaiMinutes(now);
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** 'YYYY-MM-DD' of an instant in Asia/Shanghai (a digest's day). */
export function shanghaiDate(ms: number): string {
  return new Date(ms + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

/** A saved filter in words, for the save dialog and 我的搜索: "出售 · 100-200万 · 3室 · 凤麓街道". */
export function describeFilter(filter: PropertyFilter): string {
  const parts = [
    filter.type && PROPERTY_TYPE_LABELS[filter.type],
    filter.type && priceBandsFor(filter.type).find((b) => b.key === filter.price)?.label,
    AREA_BANDS.find((b) => b.key === filter.area)?.label,
    filter.rooms && ROOM_LABELS[filter.rooms as keyof typeof ROOM_LABELS],
    filter.location,
    filter.keyword && `「${filter.keyword}」`,
    filter.orientation && `朝${filter.orientation}`,
    filter.decoration,
    filter.lift !== undefined && (filter.lift ? '有电梯' : '无电梯'),
    filter.usage,
    filter.type === 'rent' && filter.rental_mode,
  ].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return parts.length ? parts.join(' · ') : SAVED_SEARCH_MESSAGES.any;
}
