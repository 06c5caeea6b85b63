/**
 * Structured listing facts and price history (issue 18) in real Chromium against the real gateway
 * (embedded store, demo accounts): an agent publishes a listing with its floor, 朝向, 装修, year,
 * lift and usage through the form; once approved, the list's filter finds it by them and its card
 * shows them; after the agent lowers the price twice, the detail page shows the facts and charts
 * the three prices, and a user who had favourited it sees the drop on /favorites.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { expect, it } from 'vitest';
import { favoriteId } from '@couchdb/model/favorite-facts';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { insert, serverDocs, updateAccepted } from '../helpers/sync-api';
import { FavoritesPage } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';
import { PublishPropertyPage, VALID_DETAILS, VALID_PLACE } from './pages/publish-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin', 'user'] });

async function serverListing(title: string): Promise<Property | null> {
  const all = await serverDocs<Property>(world.url, world.accounts.admin, 'properties');
  return [...all.values()].find((p) => p.title === title) ?? null;
}

it('publish with the facts, filter by them, see them on the card and detail page; price history and drop', async () => {
  const title = `结构化信息 湖景三居 ${Date.now() % 100000}`;
  const page = await world.signedIn(world.browser, 'agent', {
    viewport: VIEWPORTS.mobile,
    path: '/publish/property',
  });
  const form = new PublishPropertyPage(page);
  await form.step(1).waitFor(UI_WAIT);
  await form.fillBasics({ title });
  await form.next.click();
  await form.fillDetails(VALID_DETAILS);
  await form.fillFacts({
    floor: '8',
    totalFloors: '18',
    orientation: '南北',
    decoration: '精装',
    yearBuilt: '2015',
    lift: '有电梯',
    usage: '住宅',
  });
  await saveScreenshot(page, 'listing-facts-publish-step2-mobile');
  await form.next.click();
  await form.fillPlace(VALID_PLACE);
  await form.next.click();
  await form.choosePhotos(['facts.jpg']);
  await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
  await form.submitButton.click();
  await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSuccess);

  await expect.poll(() => serverListing(title), SYNC_WAIT).toBeTruthy();
  const listing = (await serverListing(title))!;
  expect(listing.facts).toEqual({
    floor: 8,
    total_floors: 18,
    orientation: '南北',
    decoration: '精装',
    year_built: 2015,
    lift: true,
    usage: '住宅',
  });
  expect(listing.price_history?.map((p) => p.price)).toEqual([880_000]);
  await updateAccepted(world.url, world.accounts.admin, 'properties', listing.id, {
    audit_status: 'approved',
  });
  // A user favourites it at its first price.
  await insert(world.url, world.accounts.user, 'favorites', {
    id: favoriteId(world.accounts.user.userId, listing.id),
    user_id: world.accounts.user.userId,
    property_id: listing.id,
    created_at: new Date().toISOString(),
  } as never);

  // The list's filter finds it by its facts, and leaves it out for another decoration.
  await page.setViewportSize(VIEWPORTS.desktop);
  const list = new PropertyListPage(page);
  await list.goto(world.url);
  await list.openPanel();
  await list.choose('朝向', '南北');
  await list.choose('装修', '精装');
  await list.choose('电梯', '有电梯');
  await list.choose('用途', '住宅');
  const card = page.locator(`[data-testid="property-card"][data-property-id="${listing.id}"]`);
  await card.waitFor(SYNC_WAIT);
  expect(await card.getByTestId('property-card-facts').textContent()).toBe(
    '8/18层 · 南北 · 精装 · 2015年',
  );
  expect(new URL(page.url()).searchParams.get('decoration')).toBe('精装');
  await saveScreenshot(page, 'listing-facts-filter-desktop');
  await list.choose('装修', '毛坯');
  await card.waitFor({ state: 'detached', ...UI_WAIT });
  await list.choose('装修', '精装');
  await card.waitFor(UI_WAIT);
  await list.choose('朝向', '东');
  await card.waitFor({ state: 'detached', ...UI_WAIT });

  // The agent lowers the price twice (before the detail page counts its view: no write races).
  await updateAccepted(world.url, world.accounts.agent, 'properties', listing.id, {
    price: 850_000,
  });
  await updateAccepted(world.url, world.accounts.agent, 'properties', listing.id, {
    price: 820_000,
  });

  // The detail page's fact grid.
  const detail = new PropertyDetailPage(page);
  await detail.goto(world.url, listing.id);
  const facts = {
    floor: '8/18层',
    orientation: '南北',
    decoration: '精装',
    year_built: '2015年',
    lift: '有',
    usage: '住宅',
  };
  for (const [key, value] of Object.entries(facts)) {
    await expect.poll(() => detail.fact(key).textContent(), UI_WAIT).toBe(value);
  }
  // The three prices, newest first.
  await expect
    .poll(async () => (await detail.priceHistory()).map((row) => row.split(' ')[1]), SYNC_WAIT)
    .toEqual(['82.0万', '85.0万', '88.0万']);
  await page.getByTestId('price-history').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'listing-facts-detail-desktop');
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByTestId('price-history').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'listing-facts-detail-mobile');

  // The user who favourited it at 88万 sees it 6万 cheaper on /favorites.
  // On their own device: a browser profile of its own (one session a profile).
  const userDevice = await world.launch();
  const userPage = await world.signedIn(userDevice, 'user', {
    viewport: VIEWPORTS.mobile,
  });
  const favorites = new FavoritesPage(userPage);
  await favorites.goto(world.url);
  const favoriteCard = userPage.locator(
    `[data-testid="property-card"][data-property-id="${listing.id}"]`,
  );
  await expect
    .poll(() => favoriteCard.getByTestId('property-price-drop').textContent(), SYNC_WAIT)
    .toBe('降价6万');
  await saveScreenshot(userPage, 'listing-facts-favorites-drop-mobile');
  await userPage.setViewportSize(VIEWPORTS.desktop);
  await saveScreenshot(userPage, 'listing-facts-favorites-drop-desktop');
});
