/**
 * The built PWA: hashed assets cached forever, the shell and service worker always revalidated,
 * everything compressed (the first visit and each update are the only downloads, often on a slow
 * rural connection). The build compressed the app's files once (scripts/precompress.ts): each is
 * sent as its Brotli or gzip file, whichever the browser accepts, instead of being gzipped again
 * for every visitor; the compression middleware covers the rest (the first screens, small files,
 * a build without those files). The hashed files (/assets/) are kept in memory once read
 * (middleware/app-files.ts). /api and /media answer before this: sync streams must not be
 * buffered, and photos and videos are compressed already.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import express, { Router, type RequestHandler } from 'express';
import {
  ARTICLE_PAGE_ROUTE,
  FIRST_SCREEN_PATHS,
  LISTING_PAGE_ROUTE,
} from '@client/ssr/first-screen-paths';
import { PUBLIC_PAGES, UNLISTED_PAGES } from '@couchdb/model/search-engine-facts';
import { publicPageMeta } from '@client/ssr/page-meta';
import { hashedFiles, precompressedFiles, type Caching } from '../middleware/app-files';
import { withPageMeta } from '../page-head';
import type { SiteOrigin } from './search-engines';

/** The public screens the app alone renders (news, the map, login…): the shell with their own head. */
const SHELL_PAGES = new Map([...PUBLIC_PAGES, ...UNLISTED_PAGES].map((p) => [p.path, p]));

/**
 * `dir`: the build; `firstScreen`: the first screens' pages; `memoryBytes`: for hashed files;
 * `origin`: the site's, for the public screens' canonical links and previews.
 */
export function builtAppRoutes(
  dir: string,
  firstScreen: RequestHandler,
  memoryBytes: number,
  origin: SiteOrigin,
): Router {
  const router = Router();
  router.use(compression());
  // A first visit's home, listing list, listing or article page: the shell with the first screen in it.
  router.get([...FIRST_SCREEN_PATHS, LISTING_PAGE_ROUTE, ARTICLE_PAGE_ROUTE], firstScreen);
  const caching: Caching = (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    } else {
      res.setHeader('Cache-Control', 'no-cache');
    }
  };
  router.use('/assets', hashedFiles(path.join(dir, 'assets'), caching, memoryBytes));
  router.use(precompressedFiles(dir, caching));
  router.use(express.static(dir, { index: false, setHeaders: caching }));
  // Client routes (/properties/123, /admin/audit...) all load the shell.
  router.get(/^\/(?!api\/|media\/|assets\/).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const page = SHELL_PAGES.get(req.path);
    if (!page) return res.sendFile(path.join(dir, 'index.html'));
    const shell = await readFile(path.join(dir, 'index.html'), 'utf8');
    res.type('html').send(withPageMeta(shell, publicPageMeta(page, origin(req))));
  });
  return router;
}
