/**
 * A page's head as search engines and link previews read it (architecture §8): the shell's title
 * and description replaced by the page's own, and its canonical link, Open Graph and Twitter tags,
 * the itemprop tags WeChat reads, and the page's schema.org JSON-LD.
 */
import type { PageMeta } from '@client/ssr/page-meta';

/** JSON that can stand inside a <script> element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text that can stand inside an attribute's double quotes. */
export function attribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/** The tags of `meta`, in the order previews look for them. */
function headTags(meta: PageMeta): string[] {
  const a = attribute;
  const image = meta.image;
  return [
    `<meta name="description" content="${a(meta.description)}">`,
    `<link rel="canonical" href="${a(meta.url)}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:site_name" content="${a(meta.siteName)}">`,
    `<meta property="og:locale" content="${a(meta.locale)}">`,
    `<meta property="og:title" content="${a(meta.title)}">`,
    `<meta property="og:description" content="${a(meta.description)}">`,
    `<meta property="og:url" content="${a(meta.url)}">`,
    ...(image ? [`<meta property="og:image" content="${a(image)}">`] : []),
    ...(meta.published
      ? [`<meta property="article:published_time" content="${a(meta.published)}">`]
      : []),
    ...(meta.modified
      ? [`<meta property="article:modified_time" content="${a(meta.modified)}">`]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    // WeChat's preview reads these too.
    `<meta itemprop="name" content="${a(meta.title)}">`,
    `<meta itemprop="description" content="${a(meta.description)}">`,
    ...(image ? [`<meta itemprop="image" content="${a(image)}">`] : []),
    ...(meta.structuredData
      ? [`<script type="application/ld+json">${scriptJson(meta.structuredData)}</script>`]
      : []),
  ];
}

/** `html` (the shell, or a rendered page) with `meta`'s head. */
export function withPageMeta(html: string, meta: PageMeta): string {
  return html
    .replace(DESCRIPTION, '')
    .replace(TITLE, () => `<title>${attribute(meta.title)}</title>${headTags(meta).join('')}`);
}

/** The shell for a page with no public content (a listing taken down): not to be indexed. */
export function notIndexed(html: string): string {
  return html.replace('</head>', '<meta name="robots" content="noindex"></head>');
}
