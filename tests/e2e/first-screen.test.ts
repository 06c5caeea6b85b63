/**
 * A visitor's first visit in real Chromium against the real gateway (embedded store, demo data):
 * the gateway renders the page for the device's layout (a phone's or a laptop's), and the page
 * hydrates that markup as it is: no hydration error (React #418) and the server's nodes kept.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from '@client/app/first-screen-css';
import { SCREEN_WIDTH_COOKIE } from '@client/app/screen-width';
import type { News } from '@couchdb/model/news';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { serverDocs } from '../helpers/sync-api';
import {
  waitForReact,
  saveScreenshot,
  SYNC_WAIT,
  UI_WAIT,
  VIEWPORTS,
  type Viewport,
} from '../helpers/browser';
import { NewsPage } from './pages/news-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { useWorld } from './world';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/**
 * Before any script of the page runs (the DOM parsed, deferred scripts not yet run), marks the
 * server's <main> with a property: a page that rendered again has a new <main> without it.
 */
const MARK_SERVER_MARKUP = `document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive') return;
  const main = document.querySelector('#root[data-ssr] main');
  if (main) main.__fromServer = true;
  const heading = document.querySelector('#root[data-ssr] main h1');
  if (heading) heading.__fromServer = true;
  const css = document.querySelector('style[${FIRST_SCREEN_CSS_ATTRIBUTE}]');
  if (!css) return;
  css.__fromServer = true;
  // Moving the block (emotion's own adoption of server CSS) re-parses it and restyles the page.
  window.__firstScreenCssMoved = 0;
  new MutationObserver((records) => {
    for (const r of records) if ([...r.removedNodes].includes(css)) window.__firstScreenCssMoved++;
  }).observe(document.head, { childList: true });
});`;

/** Records whether the page ever showed a listing's "not found" (a screen that flashed it). */
const WATCH_NOT_FOUND = `new MutationObserver(() => {
  if (document.body && document.body.textContent.includes(${JSON.stringify(PROPERTY_MESSAGES.notFound)}))
    window.__sawNotFound = true;
}).observe(document, { childList: true, subtree: true, characterData: true });`;

/**
 * Records whether the page had hydrated its <main> (React's fiber on the node) when it started the
 * device storage's worker (the data layer's first step).
 */
const WATCH_WORKER_START = `{
  const Started = window.Worker;
  window.Worker = class extends Started {
    constructor(url, options) {
      const main = document.querySelector('main');
      window.__workerAfterHydration = Object.keys(main ?? {}).some((k) => k.startsWith('__reactFiber'));
      super(url, options);
    }
  };
}`;

const world = useWorld();

/** A public demo listing with photos: a shared link's page. */
let listing: Property;
/** A published demo article with a cover: another shared link's page. */
let article: News;

beforeAll(async () => {
  // The demo data is seeded after the gateway has started listening.
  listing = await vi.waitFor(
    async () => {
      const visible = await serverDocs<Property & { _deleted?: boolean }>(
        world.url,
        null,
        'properties',
      );
      const found = [...visible.values()].find((p) => !p._deleted && p.images.length > 0);
      if (!found) throw new Error('the demo listings are not there yet');
      return found;
    },
    { timeout: SYNC_WAIT.timeout, interval: 500 },
  );
  article = await vi.waitFor(
    async () => {
      const visible = await serverDocs<News & { _deleted?: boolean }>(world.url, null, 'news');
      const found = [...visible.values()].find(
        (a) => !a._deleted && a.status === 'published' && a.image_url && a.content,
      );
      if (!found) throw new Error('the demo news is not there yet');
      return found;
    },
    { timeout: SYNC_WAIT.timeout, interval: 500 },
  );
});

interface Visit {
  /** Console errors and page errors (React's #418 is one). */
  errors: string[];
  page: Page;
}

/** A first visit (fresh profile: no service worker, no session) at `viewport` with `userAgent`. */
async function firstVisit(
  path: string,
  viewport: Viewport,
  userAgent: string,
  check: (visit: Visit) => Promise<void>,
  before?: (page: Page) => Promise<void>,
): Promise<void> {
  const browser = await world.launch();
  try {
    const page = await browser.context.newPage();
    await before?.(page);
    await page.setViewportSize(viewport);
    await page.setExtraHTTPHeaders({ 'User-Agent': userAgent });
    await page.addInitScript(MARK_SERVER_MARKUP);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /#418|hydrat|rendered again/i.test(msg.text()))
        errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const response = await page.goto(`${world.url}${path}`);
    expect(await response!.text()).toContain('<div id="root" data-ssr');
    await check({ errors, page });
  } finally {
    await browser.close();
  }
}

/**
 * The first screen's CSS block as the hydrated page has it: still the server's node, never moved,
 * and how many of its rules emotion inserted again (in emotion's own sheets).
 */
function firstScreenCss(page: Page) {
  return page.evaluate((attribute) => {
    const block = document.querySelector(`style[${attribute}]`) as
      (HTMLStyleElement & { __fromServer?: boolean }) | null;
    const ids = (block?.getAttribute(attribute) ?? '').split(' ').filter(Boolean);
    const emotionSelectors = [...document.querySelectorAll('style[data-emotion]')].flatMap((s) =>
      [...((s as HTMLStyleElement).sheet?.cssRules ?? [])].map(
        (r) => (r as CSSStyleRule).selectorText ?? '',
      ),
    );
    const adopted = new Set(ids.map((id) => `.css-${id}`));
    return {
      fromServer: block?.__fromServer === true,
      moved: (window as { __firstScreenCssMoved?: number }).__firstScreenCssMoved,
      ids: ids.length,
      insertedAgain: emotionSelectors.filter((s) => adopted.has(s)).length,
      inserted: emotionSelectors.length,
    };
  }, FIRST_SCREEN_CSS_ATTRIBUTE);
}

/** Waits until React has hydrated the page's <main>, then tells whether it is the server's node. */
async function hydratedServerMain(page: Page): Promise<boolean> {
  await waitForReact(page);
  return page.evaluate(
    () => (document.querySelector('main') as { __fromServer?: boolean } | null)?.__fromServer,
  ) as Promise<boolean>;
}

const SIZES = [
  ['a phone', VIEWPORTS.mobile, PHONE_UA],
  ['a laptop', VIEWPORTS.desktop, LAPTOP_UA],
] as const;

describe.each(SIZES)('%s’s first visit', (_name, viewport, userAgent) => {
  it.each(['/', '/properties'])(
    'to %s gets its own layout rendered and hydrates it as it is',
    async (path) => {
      await firstVisit(path, viewport, userAgent, async ({ errors, page }) => {
        expect(await hydratedServerMain(page)).toBe(true);
        // Hydrated and answering: the rest of the cards follow the server's first ones.
        await expect
          .poll(() => page.getByTestId('property-card').count(), UI_WAIT)
          .toBeGreaterThan(4);
        // The server's CSS is adopted where it is: not moved, not inserted again; the rules the
        // device's own render adds (more cards, its own width) go to emotion's sheets.
        const css = await firstScreenCss(page);
        expect(css).toMatchObject({ fromServer: true, moved: 0, insertedAgain: 0 });
        expect(css.ids).toBeGreaterThan(20);
        expect(errors).toEqual([]);
      });
    },
  );

  it('to a listing’s own page (a shared link) gets it rendered, with its preview, and hydrates it as it is', async () => {
    await firstVisit(
      `/properties/${listing.id}`,
      viewport,
      userAgent,
      async ({ errors, page }) => {
        // The preview's tags are in the page, for chat apps that never run its script.
        expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(
          listing.title,
        );
        expect(await hydratedServerMain(page)).toBe(true);
        const heading = page.getByRole('heading', { level: 1, name: listing.title });
        await heading.waitFor();
        // The device's own copy takes over once it has synced: the page stays as it was (the
        // server's heading node itself, never a "not found" in between).
        await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);
        await heading.waitFor();
        expect(await hydratedServerMain(page)).toBe(true);
        expect(await heading.evaluate((h) => (h as { __fromServer?: boolean }).__fromServer)).toBe(
          true,
        );
        expect(
          await page.evaluate(() => (window as { __sawNotFound?: boolean }).__sawNotFound),
        ).toBe(undefined);
        // 相似房源, below a phone's fold, is not drawn while the page opens, though the device
        // has the listings (synced above): its anchor sits under 房源信息 until the reader
        // scrolls near it.
        const detail = new PropertyDetailPage(page);
        if (viewport === VIEWPORTS.mobile) {
          expect(await detail.similar.count()).toBe(0);
          const facts = await page.getByRole('heading', { name: '房源信息' }).boundingBox();
          const anchor = await detail.similarAnchor.boundingBox();
          expect(anchor!.y).toBeGreaterThan(facts!.y + 100);
          expect(anchor!.y).toBeGreaterThan(viewport.height);
        }
        await detail.scrollToSimilar(UI_WAIT.timeout);
        expect(await detail.similar.getByTestId('property-card').count()).toBeGreaterThan(0);
        // The device database (its worker, its opening and first sync) came after the page had
        // hydrated what the gateway rendered, not competing with it.
        expect(
          await page.evaluate(
            () => (window as { __workerAfterHydration?: boolean }).__workerAfterHydration,
          ),
        ).toBe(true);
        expect(errors).toEqual([]);
        await saveScreenshot(page, `first-visit-listing-${viewport.width}`);
      },
      async (page) => {
        await page.addInitScript(WATCH_NOT_FOUND);
        await page.addInitScript(WATCH_WORKER_START);
      },
    );
  });
});

describe('a first visit whose connection drops while the app loads', () => {
  it('keeps the rendered page, loads the app again and hydrates it as it is', async () => {
    let dropped = 0;
    await firstVisit(
      '/properties',
      VIEWPORTS.mobile,
      PHONE_UA,
      async ({ errors, page }) => {
        expect(await hydratedServerMain(page)).toBe(true);
        // Its preload and the first import of the app's chunk failed; the next try loaded it.
        expect(dropped).toBe(2);
        expect(errors.some((e) => e.includes('loading the app failed (try 1 of'))).toBe(true);
        await expect
          .poll(() => page.getByTestId('property-card').count(), UI_WAIT)
          .toBeGreaterThan(4);
      },
      async (page) => {
        await page.route(/\/assets\/mount-app-[^/]+\.js$/, (route) => {
          if (dropped >= 2) return route.continue();
          dropped += 1;
          return route.abort('internetdisconnected');
        });
      },
    );
  });
});

describe.each(SIZES)(
  '%s’s first visit to an article’s own page (a shared link)',
  (_name, viewport, userAgent) => {
    it('gets it rendered with its preview, hydrates it as it is, and shows what the device renders', async () => {
      // The preview's tags are in the server's HTML, for chat apps that never run its script.
      const html = await (
        await fetch(`${world.url}/news/${article.id}`, {
          headers: { Accept: 'text/html', 'User-Agent': userAgent },
        })
      ).text();
      const head = html.slice(0, html.indexOf('</head>'));
      for (const tag of ['og:title', 'og:description', 'og:image', 'og:url']) {
        expect(head).toMatch(new RegExp(`<meta property="${tag}" content="[^"]+">`));
      }
      expect(head).toContain(`<meta name="description" content="`);
      expect(head).toContain(`<title>${article.title} - `);
      expect(head).toContain(`<meta property="og:url" content="${world.url}/news/${article.id}">`);

      await firstVisit(`/news/${article.id}`, viewport, userAgent, async ({ errors, page }) => {
        const news = new NewsPage(page);
        expect(await hydratedServerMain(page)).toBe(true);
        const heading = page.getByRole('heading', { level: 1, name: article.title });
        await heading.waitFor();
        const served = await news.content.innerHTML();
        expect(served.length).toBeGreaterThan(0);
        // The device's own copy takes over once it has synced: the page stays as it was.
        await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);
        await heading.waitFor();
        expect(await hydratedServerMain(page)).toBe(true);
        expect(errors).toEqual([]);
        await saveScreenshot(page, `first-visit-article-${viewport.width}`);
        // The article as the device renders it (sanitised in the browser) is the server's markup.
        await page.getByRole('link', { name: '返回资讯列表' }).click();
        await page.locator(`a[href="/news/${article.id}"]`).first().click();
        await heading.waitFor();
        await expect.poll(() => news.content.innerHTML(), UI_WAIT).toBe(served);
        expect(errors).toEqual([]);
      });
    });
  },
);

describe('a first visit whose user agent misleads the gateway', () => {
  it.each([
    ['a phone asking for the desktop site', VIEWPORTS.mobile, LAPTOP_UA],
    ['an Android tablet', { width: 820, height: 1180 }, PHONE_UA],
  ] as const)(
    '(%s) hydrates the rendered layout as it is, then takes its own',
    async (_name, viewport, userAgent) => {
      await firstVisit('/properties', viewport, userAgent, async ({ errors, page }) => {
        expect(await hydratedServerMain(page)).toBe(true);
        await expect
          .poll(() => page.getByTestId('property-card').count(), UI_WAIT)
          .toBeGreaterThan(4);
        // Then its own layout: the laptop's footer only where the screen is a laptop's.
        const laptop = viewport.width >= VIEWPORTS.desktop.width;
        await expect.poll(() => page.locator('footer').count(), UI_WAIT).toBe(laptop ? 1 : 0);
        // And the next render is for its width, which the page remembers once idle.
        await expect
          .poll(async () => {
            const cookies = await page.context().cookies(world.url);
            return cookies.find((c) => c.name === SCREEN_WIDTH_COOKIE)?.value;
          }, UI_WAIT)
          .toBe(String(viewport.width));
        expect(errors).toEqual([]);
      });
    },
  );
});
