/**
 * A first visit's home and listing list come with their first screen already in the HTML
 * (client/ssr/render-first-screen.tsx) and the visitor's first listing pull beside it: the listings
 * and their photos show before the app's JavaScript has loaded, the page hydrates the markup, and
 * the replication takes the carried pull as its first page. Only for visitors (no session hint):
 * a signed-in user's screens come from their own device. Returning visitors get the app from its
 * service worker and never ask. Any failure serves the plain shell, as before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { hasSessionHint } from '@couchdb/model/session-cookies';
import { FIRST_PULL_ELEMENT, PULL_LIMIT_MAX } from '@couchdb/model/sync';
import type { SyncService } from './services/sync-service';

type Renderer = typeof import('@client/ssr/render-first-screen');

/** index.html's place for the first screen (client/index.html). */
const FIRST_SCREEN_SLOT = /<div id="root">\s*<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
/**
 * The build's first-screen CSS in index.html (every first screen at both widths): a rendered
 * page carries only the rules its own markup uses instead, about two thirds of it.
 */
const BUILD_STYLES = /<style data-emotion="css [^"]*">[\s\S]*?<\/style>/;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * On a rendered page the app's code loads after the first screen has been painted
 * (public/after-first-paint.js, given the build's entry and module preloads): its content and
 * photos are there without it, so they come first instead of competing with 230 KB of scripts.
 */
function scriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () =>
        `<script src="/after-first-paint.js" data-entry="${entry}" ` +
        `data-preload="${preloads.join(' ')}" defer></script>`,
    );
}

/**
 * Rendered pages are kept a minute (the relative dates on the cards move on), per width, URL and
 * listing state, so a burst of first visits (a shared link) renders each page once.
 */
const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_MAX = 100;

/** JSON that can stand inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function firstScreenPages(dir: string, sync: SyncService, logger: Logger): RequestHandler {
  let ready: Promise<{ renderer: Renderer; template: string }> | null = null;
  const prepare = async () => {
    const [renderer, template] = await Promise.all([
      import('@client/ssr/render-first-screen'),
      readFile(path.join(dir, 'index.html'), 'utf8'),
    ]);
    await renderer.prepareFirstScreens();
    if (!FIRST_SCREEN_SLOT.test(template)) throw new Error('index.html has no first-screen slot');
    return { renderer, template: scriptsAfterFirstPaint(template.replace(BUILD_STYLES, '')) };
  };

  const pages = new Map<string, { page: string; at: number }>();

  // Loaded at start, in the background: the first visitor must not wait for React and MUI to load.
  ready = prepare();
  ready.catch((err: unknown) =>
    logger.warn({ err }, 'first screens unavailable; serving the shell'),
  );

  return (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html')) return next();
    if (hasSessionHint(req.get('cookie') ?? '')) return next();
    ready ??= prepare();
    ready
      .then(async ({ renderer, template }) => {
        if (!renderer.FIRST_SCREEN_PATHS.includes(req.path)) return next();
        const firstPull = await sync.pull('properties', null, null, PULL_LIMIT_MAX);
        const width = renderer.screenWidthFor({
          cookie: req.get('cookie') ?? '',
          mobileHint: req.get('sec-ch-ua-mobile'),
          userAgent: req.get('user-agent') ?? '',
        });
        const key = `${width} ${firstPull.checkpoint?.seq ?? ''} ${req.originalUrl}`;
        let cached = pages.get(key);
        if (!cached || Date.now() - cached.at > PAGE_CACHE_MS) {
          const { html, styles } = renderer.renderFirstScreen(req.originalUrl, firstPull, width);
          const head =
            `<meta name="${FIRST_PULL_ELEMENT}" content="">` +
            `<style data-emotion="css ${[...styles.keys()].join(' ')}">` +
            `${[...styles.values()].join('')}</style>`;
          const page = template
            .replace('</head>', `${head}</head>`)
            .replace(
              FIRST_SCREEN_SLOT,
              () => `<div id="root" data-ssr ${renderer.SCREEN_WIDTH_ATTRIBUTE}="${width}">${html}`,
            )
            .replace(
              '</body>',
              () =>
                `<script type="application/json" id="${FIRST_PULL_ELEMENT}">` +
                `${scriptJson(firstPull)}</script></body>`,
            );
          cached = { page, at: Date.now() };
          pages.delete(key);
          pages.set(key, cached);
          if (pages.size > PAGE_CACHE_MAX) pages.delete(pages.keys().next().value!);
        }
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Cookie, User-Agent, Sec-CH-UA-Mobile');
        res.type('html').send(cached.page);
      })
      .catch((err: unknown) => {
        logger.warn({ err, url: req.originalUrl }, 'first screen render failed; serving the shell');
        if (!res.headersSent) next();
      });
  };
}
