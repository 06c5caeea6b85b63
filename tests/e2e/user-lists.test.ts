/**
 * The user's own lists in real Chromium against the real gateway (embedded store, demo data):
 * favourites from the listing list, found and filtered in /favorites, removed and cleared (and the
 * server agrees); recently viewed keeps the last 10, newest first, without duplicates, offline too.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_MESSAGES } from '@couchdb/model/constants';
import { FAVORITE_MESSAGES, type Favorite } from '@couchdb/model/favorite';
import type { Property } from '@couchdb/model/property';
import {
  launchBrowser,
  saveScreenshot,
  VIEWPORTS,
  type TestBrowser,
  type Viewport,
} from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { login, pullAll, type Session } from './pages/browse-fixtures';
import { FavoritesPage } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';

let gateway: RunningGateway;
let browser: TestBrowser;
let user: Session;

/** Public listings in the list's order (priority first, then newest). */
async function publicListings(): Promise<Property[]> {
  return [...(await pullAll<Property>(gateway.url, 'properties', null)).values()].sort((a, b) =>
    a.is_priority !== b.is_priority
      ? a.is_priority
        ? -1
        : 1
      : a.created_at < b.created_at
        ? 1
        : a.created_at > b.created_at
          ? -1
          : a.id < b.id
            ? -1
            : 1,
  );
}

async function serverFavorites(): Promise<string[]> {
  const docs = await pullAll<Favorite & { _deleted?: boolean }>(gateway.url, 'favorites', user);
  return [...docs.values()].filter((f) => !f._deleted).map((f) => f.property_id);
}

async function signIn(viewport: Viewport = VIEWPORTS.desktop) {
  const page = await browser.openPage(`${gateway.url}/login`, viewport);
  const loginPage = new LoginPage(page);
  await loginPage.heading.waitFor();
  await loginPage.login(user.phone, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

beforeAll(async () => {
  gateway = await startGateway({ embedded: true });
  browser = await launchBrowser();
  user = await login(gateway.url, 'user');
});

afterEach(async () => {
  for (const page of browser.context.pages()) await page.close();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('favourites', () => {
  it('favourites from the list, filters them in /favorites, removes one and clears all', async () => {
    const listings = await publicListings();
    const rents = listings.filter((p) => p.type === 'rent').slice(0, 2);
    const sale = listings.find(
      (p) => p.type === 'sale' && p.address.district !== rents[0]!.address.district,
    )!;
    const page = await signIn();
    const layout = new Layout(page);
    const favorites = new FavoritesPage(page);

    await favorites.goto(gateway.url);
    await page.getByText(FAVORITE_MESSAGES.empty).waitFor();
    await saveScreenshot(page, 'user-favorites-empty-desktop');

    const list = new PropertyListPage(page);
    await list.goto(gateway.url, '?type=rent');
    for (const p of rents) {
      await favorites.heart(p.id).click();
      await (await layout.waitForToast(FAVORITE_MESSAGES.added)).waitFor({ state: 'hidden' });
    }
    await list.goto(gateway.url, '?type=sale');
    await favorites.heart(sale.id).click();
    await layout.waitForToast(FAVORITE_MESSAGES.added);

    // Most recently favourited first; the favourites reach the account on the server.
    await favorites.goto(gateway.url);
    await expect.poll(() => favorites.ids()).toEqual([sale.id, rents[1]!.id, rents[0]!.id]);
    await expect
      .poll(serverFavorites, { timeout: 10_000 })
      .toEqual(expect.arrayContaining([sale.id, ...rents.map((r) => r.id)]));
    await saveScreenshot(page, 'user-favorites-desktop');

    // Filters: township, then a keyword (the sale listing's title).
    const inTownship = [sale, rents[1]!, rents[0]!].filter(
      (p) => p.address.district === sale.address.district,
    );
    await favorites.choose('区域', sale.address.district);
    await expect.poll(() => favorites.ids()).toEqual(inTownship.map((p) => p.id));
    await favorites.choose('区域', '不限');
    await favorites.search.fill(rents[1]!.title);
    await expect.poll(() => favorites.ids()).toEqual([rents[1]!.id]);
    await favorites.search.fill('');

    // Remove one: the toast names it.
    await favorites.heart(rents[1]!.id).click();
    await layout.waitForToast(FAVORITE_MESSAGES.removedTitle(rents[1]!.title));
    await expect.poll(() => favorites.ids()).toEqual([sale.id, rents[0]!.id]);

    // Clear all, after a confirmation.
    await favorites.clearAll.click();
    await favorites.confirmDialog.getByRole('button', { name: '清空', exact: true }).click();
    await layout.waitForToast(FAVORITE_MESSAGES.cleared);
    await page.getByText(FAVORITE_MESSAGES.empty).waitFor();
    await expect.poll(serverFavorites, { timeout: 10_000 }).toEqual([]);
  });
});

describe('recently viewed', () => {
  it('keeps the last 10, newest first, without duplicates, and shows them offline', async () => {
    const listings = (await publicListings()).slice(0, 11);
    const page = await signIn(VIEWPORTS.mobile);
    const detail = new PropertyDetailPage(page);
    const recent = new FavoritesPage(page);

    await page.goto(`${gateway.url}/recent`);
    await page.getByText(RECENT_MESSAGES.empty).waitFor();

    // As people browse: open a listing from the list, come back, open the next.
    const list = new PropertyListPage(page);
    await list.goto(gateway.url);
    const open = async (id: string) => {
      await page.locator(`[data-property-id="${id}"] a`).first().click();
      await detail.title.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/properties/${id}`);
      await page.goBack();
      await list.waitForResults();
    };
    for (const p of listings) await open(p.id);
    const viewed = listings.map((p) => p.id).reverse();
    await page.goto(`${gateway.url}/recent`);
    await expect.poll(() => recent.ids()).toEqual(viewed.slice(0, 10));

    // Viewing one again moves it to the front instead of listing it twice.
    await list.goto(gateway.url);
    await open(listings[5]!.id);
    await page.goto(`${gateway.url}/recent`);
    const again = [listings[5]!.id, ...viewed.filter((id) => id !== listings[5]!.id)].slice(0, 10);
    await expect.poll(() => recent.ids()).toEqual(again);
    await saveScreenshot(page, 'user-recent-mobile');

    // The history is on the device: it shows with the network gone.
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => recent.ids()).toEqual(again);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});
