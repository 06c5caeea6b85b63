/**
 * Display formats of product §9: prices, areas, relative dates, log times, addresses and the
 * "new listing" badge. Time functions take `now` explicitly; day boundaries are Asia/Shanghai.
 */
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  NEW_LISTING_DAYS,
  RELATIVE_DATE_DAYS,
  TIME_ZONE_OFFSET_MS,
} from '../model/constants';
import type { PropertyType } from '../model/property-facts';

/** Shown for an address with nothing in it (product §9). */
export const ADDRESS_INCOMPLETE = '地址信息不完整';
/** Shown when a price is missing or not a number. */
export const PRICE_UNKNOWN = '面议';

/**
 * A number as zh-CN writes it, thousands grouped, with `fractionDigits` decimals (9166.7 →
 * '9,167'; 4243.0544, 2 → '4,243.05'), the same as Intl.NumberFormat('zh-CN') gives for these
 * but without ICU: the first zh-CN format a page makes loads the locale's data, ~60–90 ms of a
 * slowed phone's main thread, and a listing card or page needs no more than this.
 */
export function groupDigits(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** Sale: 万 with one decimal (1250000 → '125.0万'); rent: '3000元/月'. */
export function formatPrice(type: PropertyType, price: number | null | undefined): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return PRICE_UNKNOWN;
  if (type === 'sale') return `${(price / 10_000).toFixed(1)}万`;
  return `${Math.round(price)}元/月`;
}

/**
 * An amount of money in 元 as people in China read it (the calculators' results): 1万 and above in
 * 万 with at most two decimals (2000000 → '200万', 1525000 → '152.5万', 863185.23 → '86.32万'),
 * below it in whole 元 (8560.4 → '8,560元'), and under 100元 to the fen without trailing zeros
 * (11.34 → '11.34元'), so a small figure such as a monthly decrease keeps its meaning.
 */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return PRICE_UNKNOWN;
  const trim = (text: string) => text.replace(/0+$/, '').replace(/\.$/, '');
  if (Math.abs(Math.round(amount)) >= 10_000) return `${trim(groupDigits(amount / 10_000, 2))}万`;
  if (Math.abs(amount) >= 100) return `${groupDigits(amount)}元`;
  return `${trim(groupDigits(amount, 2))}元`;
}

/**
 * A demand's range (product §2 admin demands card): '100.0万 - 200.0万', '不低于3000元/月',
 * '不超过90㎡', or '不限' when neither end is set. `one` formats a single value.
 */
export function formatRange(
  min: number | null | undefined,
  max: number | null | undefined,
  one: (value: number) => string,
): string {
  const hasMin = typeof min === 'number' && Number.isFinite(min);
  const hasMax = typeof max === 'number' && Number.isFinite(max);
  if (hasMin && hasMax) return `${one(min)} - ${one(max)}`;
  if (hasMin) return `不低于${one(min)}`;
  if (hasMax) return `不超过${one(max)}`;
  return '不限';
}

/** A sale's price per ㎡ ('9,167元/㎡'), or '' for a rent or without an area. */
export function formatUnitPrice(
  type: PropertyType,
  price: number | null | undefined,
  area: number | null | undefined,
): string {
  if (type !== 'sale' || typeof price !== 'number' || !Number.isFinite(price)) return '';
  if (typeof area !== 'number' || !Number.isFinite(area) || area <= 0) return '';
  return `${groupDigits(Math.round(price / area))}元/㎡`;
}

/** The unit prices are typed in: 万 for a sale (or a purchase), 元/月 for a rent. */
export function priceInputUnit(type: PropertyType): string {
  return type === 'sale' ? '万' : '元/月';
}

/**
 * A typed price in 元, as the documents keep it ('125' for a sale → '1250000'). Text that is not a
 * number comes back unchanged, so the form's own rule reports it.
 */
export function priceInputToYuan(type: PropertyType, text: string): string {
  const value = text.trim();
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) return text;
  return String(type === 'sale' ? Math.round(n * 10_000) : n);
}

/** A stored price (元) as typed in the form's unit, for editing. */
export function priceToInput(type: PropertyType, price: number | undefined): string {
  if (price === undefined) return '';
  return String(type === 'sale' ? price / 10_000 : price);
}

/** Area with ㎡, at most two decimals, no trailing zeros (89 → '89㎡', 89.5 → '89.5㎡'). */
export function formatArea(area: number | null | undefined): string {
  if (typeof area !== 'number' || !Number.isFinite(area)) return '';
  return `${Number(area.toFixed(2))}㎡`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Calendar parts of an instant in Asia/Shanghai (UTC+8, no daylight saving). */
function shanghaiParts(ms: number) {
  const d = new Date(ms + TIME_ZONE_OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    hh: d.getUTCHours(),
    mm: d.getUTCMinutes(),
  };
}

/** Day number in Asia/Shanghai, for counting calendar days between instants. */
function shanghaiDay(ms: number): number {
  return Math.floor((ms + TIME_ZONE_OFFSET_MS) / DAY_MS);
}

/** 'YYYY-MM-DD' in Asia/Shanghai. */
export function formatDate(iso: string | number): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const p = shanghaiParts(ms);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

/** 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
export function formatDateTime(iso: string | number): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const p = shanghaiParts(ms);
  return `${formatDate(ms)} ${pad(p.hh)}:${pad(p.mm)}`;
}

/** 今天 / 昨天 / N天前 for fewer than 7 calendar days, else the date (product §9). */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const days = shanghaiDay(now) - shanghaiDay(ms);
  if (days <= 0) return '今天';
  if (days === 1) return '昨天';
  if (days < RELATIVE_DATE_DAYS) return `${days}天前`;
  return formatDate(ms);
}

/** 刚刚 / N分钟前 / N小时前 / N天前 (up to 7), then date and time (product §9, operation log). */
export function formatLogTime(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const diff = now - ms;
  if (diff < MINUTE_MS) return '刚刚';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)}分钟前`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)}小时前`;
  const days = Math.floor(diff / DAY_MS);
  if (days <= RELATIVE_DATE_DAYS) return `${days}天前`;
  return formatDateTime(ms);
}

type AddressLike = {
  province?: string | null;
  city?: string | null;
  district?: string | null;
  community?: string | null;
  address?: string | null;
};

/**
 * Joins province (only if different from city), city, district, community and detail address;
 * a string address is shown as is; nothing at all gives '地址信息不完整'.
 */
export function formatAddress(address: AddressLike | string | null | undefined): string {
  if (typeof address === 'string') return address.trim() || ADDRESS_INCOMPLETE;
  if (!address) return ADDRESS_INCOMPLETE;
  const t = (v: string | null | undefined) => (v ?? '').trim();
  const province = t(address.province);
  const city = t(address.city);
  const parts = [
    province !== city ? province : '',
    city,
    t(address.district),
    t(address.community),
    t(address.address),
  ].filter((p) => p !== '');
  return parts.length ? parts.join('') : ADDRESS_INCOMPLETE;
}

/** The short location on cards: city, district, community (product §2 my listings). */
export function formatShortAddress(address: AddressLike | string | null | undefined): string {
  if (typeof address === 'string' || !address) return formatAddress(address);
  return formatAddress({
    city: address.city,
    district: address.district,
    community: address.community,
  });
}

/** The "新房源" badge: created less than 3 days before `now`. */
export function isNewListing(createdAt: string, now: number = Date.now()): boolean {
  const ms = Date.parse(createdAt);
  if (Number.isNaN(ms)) return false;
  const age = now - ms;
  return age >= 0 && age < NEW_LISTING_DAYS * DAY_MS;
}

/** `text` cut to at most `max` characters, the last one an ellipsis when anything was cut. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
