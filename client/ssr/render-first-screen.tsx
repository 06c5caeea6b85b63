/* eslint-disable react-refresh/only-export-components -- a server render module, never hot-reloaded */
/**
 * A visitor's first screen (home, the listing list, a listing's or an article's own page) rendered to HTML in Node with the app's own
 * components: the gateway serves it to first visits, so the listings and their photos show before
 * the app's JavaScript has loaded (the page then hydrates it), and the build takes the first
 * screens' CSS from it (scripts/first-screen-styles.tsx).
 */
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { FEATURED_LIMIT, PAGE_SIZE } from '@couchdb/model/constants';
import type { CarriedFirstPull, PullResponse, SyncDocument } from '@couchdb/model/sync';
import { firstInOrder, homeListings } from '@couchdb/rules/first-in-order';
import {
  filterProperties,
  propertyFilterFromParams,
  type PropertyFilter,
} from '@couchdb/rules/property-filter';
import { isPubliclyVisible } from '@couchdb/rules/public-listing';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { App } from '@client/app/app';
import { STYLIS_PLUGINS } from '@client/app/emotion-prefixes';
import { FIRST_SCREEN_PATHS } from '@client/app/first-screen-paths';
import {
  HomeScreen,
  NewsDetailScreen,
  PropertyDetailScreen,
  PropertyListScreen,
} from '@client/app/lazy-screens';
import {
  cookieScreenWidth,
  renderWidthFor,
  SCREEN_WIDTH_ATTRIBUTE,
  SCREEN_WIDTHS,
  themeAtWidth,
} from '@client/app/screen-width';
import { endHydration, startHydration } from '@client/lib/use-store-value';
import { FirstScreenListings, publicBootListings } from '@client/data/hooks/use-boot-listings';
import {
  type CarriedDocument,
  FIRST_SCREEN_DOCUMENT_ELEMENT,
  FirstScreenDocument,
} from '@client/data/reads/first-screen-document';

export { FIRST_SCREEN_DOCUMENT_ELEMENT, SCREEN_WIDTH_ATTRIBUTE, SCREEN_WIDTHS };
export type { CarriedDocument };
export { articlePageMeta, listingPageMeta, publicPageMeta, type PageMeta } from './page-meta';

/** The listing whose own page `path` is (`/properties/:id`), rendered for visitors too; else null. */
export function listingPageId(path: string): string | null {
  const match = /^\/properties\/([^/]+)$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The article whose own page `path` is (`/news/:id`), rendered for visitors too; else null. */
export function articlePageId(path: string): string | null {
  const match = /^\/news\/([^/]+)$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The module of the screen a rendered page opens on, as the build manifest names it (relative to
 * client/): the gateway has the browser preload its chunks beside the entry's, so the entry does
 * not insert them itself in its first task (client/app/lazy-screens.ts `preloadFirstScreen`).
 */
export function firstScreenModule(path: string): string | null {
  if (path === '/') return 'features/home/home-screen.tsx';
  if (path === '/properties') return 'features/properties/property-list-screen.tsx';
  if (listingPageId(path)) return 'features/properties/property-detail-screen.tsx';
  if (articlePageId(path)) return 'features/news/news-detail-screen.tsx';
  return null;
}

export interface FirstScreen {
  /** The markup inside #root. */
  html: string;
  /**
   * Emotion's rules the markup uses, by id (its `css-<id>` class names); '' for a class merged
   * into another (`mergedClassIds`), which the page need not insert.
   */
  styles: Map<string, string>;
}

export { FIRST_SCREEN_PATHS };

/** What a request tells of the device's screen: its width cookie, its mobile hint, its user agent. */
export interface RequestedScreen {
  cookie: string;
  mobileHint: string | undefined;
  userAgent: string;
}

/**
 * The width to render a request's first screen at: the width the page remembered in its cookie,
 * else a phone's for a phone (its client hint or user agent), else a laptop's.
 */
export function screenWidthFor({ cookie, mobileHint, userAgent }: RequestedScreen): number {
  const phone = mobileHint === '?1' || /Mobi|Android|iPhone|iPod/i.test(userAgent);
  return renderWidthFor(cookieScreenWidth(cookie), phone);
}

/**
 * What the page's globals look like on a visitor's first visit, for one synchronous render; returns
 * a function that puts the real ones back (nothing else in the process may see a `document`).
 */
function visitorGlobals(): () => void {
  const g = globalThis as Record<string, unknown>;
  const stand: Record<string, unknown> = {
    // No cached user and no session cookie: the session starts as a visitor's.
    document: { cookie: '' },
    navigator: { onLine: true, userAgent: 'node', maxTouchPoints: 0 },
  };
  const saved = Object.keys(stand).map(
    (key) => [key, Object.getOwnPropertyDescriptor(g, key)] as const,
  );
  for (const [key, value] of Object.entries(stand)) {
    Object.defineProperty(g, key, { value, configurable: true, writable: true });
  }
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(g, key, descriptor);
      else delete g[key];
    }
  };
}

/**
 * Loads the first screens' code, so a render shows them instead of a lazy fallback: the screens,
 * then whatever they load lazily (the laptop's footer), which one render at each width starts.
 */
export async function prepareFirstScreens(): Promise<void> {
  await Promise.all([
    HomeScreen.preload(),
    PropertyListScreen.preload(),
    PropertyDetailScreen.preload(),
    NewsDetailScreen.preload(),
  ]);
  const empty = { documents: [], checkpoint: null };
  for (const width of Object.values(SCREEN_WIDTHS)) renderFirstScreen('/', empty, width);
  await import('@client/app/layout/app-footer');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Renders `url` (a path with its query: the list's filter lives there) for a visitor whose first
 * pull answered `firstPull`, at `width`; a listing's or an article's own page shows `carried` (as
 * projected for a visitor). Call `prepareFirstScreens` once before.
 */
export function renderFirstScreen(
  url: string,
  firstPull: CarriedFirstPull,
  width: number,
  carried: CarriedDocument | null = null,
): FirstScreen {
  const cache = createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
  cache.compat = true; // rules collect in cache.inserted instead of inline <style> tags
  const sized = themeAtWidth(width);
  const restore = visitorGlobals();
  // The render sees what the hydrating page's first render sees (its stores' server snapshots).
  startHydration();
  let html: string;
  try {
    html = renderToString(
      <CacheProvider value={cache}>
        <FirstScreenListings value={publicBootListings(firstPull)}>
          <FirstScreenDocument value={carried}>
            <App history={UNSAFE_createMemoryHistory({ initialEntries: [url] })} theme={sized} />
          </FirstScreenDocument>
        </FirstScreenListings>
      </CacheProvider>,
    );
  } finally {
    endHydration();
    restore();
  }
  const styles = new Map<string, string>();
  const unused = new Set<string>();
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    // Global rules and keyframes carry no class of their own and stay.
    if (rules.startsWith(`.${cache.key}-${id}`) && !html.includes(`${cache.key}-${id}`)) {
      unused.add(id);
    } else styles.set(id, rules);
  }
  for (const id of mergedClassIds(cache.registered, cache.key, styles, unused)) {
    styles.set(id, '');
  }
  return { html, styles };
}

/**
 * The first pull as `url`'s first screen carries it: with the public listings among `listings`
 * (every listing a visitor may see) that the first screens show once the device holds them all
 * and the first pull does not hold: home's 12 and the list's first page, both whichever of them
 * the visitor opened first (the bottom bar goes from one to the other before the device has
 * them all), and the first page of the filter in the list's URL. On a county's store the first
 * pull is 500 listings by id: the screens showed the best of those until the device's first sync
 * was over, then changed.
 */
export function firstPullCarried(
  url: string,
  firstPull: PullResponse,
  listings: readonly SyncDocument[],
): CarriedFirstPull {
  const held = new Set(firstPull.documents.map((doc) => doc.id));
  if (listings.every((doc) => held.has(doc.id))) return firstPull;
  const visible = listings.filter(
    (doc) => !doc._deleted && isPubliclyVisible(doc as unknown as PropertyDoc),
  ) as unknown as PropertyDoc[];
  const firstPage = (filter: PropertyFilter) =>
    firstInOrder(filterProperties(visible, filter), PAGE_SIZE, filter.sort);
  const [path, query = ''] = url.split('?');
  const onScreens = [
    ...homeListings(visible, FEATURED_LIMIT),
    ...firstPage(propertyFilterFromParams(new URLSearchParams())),
    ...(path === '/properties' && query
      ? firstPage(propertyFilterFromParams(new URLSearchParams(query)))
      : []),
  ];
  const shown = new Map<string, SyncDocument>();
  for (const doc of onScreens)
    if (!held.has(doc.id)) shown.set(doc.id, doc as unknown as SyncDocument);
  return shown.size > 0 ? { ...firstPull, shown: [...shown.values()] } : firstPull;
}

/**
 * The ids of the classes in `unused` (rendered, but on no element of the markup) that emotion
 * merged into another class: a part styled over an MUI component (AppBar over Paper, Button over
 * ButtonBase, a Card's own styles…) passes its class to the component, which folds its styles into
 * its own class, so only that one reaches an element. Every render computes the part's class
 * again and, unless told it is inserted, compiles and inserts its rules, which no element uses:
 * 136 of the 216 rules a listing page inserted as it opened on a phone. The page's cache counts
 * these as inserted (emotion-cache.ts), their rules left out of the page.
 * A class is merged when its styles, with emotion's `;`, end the styles of a class the markup uses
 * or of another merged one (emotion appends a merged class's styles last: `getRegisteredStyles`,
 * then `serializeStyles`). A part of a branch the page did not take (rendered, then suspended or
 * replaced) is not: its rules are left out too, and the page inserts them if it ever renders it.
 */
function mergedClassIds(
  registered: Record<string, string | undefined>,
  key: string,
  used: Map<string, string>,
  unused: Set<string>,
): string[] {
  const stylesOf = (id: string) => registered[`${key}-${id}`];
  const into = [...used.keys()].map(stylesOf).filter((s) => typeof s === 'string');
  const merged: string[] = [];
  const left = new Set(unused);
  for (let found = true; found;) {
    found = false;
    for (const id of left) {
      const own = stylesOf(id);
      if (typeof own !== 'string' || !into.some((s) => s.endsWith(`${own};`))) continue;
      merged.push(id);
      into.push(own);
      left.delete(id);
      found = true;
    }
  }
  return merged;
}
