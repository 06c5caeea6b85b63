/**
 * The one allow-list for article HTML (news content): the tags, attributes and URLs an article may
 * hold. The gateway applies it to every news write (sanitize-html) and the reader applies it again
 * before showing an article (DOMPurify), so both keep exactly the same markup. Zod-free.
 */
import { MEDIA_PATH_PATTERN } from '../model/common-facts';

/** The elements an article may contain; anything else is removed (its text kept, scripts dropped). */
export const ARTICLE_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'hr',
  'code',
  'pre',
] as const;

/** The attributes each element may carry (no style, no event handlers, no classes). */
export const ARTICLE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
};

/** Every attribute name of the allow-list (for a sanitiser that takes one flat list). */
export const ARTICLE_ATTRIBUTE_NAMES = [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat())];

/** Schemes a link may use besides a path of this site. */
export const ARTICLE_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Schemes an image may come from besides this site's /media/ paths. */
export const ARTICLE_IMAGE_SCHEMES = ['https'] as const;

/** A path of this site: one leading slash (not '//host', which is another site). */
const SITE_PATH = /^\/(?![/\\])/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether a link target is allowed: http(s), mailto, tel, or a path of this site. */
export function isAllowedArticleHref(href: string): boolean {
  const url = href.trim();
  if (SITE_PATH.test(url)) return true;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return false;
  if (!(ARTICLE_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  return scheme === 'mailto' || scheme === 'tel' || /^https?:\/\/[^/\\]/i.test(url);
}

/** Whether an image source is allowed: this site's /media/ files, or an https address. */
export function isAllowedArticleImageSrc(src: string): boolean {
  const url = src.trim();
  if (MEDIA_PATH_PATTERN.test(url) && !url.includes('..')) return true;
  return /^https:\/\/[^/\\]/i.test(url);
}

/** Whether `value` may stay as attribute `attr` of element `tag` (tag and attr in lower case). */
export function isAllowedArticleAttribute(tag: string, attr: string, value: string): boolean {
  if (!ARTICLE_ATTRIBUTES[tag]?.includes(attr)) return false;
  if (tag === 'a' && attr === 'href') return isAllowedArticleHref(value);
  if (tag === 'img' && attr === 'src') return isAllowedArticleImageSrc(value);
  return true;
}
