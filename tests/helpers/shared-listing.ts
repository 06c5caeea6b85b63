/** A demo listing's and a demo article's own page for the benches that open one (a shared link). */
import type { News } from '../../couchdb/model/news';
import type { Property } from '../../couchdb/model/property';
import { serverDocs } from './sync-api';

/**
 * A public listing with photos, as a visitor sees it: the page a shared link opens. The demo data
 * is seeded after the gateway has started listening, so this waits for it (up to 60 s).
 */
export async function sharedListingPath(base: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const visible = await serverDocs<Property & { _deleted?: boolean }>(base, null, 'properties');
    const listing = [...visible.values()].find((p) => !p._deleted && p.images.length > 0);
    if (listing) return `/properties/${encodeURIComponent(listing.id)}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no public listing with photos in the demo data');
}

/** A published article with a cover, as a visitor sees it (the demo data seeded, as above). */
export async function sharedArticlePath(base: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const visible = await serverDocs<News & { _deleted?: boolean }>(base, null, 'news');
    const articles = [...visible.values()].filter((a) => !a._deleted);
    const article = articles.find((a) => a.image_url) ?? articles[0];
    if (article) return `/news/${encodeURIComponent(article.id)}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no published article in the demo data');
}
