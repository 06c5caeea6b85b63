/**
 * What search engines and a shared link's preview read of a page (architecture §8): chat apps and
 * crawlers read the page's head, not its script. A listing's title, a line of its facts and
 * description, its cover photo and an offer in schema.org terms; an article's title, summary (else
 * the start of its text), cover and a NewsArticle; a public screen's own title and description.
 * Every URL is absolute, on the site's origin.
 */
import type { Usage } from '@couchdb/model/listing-facts';
import { PROPERTY_TYPE_LABELS } from '@couchdb/model/property-facts';
import {
  PRICE_CURRENCY,
  SITE_LOCALE,
  SITE_NAME,
  type PublicPage,
} from '@couchdb/model/search-engine-facts';
import { clipText, formatArea, formatPrice, formatShortAddress } from '@couchdb/rules/format';
import { coverImage, coverPhoto } from '@client/components/property/cover-image';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import type { PropertyDoc } from '@client/data/schemas/property.schema';

export interface PageMeta {
  /** The document's <title> and og:title. */
  title: string;
  /** The description meta and og:description (one line, at most DESCRIPTION_MAX characters). */
  description: string;
  /** The app's name (og:site_name). */
  siteName: string;
  /** The language (og:locale). */
  locale: string;
  /** The page's canonical URL (og:url): its path on the site's origin, without a query. */
  url: string;
  /** The preview's photo, absolute, or null. */
  image: string | null;
  /** og:type: an article for news, a website otherwise. */
  type: 'website' | 'article';
  /** An article's first publication and last change (ISO 8601). */
  published?: string;
  modified?: string;
  /** schema.org JSON-LD describing the page's document, if it has one. */
  structuredData?: Record<string, unknown>;
}

/** Previews cut descriptions at about this length; a longer one is cut here, with an ellipsis. */
const DESCRIPTION_MAX = 120;

/** The site's icon: the preview of a screen without a photo of its own. */
const SITE_IMAGE = '/icons/icon-512.png';

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

/** `path` (a media path or a URL) as an absolute URL on `origin`. */
const absolute = (path: string, origin: string) => new URL(path, origin).href;

/** A public screen without a document of its own (home, the list, news, /login…). */
export function publicPageMeta(page: PublicPage, origin: string): PageMeta {
  return {
    title: page.title,
    description: page.description,
    siteName: SITE_NAME,
    locale: SITE_LOCALE,
    url: absolute(page.path, origin),
    image: absolute(SITE_IMAGE, origin),
    type: 'website',
  };
}

export function articlePageMeta(a: NewsDoc, origin: string): PageMeta {
  const url = absolute(`/news/${encodeURIComponent(a.id)}`, origin);
  const image = a.image_url ? absolute(a.image_url, origin) : null;
  const description = oneLine(a.summary || articleText(a.content ?? ''));
  return {
    title: `${a.title} - ${SITE_NAME}`,
    description,
    siteName: SITE_NAME,
    locale: SITE_LOCALE,
    url,
    image,
    type: 'article',
    published: a.created_at,
    modified: a.updated_at,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: a.title,
      description,
      url,
      mainEntityOfPage: url,
      inLanguage: 'zh-CN',
      datePublished: a.created_at,
      dateModified: a.updated_at,
      ...(image ? { image: [image] } : {}),
      author: a.author_name
        ? { '@type': 'Person', name: a.author_name }
        : { '@type': 'Organization', name: SITE_NAME },
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        logo: { '@type': 'ImageObject', url: absolute(SITE_IMAGE, origin) },
      },
    },
  };
}

/** The schema.org kind of home a listing's usage names (homes are Accommodation; others a Place). */
const PLACE_TYPES: Readonly<Record<Usage, string>> = {
  住宅: 'Apartment',
  商住: 'Apartment',
  公寓: 'Apartment',
  别墅: 'House',
  商铺: 'Place',
  写字楼: 'Place',
  车位: 'Place',
  厂房: 'Place',
};

/** The listing as a schema.org Offer of its home (what a search result's price and photo come from). */
function listingOffer(p: PropertyDoc, url: string, origin: string, description: string) {
  const kind = PLACE_TYPES[p.facts?.usage ?? '住宅'];
  const accommodation = kind !== 'Place';
  // The cover first: a search result shows the first photo.
  const photos = [...p.images]
    .sort((a, b) => Number(b.is_cover) - Number(a.is_cover))
    .map((i) => i.url || i.thumbnail_url)
    .filter((src): src is string => !!src)
    .map((src) => absolute(src, origin));
  const street = [p.address.district, p.address.community, p.address.address].filter(Boolean);
  const location = p.location && {
    '@type': 'GeoCoordinates',
    latitude: p.location.latitude,
    longitude: p.location.longitude,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: p.title,
    description,
    url,
    ...(photos.length ? { image: photos } : {}),
    price: p.price,
    priceCurrency: PRICE_CURRENCY,
    ...(p.type === 'rent'
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: p.price,
            priceCurrency: PRICE_CURRENCY,
            unitCode: 'MON',
          },
        }
      : {}),
    businessFunction:
      p.type === 'rent'
        ? 'http://purl.org/goodrelations/v1#LeaseOut'
        : 'http://purl.org/goodrelations/v1#Sell',
    availability: 'https://schema.org/InStock',
    itemOffered: {
      '@type': kind,
      name: p.title,
      address: {
        '@type': 'PostalAddress',
        addressCountry: 'CN',
        addressRegion: p.address.province,
        addressLocality: p.address.city,
        streetAddress: street.join(' '),
      },
      ...(location ? { geo: location } : {}),
      ...(accommodation && p.area
        ? { floorSize: { '@type': 'QuantitativeValue', value: p.area, unitCode: 'MTK' } }
        : {}),
      ...(accommodation && p.bedrooms ? { numberOfRooms: p.bedrooms } : {}),
    },
  };
}

export function listingPageMeta(p: PropertyDoc, origin: string): PageMeta {
  const facts = [
    PROPERTY_TYPE_LABELS[p.type],
    formatPrice(p.type, p.price),
    p.rooms || (p.bedrooms ? `${p.bedrooms}室` : ''),
    p.area ? formatArea(p.area) : '',
    formatShortAddress(p.address),
  ].filter(Boolean);
  const url = absolute(`/properties/${encodeURIComponent(p.id)}`, origin);
  // The stored photo rather than its thumbnail: previews want a large picture, and WeChat's and
  // some search engines' crawlers do not read the thumbnails' WebP.
  const cover = coverPhoto(p.images) ?? coverImage(p.images);
  const description = oneLine(`${facts.join(' · ')}。${p.description ?? ''}`);
  return {
    title: `${p.title} - ${SITE_NAME}`,
    description,
    siteName: SITE_NAME,
    locale: SITE_LOCALE,
    url,
    image: cover ? absolute(cover, origin) : null,
    type: 'website',
    structuredData: listingOffer(p, url, origin, description),
  };
}
