/**
 * What search engines ask the site for first (architecture §8): robots.txt, which keeps crawlers
 * off the screens that need an account and names the sitemap, and the sitemap itself
 * (services/sitemap-service.ts), split into /sitemap-N.xml parts under /sitemap.xml when large.
 */
import compression from 'compression';
import { Router, type Request } from 'express';
import { ACCOUNT_PATHS } from '@couchdb/model/search-engine-facts';
import type { SitemapService } from '../services/sitemap-service';

/** The site's origin for absolute URLs: the configured one, else the request's own. */
export type SiteOrigin = (req: Request) => string;

export function siteOrigin(configured: string | undefined): SiteOrigin {
  return (req) => configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** robots.txt for `origin`: everything but the account screens, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ACCOUNT_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const SITEMAP = /^\/sitemap(?:-([1-9]\d{0,5}))?\.xml$/;

export function searchEngineRoutes(sitemap: SitemapService, origin: SiteOrigin): Router {
  const router = Router();
  // A county's sitemap runs to megabytes of repetitive XML.
  router.use(['/robots.txt', SITEMAP], compression());
  router.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(origin(req)));
  });
  router.get(SITEMAP, async (req, res) => {
    const part = Number(SITEMAP.exec(req.path)?.[1] ?? 0);
    const file = await sitemap.file(part, origin(req));
    if (!file) {
      res.sendStatus(404);
      return;
    }
    // Crawlers ask again when they like; a listing taken down must not linger in a cache.
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/xml').send(file.xml);
  });
  return router;
}
