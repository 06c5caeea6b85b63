/**
 * Article HTML is sanitised on the device before it is shown (DESIGN §10): scripts, event handler
 * attributes, javascript: links and embedded frames are removed, whatever the store holds.
 */
import DOMPurify from 'dompurify';

let hooked = false;

/** Safe HTML for an article body. Links open in a new tab without access to this page. */
export function sanitizeArticleHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
