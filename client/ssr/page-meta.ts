/**
 * What a shared link's preview shows (chat apps read the page's meta tags, not its script): a
 * listing's title, a line of its facts and description, and its cover photo.
 */
import { PROPERTY_TYPE_LABELS } from '@couchdb/model/property-facts';
import { formatArea, formatPrice, formatShortAddress } from '@couchdb/rules/format';
import { coverImage } from '@client/components/property/cover-image';
import { APP_NAME } from '@client/config';
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

export function listingPageMeta(p: PropertyDoc): PageMeta {
  const facts = [
    PROPERTY_TYPE_LABELS[p.type],
    formatPrice(p.type, p.price),
    p.rooms || (p.bedrooms ? `${p.bedrooms}室` : ''),
    p.area ? formatArea(p.area) : '',
    formatShortAddress(p.address),
  ].filter(Boolean);
  const text = `${facts.join(' · ')}。${(p.description ?? '').replace(/\s+/g, ' ').trim()}`;
  const description =
    text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
  return {
    title: `${p.title} - ${APP_NAME}`,
    description,
    image: coverImage(p.images),
    siteName: APP_NAME,
  };
}
