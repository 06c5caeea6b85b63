/**
 * A first visit's home, listing list and a listing's or an article's own page come with their first screen already in the HTML
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
import { promotionFromParams } from '@couchdb/model/promotion';
import type { PromotionAgent } from '@couchdb/model/promotion-facts';
import { hasSessionHint } from '@couchdb/model/session-cookies';
import { FIRST_PULL_ELEMENT, PULL_LIMIT_MAX, type SyncDocument } from '@couchdb/model/sync';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from '@client/ssr/first-screen-paths';
import { PUBLIC_PAGES } from '@couchdb/model/search-engine-facts';
import { EARLY_TAPS_SCRIPT, EARLY_TAPS_STYLE } from '@client/ssr/early-taps-script';
import type { CarriedDocument, FirstScreen } from '@client/ssr/render-first-screen';
import { HttpError } from './http-error';
import { notIndexed, scriptJson, withPageMeta } from './page-head';
import type { SiteOrigin } from './routes/search-engines';
import { projectFor, type StoredDoc } from './services/sync/projection';
import type { PromotionService } from './services/promotion-service';
import type { SyncService } from './services/sync/sync-service';
import type { VisitorListings } from './services/visitor-documents';
import { couchStatus, type Store } from './store/couch';

type Renderer = typeof import('@client/ssr/render-first-screen');

/** index.html's place for the first screen (client/index.html). */
const FIRST_SCREEN_SLOT = /<div id="root">\s*<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
/**
 * The build's first-screen CSS in index.html (every first screen at both widths): a rendered
 * page carries only the rules its own markup uses instead, about two thirds of it.
 */
const BUILD_STYLES = new RegExp(`<style ${FIRST_SCREEN_CSS_ATTRIBUTE}="[^"]*">[\\s\\S]*?</style>`);

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
 * The tap keeper (client/ssr/early-taps-script.ts) at the end of <head>: it runs before the first
 * paint, so no tap on the rendered page's buttons is lost while the app's code loads.
 */
function keepingEarlyTaps(html: string): string {
  return html.replace(
    '</head>',
    () => `<style>${EARLY_TAPS_STYLE}</style><script>${EARLY_TAPS_SCRIPT}</script></head>`,
  );
}

/**
 * The modules client/main.tsx loads the app with, in its order, as the build manifest names them:
 * its evaluation steps (client/app/load-steps/), then the module that mounts the app.
 */
const APP_STEPS_DIR = 'app/load-steps/';
const APP_MODULE = 'app/mount-app.tsx';

/** The build manifest's entries (Vite's `build.manifest`), as far as they are read here. */
type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * For each module, the JS files its chunk needs before it runs (itself and its static imports,
 * recursively), beyond the entry's: what a rendered page preloads for the screen it opens on.
 */
export function screenPreloads(manifest: BuildManifest): (module: string) => string[] {
  const closure = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(`/${chunk.file}`)) return into;
    if (chunk.file.endsWith('.js')) into.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const entry = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  return (module) => [...closure(module, new Set())].filter((f) => !entry.has(f));
}

/** The app's modules (client/main.tsx's steps, then mount-app) in the build manifest. */
export function appModules(manifest: BuildManifest): string[] {
  const steps = Object.keys(manifest).filter((k) => k.startsWith(APP_STEPS_DIR));
  return [...steps, APP_MODULE];
}

/** The build's manifest in `dir`, or null (a build without one: no screen preloads). */
async function readManifest(dir: string): Promise<BuildManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const PRELOAD_LIST = /data-preload="([^"]*)"/;

/**
 * Rendered pages are kept a minute (the relative dates on the cards move on), per width, URL and
 * listing state, so a burst of first visits (a shared link) renders each page once.
 */
const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_MAX = 100;

/** A page's own document: a listing's or an article's, by id. */
interface OwnPage {
  collection: CarriedDocument['collection'];
  id: string;
}

/** The document whose own page `path` is (a shared link), or null. */
function ownPageOf(renderer: Renderer, path: string): OwnPage | null {
  const listing = renderer.listingPageId(path);
  if (listing) return { collection: 'properties', id: listing };
  const article = renderer.articlePageId(path);
  return article ? { collection: 'news', id: article } : null;
}

/** A document as a visitor's device would receive it, or null when a visitor may not see it. */
async function visitorDocument(
  store: Store,
  { collection, id }: OwnPage,
): Promise<SyncDocument | null> {
  const stored = await store
    .db(collection)
    .get(id)
    .catch((err: unknown) => {
      if (couchStatus(err) === 404) return null;
      throw err;
    });
  if (!stored) return null;
  const projected = projectFor(collection, null, stored as unknown as StoredDoc);
  return projected && !projected._deleted ? projected : null;
}

/**
 * The agent whose promotion link `query` is, as their account says (the link's own name and phone
 * can be edited), or null: no promotion in the link, or its promoter is not an enabled agent.
 */
async function linkAgent(
  promotions: PromotionService,
  query: string,
): Promise<PromotionAgent | null> {
  const promotion = promotionFromParams(new URLSearchParams(query));
  if (!promotion) return null;
  return promotions.agent(promotion.id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  });
}

export function firstScreenPages(
  dir: string,
  sync: SyncService,
  store: Store,
  promotions: PromotionService,
  logger: Logger,
  origin: SiteOrigin,
  publicListings: VisitorListings,
): RequestHandler {
  let ready: Promise<{
    renderer: Renderer;
    /** index.html as built (the plain shell). */
    shell: string;
    template: string;
    preloadsFor: (module: string) => string[];
    app: string[];
  }> | null = null;
  const prepare = async () => {
    const [renderer, template, manifest] = await Promise.all([
      import('@client/ssr/render-first-screen'),
      readFile(path.join(dir, 'index.html'), 'utf8'),
      readManifest(dir),
    ]);
    await renderer.prepareFirstScreens();
    if (!FIRST_SCREEN_SLOT.test(template)) throw new Error('index.html has no first-screen slot');
    return {
      renderer,
      shell: template,
      template: keepingEarlyTaps(scriptsAfterFirstPaint(template.replace(BUILD_STYLES, ''))),
      preloadsFor: manifest ? screenPreloads(manifest) : () => [],
      app: manifest ? appModules(manifest) : [],
    };
  };

  const pages = new Map<string, { page: string; at: number }>();
  /** The page cached under `key`, else built now and kept. */
  const cached = (key: string, build: () => string): string => {
    let entry = pages.get(key);
    if (!entry || Date.now() - entry.at > PAGE_CACHE_MS) {
      entry = { page: build(), at: Date.now() };
      pages.delete(key);
      pages.set(key, entry);
      if (pages.size > PAGE_CACHE_MAX) pages.delete(pages.keys().next().value!);
    }
    return entry.page;
  };

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
      .then(async ({ renderer, shell, template, preloadsFor, app }) => {
        const own = ownPageOf(renderer, req.path);
        if (!own && !renderer.FIRST_SCREEN_PATHS.includes(req.path)) return next();
        const width = renderer.screenWidthFor({
          cookie: req.get('cookie') ?? '',
          mobileHint: req.get('sec-ch-ua-mobile'),
          userAgent: req.get('user-agent') ?? '',
        });
        // The screen's chunks load with the entry's (after the first paint, a few per task).
        const screen = renderer.firstScreenModule(req.path);
        // The app's own chunks (client/main.tsx imports them after React) and the screen's.
        const screenPreloads = [
          ...new Set([...app.flatMap(preloadsFor), ...(screen ? preloadsFor(screen) : [])]),
        ];
        /** The template with the markup and its styles, and `head` and `body` added. */
        const fill = ({ html, styles }: FirstScreen, head: string, body: string) =>
          template
            .replace(
              PRELOAD_LIST,
              (_, entry: string) =>
                `data-preload="${[entry, ...screenPreloads].filter(Boolean).join(' ')}"`,
            )
            .replace(
              '</head>',
              () =>
                `${head}<style ${FIRST_SCREEN_CSS_ATTRIBUTE}="${[...styles.keys()].join(' ')}">` +
                `${[...styles.values()].join('')}</style></head>`,
            )
            .replace(
              FIRST_SCREEN_SLOT,
              () => `<div id="root" data-ssr ${renderer.SCREEN_WIDTH_ATTRIBUTE}="${width}">${html}`,
            )
            .replace('</body>', () => `${body}</body>`);

        // The site's origin names the page in its head: part of what a kept page depends on.
        const base = origin(req);
        let page: string;
        if (own) {
          // A listing's or an article's own page (a shared link): the document, carried for
          // hydration, without the list's first pull (the page stays light; the device syncs as
          // on any other page).
          const found = await visitorDocument(store, own);
          if (!found) {
            // Nothing public here (taken down, withdrawn, never there): the app's shell, which
            // search engines are told not to keep.
            res.setHeader('Cache-Control', 'no-cache');
            res.type('html').send(notIndexed(shell));
            return;
          }
          // A listing opened by an agent's promotion link names the agent from the first paint.
          const query = req.originalUrl.split('?')[1] ?? '';
          const agent = own.collection === 'properties' ? await linkAgent(promotions, query) : null;
          const carried = {
            collection: own.collection,
            doc: found,
            ...(agent ? { promotion: agent } : {}),
          } as unknown as CarriedDocument;
          const agentKey = agent ? JSON.stringify(agent) : '';
          const key = `${width} ${found.server_rev} ${agentKey} ${base} ${req.originalUrl}`;
          page = cached(key, () => {
            const empty = { documents: [], checkpoint: null };
            return withPageMeta(
              fill(
                renderer.renderFirstScreen(req.originalUrl, empty, width, carried),
                '',
                `<script type="application/json" id="${renderer.FIRST_SCREEN_DOCUMENT_ELEMENT}">` +
                  `${scriptJson(carried)}</script>`,
              ),
              carried.collection === 'news'
                ? renderer.articlePageMeta(carried.doc, base)
                : renderer.listingPageMeta(carried.doc, base),
            );
          });
        } else {
          const [firstPull, every] = await Promise.all([
            sync.pull('properties', null, null, PULL_LIMIT_MAX),
            // Without them the page shows the first pull's best, as before: not the shell.
            publicListings.current().catch((err: unknown) => {
              logger.warn({ err }, 'public listings unavailable for the first screen');
              return null;
            }),
          ]);
          const shown = PUBLIC_PAGES.find((p) => p.path === req.path) ?? PUBLIC_PAGES[0]!;
          const key =
            `${width} ${firstPull.checkpoint?.seq ?? ''} ${every?.state ?? ''} ` +
            `${base} ${req.originalUrl}`;
          page = cached(key, () => {
            // The first pull, with the listings the screen shows on a county's store beyond it.
            const carried = renderer.firstPullCarried(
              req.originalUrl,
              firstPull,
              every?.listings ?? [],
            );
            return withPageMeta(
              fill(
                renderer.renderFirstScreen(req.originalUrl, carried, width),
                `<meta name="${FIRST_PULL_ELEMENT}" content="">`,
                `<script type="application/json" id="${FIRST_PULL_ELEMENT}">` +
                  `${scriptJson(carried)}</script>`,
              ),
              renderer.publicPageMeta(shown, base),
            );
          });
        }
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Cookie, User-Agent, Sec-CH-UA-Mobile');
        res.type('html').send(page);
      })
      .catch((err: unknown) => {
        logger.warn({ err, url: req.originalUrl }, 'first screen render failed; serving the shell');
        if (!res.headersSent) next();
      });
  };
}
