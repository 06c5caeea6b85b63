/**
 * What a shared link's preview shows (chat apps read the page's meta tags, not its script): a
 * listing's title, a line of its facts and description, and its cover photo; an article's title,
 * summary (else the start of its text) and cover.
 */
import { PROPERTY_TYPE_LABELS } from '@couchdb/model/property-facts';
import { clipText, formatArea, formatPrice, formatShortAddress } from '@couchdb/rules/format';
import { coverImage } from '@client/components/property/cover-image';
import { APP_NAME } from '@client/config';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import type { PropertyDoc } from '@client/data/schemas/property.schema';

export interface PageMeta {
  /** The document's <title> and og:title. */
  title: string;
  /** The description meta and og:description (one line, at most DESCRIPTION_MAX characters). */
  description: string;
  /** The app's name (og:site_name). */
  siteName: string;
  /** The cover photo's path or URL (made absolute by the gateway), or null. */
  image: string | null;
}

/** Previews cut descriptions at about this length; a longer one is cut here, with an ellipsis. */
const DESCRIPTION_MAX = 120;

/** `text` on one line, cut at DESCRIPTION_MAX characters with an ellipsis. */
function oneLine(text: string): string {
  return clipText(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_MAX);
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: ' ',
};

/** The text of article HTML (its tags dropped, the entities the sanitiser writes read back). */
function articleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

export function articlePageMeta(a: NewsDoc): PageMeta {
  return {
    title: `${a.title} - ${APP_NAME}`,
    description: oneLine(a.summary || articleText(a.content ?? '')),
    image: a.image_url || null,
    siteName: APP_NAME,
  };
}

export function listingPageMeta(p: PropertyDoc): PageMeta {
  const facts = [
    PROPERTY_TYPE_LABELS[p.type],
    formatPrice(p.type, p.price),
    p.rooms || (p.bedrooms ? `${p.bedrooms}室` : ''),
    p.area ? formatArea(p.area) : '',
    formatShortAddress(p.address),
  ].filter(Boolean);
  return {
    title: `${p.title} - ${APP_NAME}`,
    description: oneLine(`${facts.join(' · ')}。${p.description ?? ''}`),
    image: coverImage(p.images),
    siteName: APP_NAME,
  };
}
