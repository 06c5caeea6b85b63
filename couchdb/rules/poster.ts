/**
 * The listing poster's layout (房源海报, issue 15 item 3): what goes where on the 750×1334 image and
 * which text lines are drawn, given a text measure. Pure, so the layout is unit-tested; the client
 * only paints what this returns (the cover photo, the texts, the tag chips and the QR code).
 */
import type { Property } from '../model/property';
import type { PropertyType } from '../model/property-facts';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from '../model/verification-facts';
import { formatArea, formatPrice, formatUnitPrice } from './format';

/** A phone-sized poster (750×1334, the iPhone's 2× screen), in canvas pixels. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
/** Side margin of the text column. */
export const POSTER_MARGIN = 48;
/** The cover photo's band at the top. */
export const POSTER_COVER = { x: 0, y: 0, width: POSTER_WIDTH, height: 560 } as const;
/** The QR code's box (white, square); the code is drawn inside it in whole pixels per module. */
export const POSTER_QR = { x: POSTER_WIDTH - POSTER_MARGIN - 264, y: 978, size: 264 } as const;
/** At most this many feature tags, and this many title lines. */
export const POSTER_MAX_TAGS = 4;
export const POSTER_TITLE_LINES = 2;

export const POSTER_COLORS = {
  brand: '#00ae66',
  brandDark: '#008c52',
  brandLight: '#e6f7ef',
  price: '#f4511e',
  text: '#1f2329',
  muted: '#646a73',
  faint: '#8f959e',
  divider: '#e8eaed',
  page: '#ffffff',
} as const;

export interface PosterFont {
  size: number;
  weight: 400 | 500 | 600 | 700;
}

/** Width of `text` in `font`, in canvas pixels (the canvas's measureText in the client). */
export type MeasureText = (text: string, font: PosterFont) => number;

export interface PosterText {
  /** What the line is, for tests and for the painter's choices. */
  role:
    | 'title'
    | 'price'
    | 'unitPrice'
    | 'facts'
    | 'tag'
    | 'verification'
    | 'agentName'
    | 'agentPhone'
    | 'agentCompany'
    | 'hint'
    | 'brand';
  text: string;
  x: number;
  /** The text's baseline. */
  y: number;
  font: PosterFont;
  color: string;
}

/** A feature tag's chip: a rounded rectangle with its text. */
export interface PosterChip {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PosterLayout {
  texts: PosterText[];
  chips: PosterChip[];
  /** Where the thin line between the listing and the agent goes. */
  dividerY: number;
}

export interface PosterListing {
  title: string;
  type: PropertyType;
  price: number;
  area: number;
  rooms?: string | undefined;
  bedrooms?: number | undefined;
  features?: readonly string[] | undefined;
  address?: { city?: string | null; district?: string | null; community?: string | null } | null;
  /** 房源核验码 and its check (issue 19): drawn when the listing has a code. */
  verification_code?: string | undefined;
  verification_status?: VerificationStatus | undefined;
}

/**
 * A listing the client's poster button offers and its dialog draws: the layout's fields, its
 * photos, and the states that say whether it is public.
 */
export type PosterProperty = PosterListing &
  Pick<Property, 'id' | 'images' | 'status' | 'audit_status'>;

/** 房源核验码：… (已核验 / 待核验 / 核验无效), or '' without a code. */
export function posterVerification(listing: PosterListing): string {
  if (!listing.verification_code) return '';
  const status = VERIFICATION_STATUS_LABELS[listing.verification_status ?? 'unchecked'];
  return `${VERIFICATION_MESSAGES.codeLabel}：${listing.verification_code}（${status}）`;
}

export interface PosterAgent {
  name: string;
  phone?: string | undefined;
  company?: string | undefined;
}

const ELLIPSIS = '…';
/** A term set apart by spaces up to this long moves to the next line whole. */
const MAX_TERM_CHARS = 4;

/**
 * Breaks `text` into lines no wider than `maxWidth` (character by character, as Chinese wraps),
 * at most `maxLines`; when it does not fit, the last line ends with an ellipsis. Spaces at a
 * line's start are dropped, and a short term set apart by spaces is not split. A character wider
 * than the line still gets a line of its own. A last line never holds one character alone when the
 * line before can give it one more.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  maxLines: number,
): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const lines: string[] = [];
  /** Where each line starts in `chars`. */
  const starts: number[] = [];
  let line = '';
  let start = 0;
  let i = 0;
  for (; i < chars.length; i++) {
    const ch = chars[i]!;
    if (line === '' && ch === ' ') continue;
    if (line !== '' && measure(line + ch) > maxWidth) {
      // A short term the title sets apart with spaces (电梯房) moves down whole, not split.
      const space = ch === ' ' ? -1 : line.lastIndexOf(' ');
      const tail = space > 0 ? line.slice(space + 1) : '';
      const rest = chars.indexOf(' ', i);
      const term = Array.from(tail).length + (rest === -1 ? chars.length : rest) - i;
      const keepTerm = tail !== '' && term <= MAX_TERM_CHARS;
      lines.push((keepTerm ? line.slice(0, space) : line).trimEnd());
      starts.push(start);
      if (keepTerm) start += Array.from(line.slice(0, space + 1)).length;
      line = keepTerm ? tail : '';
      if (lines.length === maxLines) break;
      if (ch === ' ') continue;
    }
    if (line === '') start = i;
    line += ch;
  }
  if (lines.length < maxLines) {
    if (line !== '') {
      lines.push(line.trimEnd());
      starts.push(start);
    }
    return withoutLoneLastCharacter(lines, starts, chars, maxWidth, measure);
  }
  if (i >= chars.length) return lines;
  // Cut: the last line gives up characters until the ellipsis fits.
  let last = lines[maxLines - 1]!;
  while (last !== '' && measure(last + ELLIPSIS) > maxWidth)
    last = Array.from(last).slice(0, -1).join('');
  lines[maxLines - 1] = last.trimEnd() + ELLIPSIS;
  return lines;
}

/**
 * Lines whose last holds one character alone, rebroken so the line before hands it its last
 * character (with a space between them kept), when that line has one to spare and the pair fits.
 */
function withoutLoneLastCharacter(
  lines: string[],
  starts: number[],
  chars: string[],
  maxWidth: number,
  measure: (text: string) => number,
): string[] {
  const n = lines.length;
  if (n < 2 || Array.from(lines[n - 1]!).length !== 1) return lines;
  const before = starts[n - 2]!;
  let moved = starts[n - 1]! - 1;
  while (moved > before && chars[moved] === ' ') moved--;
  if (moved <= before) return lines;
  const last = chars.slice(moved).join('');
  if (measure(last) > maxWidth) return lines;
  return [...lines.slice(0, n - 2), chars.slice(before, moved).join('').trimEnd(), last];
}

/** The price as the poster shows it: sale '88.0万' with '9,167元/㎡'; rent '3000元/月'. */
export function posterPrice(listing: Pick<PosterListing, 'type' | 'price' | 'area'>): {
  price: string;
  unitPrice: string;
} {
  return {
    price: formatPrice(listing.type, listing.price),
    unitPrice: formatUnitPrice(listing.type, listing.price, listing.area),
  };
}

/** The township (乡镇/街道) of the address, else its city; '' when neither is known. */
export function posterTownship(address: PosterListing['address']): string {
  return (address?.district ?? '').trim() || (address?.city ?? '').trim();
}

/** 面积 · 户型 · 乡镇, the parts that are known. */
export function posterFacts(listing: PosterListing): string {
  const rooms = listing.rooms?.trim() || (listing.bedrooms ? `${listing.bedrooms}室` : '');
  return [formatArea(listing.area), rooms, posterTownship(listing.address)]
    .filter((part) => part !== '')
    .join(' · ');
}

/** The first POSTER_MAX_TAGS distinct, non-empty feature tags. */
export function posterTags(features: readonly string[] | undefined): string[] {
  const tags = [...new Set((features ?? []).map((f) => f.trim()).filter(Boolean))];
  return tags.slice(0, POSTER_MAX_TAGS);
}

const FONTS = {
  title: { size: 44, weight: 700 },
  price: { size: 64, weight: 700 },
  unitPrice: { size: 28, weight: 400 },
  facts: { size: 30, weight: 400 },
  tag: { size: 26, weight: 500 },
  verification: { size: 26, weight: 500 },
  agentName: { size: 38, weight: 700 },
  agentPhone: { size: 32, weight: 500 },
  agentCompany: { size: 26, weight: 400 },
  hint: { size: 24, weight: 400 },
  brand: { size: 28, weight: 700 },
} as const satisfies Record<PosterText['role'], PosterFont>;

const TAG_PAD_X = 18;
const TAG_HEIGHT = 46;
const TAG_GAP = 14;

/**
 * Where every text line and tag chip of a listing's poster goes. The cover band, the QR box and
 * the brand footer have fixed places (POSTER_COVER, POSTER_QR); the text column flows below the
 * cover, and the agent's block sits beside the QR code.
 */
export function posterLayout(
  listing: PosterListing,
  agent: PosterAgent,
  measure: MeasureText,
): PosterLayout {
  const c = POSTER_COLORS;
  const x = POSTER_MARGIN;
  const width = POSTER_WIDTH - POSTER_MARGIN * 2;
  const texts: PosterText[] = [];
  const chips: PosterChip[] = [];
  const add = (role: PosterText['role'], text: string, tx: number, y: number, color: string) =>
    texts.push({ role, text, x: tx, y, font: FONTS[role], color });

  let y = POSTER_COVER.height + 36;
  const titleLines = wrapText(
    listing.title,
    width,
    (t) => measure(t, FONTS.title),
    POSTER_TITLE_LINES,
  );
  for (const line of titleLines) {
    y += 56;
    add('title', line, x, y, c.text);
  }

  y += 88;
  const { price, unitPrice } = posterPrice(listing);
  add('price', price, x, y, c.price);
  if (unitPrice) add('unitPrice', unitPrice, x + measure(price, FONTS.price) + 20, y, c.muted);

  const facts = posterFacts(listing);
  if (facts) {
    y += 56;
    add('facts', facts, x, y, c.muted);
  }

  const tags = posterTags(listing.features);
  if (tags.length) {
    y += 28;
    let tx = x;
    for (const tag of tags) {
      const tagWidth = Math.min(width, measure(tag, FONTS.tag) + TAG_PAD_X * 2);
      if (tx > x && tx + tagWidth > x + width) break; // one row only: the rest does not fit
      chips.push({ x: tx, y, width: tagWidth, height: TAG_HEIGHT });
      add('tag', tag, tx + TAG_PAD_X, y + 32, c.brandDark);
      tx += tagWidth + TAG_GAP;
    }
    y += TAG_HEIGHT;
  }

  const verification = posterVerification(listing);
  if (verification) {
    y += 48;
    const verified = listing.verification_status === 'verified';
    add('verification', verification, x, y, verified ? c.brandDark : c.muted);
  }

  const dividerY = Math.max(y + 36, POSTER_QR.y - 38);
  const qrTop = POSTER_QR.y;
  const agentWidth = POSTER_QR.x - x - 32;
  const fit = (text: string, font: PosterFont) =>
    wrapText(text, agentWidth, (t) => measure(t, font), 1)[0] ?? '';
  let ay = qrTop + 56;
  add('agentName', fit(agent.name, FONTS.agentName), x, ay, c.text);
  if (agent.company) {
    ay += 44;
    add('agentCompany', fit(agent.company, FONTS.agentCompany), x, ay, c.muted);
  }
  if (agent.phone) {
    ay += 56;
    add('agentPhone', agent.phone, x, ay, c.brandDark);
  }
  add('hint', POSTER_HINT, x, qrTop + POSTER_QR.size - 12, c.faint);
  add('brand', POSTER_BRAND, x, POSTER_HEIGHT - 30, c.page);
  return { texts, chips, dividerY };
}

/** The footer's brand line and the note beside the code. */
export const POSTER_BRAND = '澄江房产 · 本地真实房源';
export const POSTER_HINT = '扫码查看房源详情';
/** Height of the brand footer band at the bottom. */
export const POSTER_FOOTER_HEIGHT = 80;
