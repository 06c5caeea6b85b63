/**
 * 区域找房, 小区 pages and similar listings (issue 18) in real Chromium against the real gateway
 * (embedded store with the demo data): the agent publishes three sale listings and a rental in a
 * new 小区 through the sync API and the admin approves them; a visitor's device syncs once online,
 * then, offline, shows the townships with their counts and average 单价, the 小区's page with the
 * average 单价 of those listings, and a listing's similar listings (its 小区 first). 地图找房 with no
 * base map configured names the townships instead, and counts the new 小区's unlocated listings.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { beforeAll, expect, it } from 'vitest';
import { TOWNSHIPS, type Township } from '@couchdb/model/constants';
import { MAP_SCREEN_MESSAGES } from '@couchdb/model/map-view-facts';
import type { Property } from '@couchdb/model/property';
import { placeOnMap } from '@couchdb/rules/map-placement';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { publishApproved } from './pages/browse-fixtures';
import { AreasPage, CommunityPage } from './pages/areas-page';
import { MapPage } from './pages/map-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const TOWNSHIP: Township = '九村镇';
const COMMUNITY = `区域测试苑${Date.now() % 100000}`;
/** A demo 小区 with several listings and photos. */
const DEMO_COMMUNITY = '海口新村';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin'] });

const ids = { a: '', b: '', c: '', rent: '' };

const place = (community: string) => ({
  province: '云南省',
  city: '澄江市',
  district: TOWNSHIP,
  community,
  address: '九村大街8号',
});

beforeAll(async () => {
  const { agent, admin } = world.accounts;
  // 单价 9,000, 11,000 and 13,000 元/㎡: the 小区's average is 11,000 元/㎡.
  ids.a = await publishApproved(world.url, agent, admin, {
    title: '区域测试 三居 九千单价',
    price: 900_000,
    area: 100,
    address: place(COMMUNITY),
  });
  ids.b = await publishApproved(world.url, agent, admin, {
    title: '区域测试 三居 一万一单价',
    price: 1_100_000,
    area: 100,
    address: place(COMMUNITY),
  });
  // Typed with spaces: still the same 小区.
  ids.c = await publishApproved(world.url, agent, admin, {
    title: '区域测试 小两居 一万三单价',
    price: 650_000,
    area: 50,
    address: place(` ${COMMUNITY} `),
  });
  ids.rent = await publishApproved(world.url, agent, admin, {
    title: '区域测试 整租两居',
    type: 'rent',
    price: 1_800,
    area: 80,
    address: place(COMMUNITY),
  });
});

/** The public listings as the gateway serves them to a visitor. */
async function publicListings(): Promise<Property[]> {
  const all = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
  return all.filter((p) => p.status === 'active' && p.audit_status === 'approved');
}

/** The township's public sale listings as the store holds them: their number and mean 单价. */
async function townshipSaleFigures(township: string): Promise<{ count: number; average: string }> {
  const sales = (await publicListings()).filter(
    (p) => p.type === 'sale' && p.address.district === township,
  );
  const unit = sales.filter((p) => p.area > 0).map((p) => p.price / p.area);
  const mean = Math.round(unit.reduce((s, v) => s + v, 0) / unit.length);
  return { count: sales.length, average: `${mean.toLocaleString('zh-CN')}元/㎡` };
}

it('shows the townships, a 小区 page and similar listings offline after one online visit', async () => {
  const expected = await townshipSaleFigures(TOWNSHIP);
  expect(expected.count).toBeGreaterThanOrEqual(3);

  const page = await world.browser.openPage(`${world.url}/areas`, VIEWPORTS.mobile);
  const areas = new AreasPage(page);
  const community = new CommunityPage(page);
  const detail = new PropertyDetailPage(page);
  const list = new PropertyListPage(page);
  try {
    // Online once: the device pulls the listings and the service worker stores the app.
    await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);
    // 区域找房 is reachable from the home page and the list.
    await page.goto(`${world.url}/`);
    await page.getByRole('link', { name: '区域找房' }).click();
    await areas.townshipRows.first().waitFor();
    await list.goto(world.url);
    await saveScreenshot(page, 'areas-list-entry-mobile');
    await page.getByRole('link', { name: '区域找房' }).click();
    await areas.townshipRows.first().waitFor();
    await new PwaChrome(page).waitForServiceWorker();
    await community.goto(world.url, COMMUNITY);
    await expect.poll(() => community.saleCards.count(), SYNC_WAIT).toBe(3);
    // The demo 小区's photos once online, so the service worker keeps them for offline.
    await community.goto(world.url, DEMO_COMMUNITY);
    await community.photos.first().locator('img').waitFor();

    await world.browser.context.setOffline(true);
    try {
      await page.goto(`${world.url}/areas`);
      await areas.townshipRows.first().waitFor();
      expect(await areas.townshipRows.count()).toBe(6);
      await expect.poll(() => areas.figures(areas.township(TOWNSHIP)), UI_WAIT).toEqual(expected);
      await saveScreenshot(page, 'areas-townships-mobile');

      // Rentals: the rent figures.
      await areas.showType('出租');
      await expect
        .poll(async () => (await areas.figures(areas.township(TOWNSHIP))).average, UI_WAIT)
        .toMatch(/^\d+元\/月$/);

      // The township's 小区, the new one with its rental, then its sale figures.
      await areas.township(TOWNSHIP).getByRole('link').first().click();
      await areas.community(COMMUNITY).waitFor();
      expect(await areas.figures(areas.community(COMMUNITY))).toEqual({
        count: 1,
        average: '1800元/月',
      });
      await areas.showType('出售');
      await expect
        .poll(() => areas.figures(areas.community(COMMUNITY)), UI_WAIT)
        .toEqual({ count: 3, average: '11,000元/㎡' });
      await saveScreenshot(page, 'areas-communities-mobile');

      // The row leads to the list filtered by the 小区.
      await areas.community(COMMUNITY).getByRole('link').first().click();
      await list.waitForResults();
      expect(await list.count()).toBe(3);
      expect(
        new Set(
          await list.cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-property-id'))),
        ),
      ).toEqual(new Set([ids.a, ids.b, ids.c]));
      await page.goBack();

      // The 小区's page: average 单价, counts, trend and its listings.
      await areas.community(COMMUNITY).getByRole('link', { name: '小区详情' }).click();
      await community.unitPrice.waitFor();
      expect(await community.heading.textContent()).toBe(COMMUNITY);
      expect(await community.unitPrice.textContent()).toBe('11,000元/㎡');
      expect(await community.saleCount.textContent()).toBe('3套');
      expect(await community.rentCount.textContent()).toBe('1套');
      expect(await community.trendMonths.count()).toBe(1);
      expect(await community.trendMonths.first().textContent()).toContain('11,000元/㎡');
      expect(await community.rentCards.count()).toBe(1);
      await saveScreenshot(page, 'areas-community-mobile');

      // A listing's similar listings: its 小区 first, the closest in price and area first.
      await community.saleCards.filter({ hasText: '九千单价' }).click();
      await detail.title.waitFor();
      // Below the fold, the section renders as the reader scrolls near it.
      await detail.scrollToSimilar(UI_WAIT.timeout);
      // The cards come a few a task; the list says it is busy until the last is there.
      const similar = page
        .locator('[data-testid="similar-listings"][aria-busy="false"]')
        .getByTestId('property-card');
      await similar.first().waitFor();
      const similarIds = await similar.evaluateAll((els) =>
        els.map((e) => e.getAttribute('data-property-id')),
      );
      expect(similarIds.slice(0, 2)).toEqual([ids.b, ids.c]);
      expect(similarIds).not.toContain(ids.a);
      expect(similarIds).not.toContain(ids.rent);
      // Its 小区 links to the 小区's page.
      await page.getByTestId('community-link').click();
      await community.unitPrice.waitFor();
      expect(await community.unitPrice.textContent()).toBe('11,000元/㎡');

      // A demo 小区 with photos, and an unknown one.
      await community.goto(world.url, DEMO_COMMUNITY);
      await community.unitPrice.waitFor();
      expect(await community.photos.count()).toBeGreaterThan(0);
      await saveScreenshot(page, 'areas-demo-community-mobile');
      await community.goto(world.url, '没有这个小区');
      await page.getByText('暂无该小区的房源信息').waitFor();

      await page.setViewportSize(VIEWPORTS.desktop);
      await areas.goto(world.url);
      await expect.poll(() => areas.figures(areas.township(TOWNSHIP)), UI_WAIT).toEqual(expected);
      await saveScreenshot(page, 'areas-townships-desktop');
      await community.goto(world.url, COMMUNITY);
      await community.unitPrice.waitFor();
      await saveScreenshot(page, 'areas-community-desktop');
      await community.goto(world.url, DEMO_COMMUNITY);
      await community.unitPrice.waitFor();
      await saveScreenshot(page, 'areas-demo-community-desktop');
      await detail.goto(world.url, ids.a);
      await detail.scrollToSimilar(UI_WAIT.timeout);
      await page.getByTestId('similar-listings').waitFor();
      await saveScreenshot(page, 'areas-similar-desktop');
    } finally {
      await world.browser.context.setOffline(false);
    }
  } finally {
    await page.close();
  }
});

it('地图找房 without a base map names the townships, and tells an admin how to add one', async () => {
  const visitor = await world.browser.openPage(`${world.url}/map`, VIEWPORTS.mobile);
  const map = new MapPage(visitor);
  await map.waitForMap();
  // The six townships' names over a plain background, the visitor's line, and no tiles.
  await expect.poll(() => map.townships.count(), UI_WAIT).toBe(TOWNSHIPS.length);
  expect(await map.townships.allTextContents()).toEqual(expect.arrayContaining([...TOWNSHIPS]));
  expect(await visitor.getByTestId('map-no-base').textContent()).toBe(
    MAP_SCREEN_MESSAGES.noBaseMap,
  );
  expect(await map.tiles.count()).toBe(0);
  // The listings of this file's new 小区 have no location and no 小区 place: counted, not drawn.
  const { unplaced } = placeOnMap(await publicListings());
  expect(unplaced.map((p) => p.id)).toEqual(expect.arrayContaining(Object.values(ids)));
  await expect
    .poll(() => map.unplaced.textContent(), UI_WAIT)
    .toBe(MAP_SCREEN_MESSAGES.unplaced(unplaced.length));
  await saveScreenshot(visitor, 'map-no-base-mobile', { fullPage: false });

  const admin = await world.signedIn(world.browser, 'admin', {
    viewport: VIEWPORTS.desktop,
    path: '/map',
  });
  const adminMap = new MapPage(admin);
  await adminMap.waitForMap();
  expect(await admin.getByTestId('map-no-base').textContent()).toBe(
    MAP_SCREEN_MESSAGES.noBaseMapAdmin,
  );
  await saveScreenshot(admin, 'map-no-base-desktop', { fullPage: false });
});
