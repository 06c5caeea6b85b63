/**
 * Taps on a page the gateway rendered, made at its first paint, before the app's code has loaded,
 * on a phone (4× slowed CPU, slow 4G): a link works at once (the tab bar, a visitor's 电话咨询 to
 * the login with the way back), a button's tap is kept and done once the app has hydrated the
 * page (收藏, 筛选, 分享); none is lost. Run `npm run build` first.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_HYDRATED_MARK } from '@client/app/early-taps';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { emulateSlowPhone, reactOwnsPage, RECORD_PAINT_AND_REACT } from '../helpers/slow-phone';
import { serverDocs } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { useWorld } from './world';

const world = useWorld();

/** A slowed phone's whole first visit: its page, its scripts and photos (the machine is shared). */
const SLOW_LOAD = { timeout: 90_000 } as const;
/** A slowed phone's test: a few visits, each up to SLOW_LOAD. */
const SLOW_TEST = { timeout: 180_000 } as const;
/** A kept tap is done this soon after the app has hydrated the page. */
const AFTER_APP_MS = 1_000;
/** How long after the app has loaded a test waits for a kept tap's effect (beyond it: lost). */
const AFTER_APP_WAIT = { timeout: 10_000 } as const;

/** A public demo listing with photos: the page a shared link opens. */
let listingPath: string;

beforeAll(async () => {
  // The demo data is seeded after the gateway has started listening.
  listingPath = await vi.waitFor(
    async () => {
      const visible = await serverDocs<Property & { _deleted?: boolean }>(
        world.url,
        null,
        'properties',
      );
      const found = [...visible.values()].find((p) => !p._deleted && p.images.length > 0);
      if (!found) throw new Error('the demo listings are not there yet');
      return `/properties/${encodeURIComponent(found.id)}`;
    },
    { timeout: SYNC_WAIT.timeout, interval: 500 },
  );
});

interface FirstPaint {
  page: Page;
  /** Lifts the phone's slowing (for what the test does after the taps). */
  unthrottle: () => Promise<void>;
}

/**
 * A visitor's first visit to `path` on a slowed phone, stopped at its first paint: the rendered
 * page is shown, the app's code has not loaded.
 */
async function atFirstPaint(path: string): Promise<FirstPaint> {
  const browser = await world.launch({ touch: true });
  const page = await browser.context.newPage();
  await page.setViewportSize(VIEWPORTS.mobile);
  const unthrottle = await emulateSlowPhone(page);
  await page.addInitScript(RECORD_PAINT_AND_REACT);
  // As a tapped link opens it (a test browser's goto would wait for the app).
  await page.evaluate((url) => (window.location.href = url), `${world.url}${path}`);
  await page.waitForFunction(
    (pathname) => window.location.pathname === pathname && window.__firstPaintAt !== undefined,
    decodeURIComponent(path.split('?')[0]!),
    { ...SLOW_LOAD, polling: 20 },
  );
  expect(await page.locator('#root[data-ssr]').count()).toBe(1);
  return { page, unthrottle };
}

/** Taps `control` on the rendered page, checking the app has not loaded yet. */
async function tapBeforeTheApp(page: Page, control: Locator): Promise<void> {
  expect(await reactOwnsPage(page)).toBe(false);
  await control.tap();
}

/**
 * Waits until `done` holds in the page (it gives the page's clock then, else false); gives how
 * long after the app had hydrated the first screen that was.
 */
async function msAfterHydration(page: Page, done: () => number | false): Promise<number> {
  await page.waitForFunction(() => window.__reactAt !== undefined, undefined, SLOW_LOAD);
  const doneAt = (await (
    await page.waitForFunction(done, undefined, { ...AFTER_APP_WAIT, polling: 'raf' })
  ).jsonValue()) as number;
  const hydratedAt = await page.evaluate(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime,
    FIRST_SCREEN_HYDRATED_MARK,
  );
  expect(hydratedAt, 'the app hydrated the first screen').toBeTypeOf('number');
  return doneAt - hydratedAt!;
}

describe(
  'a visitor’s tap at the first paint of a shared listing, on a slowed phone',
  SLOW_TEST,
  () => {
    it('电话咨询 is a link: the login opens at once, and comes back to the listing', async () => {
      const { page, unthrottle } = await atFirstPaint(listingPath);
      const detail = new PropertyDetailPage(page);
      expect(await detail.barCall.getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(listingPath)}`,
      );
      await saveScreenshot(page, 'early-taps-listing-before-app-390', { fullPage: false });
      await tapBeforeTheApp(page, detail.barCall);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      await unthrottle();
      const login = new LoginPage(page);
      await login.heading.waitFor(SLOW_LOAD);
      const user = await world.demo('user');
      await login.login(user.phone, user.password);
      await page.waitForURL((url) => url.pathname === decodeURIComponent(listingPath), UI_WAIT);
      await new Layout(page).waitForToast(AUTH_MESSAGES.loginSuccess);
    });

    it('收藏 is kept, shown waiting, and opens the login once the app has loaded', async () => {
      const { page } = await atFirstPaint(listingPath);
      const detail = new PropertyDetailPage(page);
      await tapBeforeTheApp(page, detail.barFavorite);
      // Shown as waiting for the app, not dead.
      expect(await detail.barFavorite.getAttribute('data-tap-kept')).toBe('');
      await saveScreenshot(page, 'early-taps-favorite-kept-390', { fullPage: false });
      const after = await msAfterHydration(
        page,
        () => window.location.pathname === '/login' && performance.now(),
      );
      expect(after).toBeLessThan(AFTER_APP_MS);
      await new Layout(page).waitForToast(FAVORITE_MESSAGES.loginRequired);
      await new LoginPage(page).heading.waitFor(UI_WAIT);
    });

    it('分享 tapped over and over is kept and done once', async () => {
      const { page } = await atFirstPaint(listingPath);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: world.url,
      });
      const detail = new PropertyDetailPage(page);
      await tapBeforeTheApp(page, detail.barShare);
      await detail.barShare.tap();
      const layout = new Layout(page);
      await layout.waitForToast(PROPERTY_MESSAGES.linkCopied);
      expect(await page.evaluate(() => (window.__toastLog ?? []).map((t) => t.text))).toEqual([
        PROPERTY_MESSAGES.linkCopied,
      ]);
      expect(await detail.barShare.getAttribute('data-tap-kept')).toBeNull();
    });
  },
);

describe(
  'a visitor’s tap at the first paint of the list and home, on a slowed phone',
  SLOW_TEST,
  () => {
    it('筛选 is kept and opens the filter panel once the app has loaded', async () => {
      const { page } = await atFirstPaint('/properties');
      const filter = page.getByRole('button', { name: '筛选' });
      await tapBeforeTheApp(page, filter);
      const after = await msAfterHydration(
        page,
        () =>
          document
            .querySelector('[aria-controls="property-filter-panel"]')
            ?.getAttribute('aria-expanded') === 'true' && performance.now(),
      );
      expect(after).toBeLessThan(AFTER_APP_MS);
      await page.locator('#property-filter-panel').waitFor(UI_WAIT);
    });

    it('the tab bar is links: 资讯 opens the news at once', async () => {
      const { page, unthrottle } = await atFirstPaint('/');
      const news = new Layout(page).bottomTabBar.getByRole('link', { name: '资讯' });
      await tapBeforeTheApp(page, news);
      await page.waitForURL((url) => url.pathname === '/news', { timeout: 10_000 });
      await unthrottle();
      await page.getByRole('heading', { name: '资讯' }).first().waitFor(SLOW_LOAD);
    });
  },
);

describe('a signed-in user on a slowed phone', SLOW_TEST, () => {
  it('gets the phone dialog from 电话咨询 tapped as soon as it shows', async () => {
    const browser = await world.launch({ touch: true });
    const page = await world.signedIn(browser, 'user', { viewport: VIEWPORTS.mobile });
    await emulateSlowPhone(page);
    // A signed-in user's page comes from their device, not the gateway: its controls come with the app.
    await page.evaluate((url) => (window.location.href = url), `${world.url}${listingPath}`);
    const detail = new PropertyDetailPage(page);
    await detail.phoneButton.waitFor(SLOW_LOAD);
    await detail.phoneButton.tap();
    await detail.contactDialog.waitFor(UI_WAIT);
  });
});
