/**
 * Article HTML is sanitised on the device before it is shown (architecture §10), with the same allow-list
 * the gateway applies on every write (couchdb/rules/article-html.ts): whatever the store holds, only
 * those tags, attributes and URLs reach the page.
 */
import DOMPurify from 'dompurify';
import {
  ARTICLE_ATTRIBUTE_NAMES,
  ARTICLE_TAGS,
  isAllowedArticleAttribute,
} from '@couchdb/rules/article-html';

let hooked = false;

function addHooks(): void {
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isAllowedArticleAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue)) {
      data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  hooked = true;
}

const LINK_TARGET = ' target="_blank" rel="noopener noreferrer"';

/**
 * The gateway's first-screen render has no DOM for DOMPurify: it shows the stored HTML, which the
 * gateway sanitised on its write with the same allow-list (sanitize-html's output: attributes in
 * double quotes, `"` and `>` escaped in them), giving its links what the hook above gives them, so
 * the page hydrates the markup the device renders.
 */
function storedArticleHtml(html: string): string {
  return html.replace(/<a (href="[^"]+"[^>]*)>/g, `<a $1${LINK_TARGET}>`);
}

/** Safe HTML for an article body. Links open in a new tab without access to this page. */
export function sanitizeArticleHtml(html: string): string {
  if (!DOMPurify.isSupported) return storedArticleHtml(html);
  if (!hooked) addHooks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_TAGS],
    ALLOWED_ATTR: ARTICLE_ATTRIBUTE_NAMES,
  });
}
