/**
 * The listing screen's search (product §2 "Property list", §7 properties list): type, keyword,
 * location, price/area bands, rooms and sort, priority listings first. One pure function, so the
 * screen and bench/list-filter.bench.ts measure the same work.
 */
import {
  AREA_BANDS,
  BUY_PRICE_BANDS,
  inBand,
  RENT_PRICE_BANDS,
  ROOM_OPTIONS,
  ROOMS_OR_MORE,
  TOWNSHIPS,
  type Band,
} from '../model/constants';
import { PROPERTY_TYPES, type PropertyType } from '../model/property-facts';
import {
  DECORATIONS,
  RENTAL_MODES,
  USAGES,
  type Decoration,
  type PropertyFactsValue,
  type RentalMode,
  type Usage,
} from '../model/listing-facts';
import { communityKey } from './community-key';
import { hasEveryWord, searchWords } from './keyword-search';
import { isVerifiedListing, type VerificationStatus } from '../model/verification-facts';
import {
  comparePropertiesFor,
  DEFAULT_PROPERTY_SORT,
  PROPERTY_SORT_LABELS,
  PROPERTY_SORTS,
  type OrderableProperty,
  type PropertySort,
} from './property-order';

/** The 朝向 choices of the filter: a single direction matches every orientation that faces it. */
export const ORIENTATION_FILTERS = ['南', '南北', '东', '西', '北'] as const;
export type OrientationFilter = (typeof ORIENTATION_FILTERS)[number];

/**
 * Said under a list sorted by price that shows a 置顶 listing: priority listings come first (product
 * §7 "priority first"), so a dearer one heads a list sorted from the cheapest.
 */
export function priorityFirstNote(sort: Exclude<PropertySort, 'time_desc'>): string {
  return `置顶房源排在最前，其余按${PROPERTY_SORT_LABELS[sort]}排列`;
}

/** What the list screen filters by; every field optional (absent = any). */
export interface PropertyFilter {
  type?: PropertyType | undefined;
  /** Matches title, description, community and street address (case-insensitive). */
  keyword?: string | undefined;
  /** A township matches the district exactly; other text matches city/district/community/address. */
  location?: string | undefined;
  /** A 小区 (区域找房): matches address.community ignoring case and spaces. */
  community?: string | undefined;
  /** A key of the price bands of `type` (ignored without a type: the bands differ by type). */
  price?: string | undefined;
  /** A key of AREA_BANDS. */
  area?: string | undefined;
  /** Bedrooms 1–5; 5 means 5 or more. */
  rooms?: number | undefined;
  sort?: PropertySort | undefined;
  /** 朝向: '南' matches 南, 南北, 东南 and 西南; '南北' only 南北. */
  orientation?: OrientationFilter | undefined;
  decoration?: Decoration | undefined;
  /** true: 有电梯, false: 无电梯. */
  lift?: boolean | undefined;
  usage?: Usage | undefined;
  /** 整租/合租, with type rent only. */
  rental_mode?: RentalMode | undefined;
  /** 只看已核验: only listings whose verification code an admin has checked (issue 19). */
  verified?: boolean | undefined;
}

/** The fields the filter (and the order) reads from a listing. */
export interface FilterableProperty extends OrderableProperty {
  type?: PropertyType | undefined;
  title?: string | undefined;
  description?: string | undefined;
  area?: number | undefined;
  bedrooms?: number | undefined;
  address?:
    | {
        city?: string | undefined;
        district?: string | undefined;
        community?: string | undefined;
        address?: string | undefined;
      }
    | undefined;
  facts?: PropertyFactsValue | undefined;
  verification_code?: string | undefined;
  verification_status?: VerificationStatus | undefined;
}

/** The price bands offered for a listing type (万 for sale, 元/月 for rent). */
export function priceBandsFor(type: PropertyType): readonly Band[] {
  return type === 'sale' ? BUY_PRICE_BANDS : RENT_PRICE_BANDS;
}

const isTownship = (v: string): boolean => (TOWNSHIPS as readonly string[]).includes(v);

/** Reads a filter from URL query parameters, dropping anything that is not a valid value. */
export function propertyFilterFromParams(params: URLSearchParams): PropertyFilter {
  const filter: PropertyFilter = {};
  const type = params.get('type');
  if (type && (PROPERTY_TYPES as readonly string[]).includes(type))
    filter.type = type as PropertyType;
  const keyword = params.get('keyword')?.trim();
  if (keyword) filter.keyword = keyword;
  const location = params.get('location')?.trim();
  if (location) filter.location = location;
  const community = params.get('community')?.trim();
  if (community && communityKey(community)) filter.community = community;
  const price = params.get('price');
  if (price && filter.type && priceBandsFor(filter.type).some((b) => b.key === price))
    filter.price = price;
  const area = params.get('area');
  if (area && AREA_BANDS.some((b) => b.key === area)) filter.area = area;
  const rooms = Number(params.get('rooms'));
  if ((ROOM_OPTIONS as readonly number[]).includes(rooms)) filter.rooms = rooms;
  const orientation = params.get('orientation');
  if (orientation && includes(ORIENTATION_FILTERS, orientation)) filter.orientation = orientation;
  const decoration = params.get('decoration');
  if (decoration && includes(DECORATIONS, decoration)) filter.decoration = decoration;
  const lift = params.get('lift');
  if (lift === '1' || lift === '0') filter.lift = lift === '1';
  const usage = params.get('usage');
  if (usage && includes(USAGES, usage)) filter.usage = usage;
  const rental = params.get('rental');
  if (rental && filter.type === 'rent' && includes(RENTAL_MODES, rental))
    filter.rental_mode = rental;
  if (params.get('verified') === '1') filter.verified = true;
  const sort = params.get('sort');
  if (
    sort &&
    (PROPERTY_SORTS as readonly string[]).includes(sort) &&
    sort !== DEFAULT_PROPERTY_SORT
  )
    filter.sort = sort as PropertySort;
  return filter;
}

/** The URL query parameters of a filter (only what is set, in a stable order). */
export function propertyFilterToParams(filter: PropertyFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.type) params.set('type', filter.type);
  if (filter.keyword?.trim()) params.set('keyword', filter.keyword.trim());
  if (filter.location?.trim()) params.set('location', filter.location.trim());
  if (filter.community?.trim()) params.set('community', filter.community.trim());
  if (filter.type && filter.price) params.set('price', filter.price);
  if (filter.area) params.set('area', filter.area);
  if (filter.rooms) params.set('rooms', String(filter.rooms));
  if (filter.orientation) params.set('orientation', filter.orientation);
  if (filter.decoration) params.set('decoration', filter.decoration);
  if (filter.lift !== undefined) params.set('lift', filter.lift ? '1' : '0');
  if (filter.usage) params.set('usage', filter.usage);
  if (filter.type === 'rent' && filter.rental_mode) params.set('rental', filter.rental_mode);
  if (filter.verified) params.set('verified', '1');
  if (filter.sort && filter.sort !== DEFAULT_PROPERTY_SORT) params.set('sort', filter.sort);
  return params;
}

/** How many of the panel's filters are set (for the "筛选 (n)" label). */
export function activeFilterCount(filter: PropertyFilter): number {
  return [
    filter.type,
    filter.location,
    filter.type && filter.price,
    filter.area,
    filter.rooms,
    filter.orientation,
    filter.decoration,
    filter.lift !== undefined,
    filter.usage,
    filter.type === 'rent' && filter.rental_mode,
    filter.verified,
  ].filter(Boolean).length;
}

const includes = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

/** Whether a listing's structured facts match the filter's fact choices (unknown facts do not). */
function factsMatch(f: PropertyFactsValue | undefined, filter: PropertyFilter): boolean {
  if (filter.orientation) {
    const o = f?.orientation;
    if (!o) return false;
    if (filter.orientation.length > 1 ? o !== filter.orientation : !o.includes(filter.orientation))
      return false;
  }
  if (filter.decoration && f?.decoration !== filter.decoration) return false;
  if (filter.lift !== undefined && f?.lift !== filter.lift) return false;
  if (filter.usage && f?.usage !== filter.usage) return false;
  if (filter.type === 'rent' && filter.rental_mode && f?.rental_mode !== filter.rental_mode)
    return false;
  return true;
}

// Lower-cased search text per listing object; listings are immutable snapshots, so a listing's
// text is computed once however often the user types.
const searchText = new WeakMap<object, string>();
function textOf(p: FilterableProperty): string {
  let text = searchText.get(p);
  if (text === undefined) {
    const a = p.address;
    text = [p.title, p.description, a?.community, a?.address, a?.district]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    searchText.set(p, text);
  }
  return text;
}

function locationMatcher(location: string): (p: FilterableProperty) => boolean {
  if (isTownship(location)) return (p) => p.address?.district === location;
  const needle = location.toLowerCase();
  return (p) => {
    const a = p.address;
    if (!a) return false;
    return [a.city, a.district, a.community, a.address].some((v) =>
      v?.toLowerCase().includes(needle),
    );
  };
}

/**
 * The listings that match `filter`, priority first and then in the chosen order. Returns a new
 * array; the input is not changed.
 */
export function filterAndSortProperties<T extends FilterableProperty>(
  list: readonly T[],
  filter: PropertyFilter,
): T[] {
  return filterProperties(list, filter).sort(comparePropertiesFor(filter.sort));
}

/** The listings that match `filter`, in the input's order (a new array). */
export function filterProperties<T extends FilterableProperty>(
  list: readonly T[],
  filter: PropertyFilter,
): T[] {
  const { type, rooms } = filter;
  const words = searchWords(filter.keyword);
  const location = filter.location?.trim() ? locationMatcher(filter.location.trim()) : undefined;
  const community = filter.community ? communityKey(filter.community) : '';
  const priceBand =
    type && filter.price ? priceBandsFor(type).find((b) => b.key === filter.price) : undefined;
  const areaBand = filter.area ? AREA_BANDS.find((b) => b.key === filter.area) : undefined;
  const byFacts =
    filter.orientation ||
    filter.decoration ||
    filter.lift !== undefined ||
    filter.usage ||
    (type === 'rent' && filter.rental_mode);

  const out: T[] = [];
  for (const p of list) {
    if (type && p.type !== type) continue;
    if (rooms !== undefined) {
      const n = p.bedrooms ?? 0;
      if (rooms >= ROOMS_OR_MORE ? n < ROOMS_OR_MORE : n !== rooms) continue;
    }
    if (priceBand && !inBand(priceBand, p.price ?? 0)) continue;
    if (areaBand && !inBand(areaBand, p.area ?? 0)) continue;
    if (location && !location(p)) continue;
    if (community && communityKey(p.address?.community) !== community) continue;
    if (byFacts && !factsMatch(p.facts, filter)) continue;
    if (filter.verified && !isVerifiedListing(p)) continue;
    if (words.length > 0 && !hasEveryWord(textOf(p), words)) continue;
    out.push(p);
  }
  return out;
}
