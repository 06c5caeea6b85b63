/**
 * Article HTML as the gateway stores it: every news write's content passes through the shared
 * allow-list (couchdb/rules/article-html.ts) here, so what is stored and replicated is already clean.
 */
import sanitizeHtml from 'sanitize-html';
import {
  ARTICLE_ATTRIBUTES,
  ARTICLE_IMAGE_SCHEMES,
  ARTICLE_LINK_SCHEMES,
  ARTICLE_TAGS,
  isAllowedArticleAttribute,
} from '@couchdb/rules/article-html';

/** Drops every attribute the allow-list refuses (a javascript: link, an image from elsewhere). */
const keepAllowed: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) =>
      isAllowedArticleAttribute(tagName.toLowerCase(), name.toLowerCase(), value),
    ),
  ),
});

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ARTICLE_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedSchemes: [...ARTICLE_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...ARTICLE_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or another document, never article text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template'],
  transformTags: { '*': keepAllowed },
};

/** The article HTML with only the allow-list's tags, attributes and URLs left. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
