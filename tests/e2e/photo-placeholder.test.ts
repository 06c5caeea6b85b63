/**
 * Offline, a listing photo the device never downloaded shows the designed placeholder, not the
 * browser's broken-image icon, on the list's card and on the listing's page, and back online the
 * photo loads in its place; one it was shown online (at its screen's width, the gateway's sized
 * WebP copy) shows from the device's cache. Real Chromium against the real gateway (embedded store,
 * demo data). Run `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@couchdb/model/common-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS, type Viewport } from '../helpers/browser';
import { updateAccepted } from '../helpers/sync-api';
import { lakePhoto, publishApproved, uploadMedia } from './pages/browse-fixtures';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const TITLE = '离线测试 从未下载过照片的房源';

const world = useWorld({ accounts: ['agent', 'admin'] });

let listingId: string;
let photoUrls: string[];

beforeAll(async () => {
  const { agent, admin } = world.accounts;
  const files = [
    await uploadMedia(world.url, agent, await lakePhoto(), 'a.jpg', 'image/jpeg'),
    await uploadMedia(world.url, agent, await lakePhoto(), 'b.jpg', 'image/jpeg'),
  ];
  photoUrls = files.flatMap((f) => [f.url, f.thumbnail_url]);
  listingId = await publishApproved(world.url, agent, admin, {
    title: TITLE,
    images: files.map((f, i) => ({ id: newId(), ...f, is_cover: i === 0, sort_order: i })),
  });
  // First on the list: a priority listing, the newest.
  await updateAccepted(world.url, admin, 'properties', listingId, { is_priority: true });
});

/** The page's photos that the browser shows as broken: loaded, without a picture, visible. */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getClientRects().length > 0)
      .map((img) => img.currentSrc || img.src),
  );
}

describe.each([
  ['a phone', VIEWPORTS.mobile],
  ['a laptop', VIEWPORTS.desktop],
] as [string, Viewport][])('on %s, offline', (_name, viewport) => {
  it('a listing whose photos were never downloaded shows the placeholder, not a broken image', async () => {
    const browser = await world.launch();
    const requested: string[] = [];
    browser.context.on('request', (req) => requested.push(new URL(req.url()).pathname));
    // One visit online on a page without listing photos: the app, its service worker and the
    // listings are on the device, the photos not.
    const page = await browser.openPage(`${world.url}/help`, viewport);
    await new PwaChrome(page).waitForServiceWorker();
    await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);

    // The photos were never on the device: the browser has not asked for them.
    expect(requested.filter((path) => photoUrls.includes(path))).toEqual([]);
    await browser.context.setOffline(true);
    try {
      // The listing's page: the photo's stage and its thumbnails show the placeholder.
      await page.goto(`${world.url}/properties/${listingId}`);
      const detail = new PropertyDetailPage(page);
      await detail.title.waitFor();
      expect(await detail.title.textContent()).toBe(TITLE);
      await page.getByRole('img', { name: `${TITLE} 图片 1` }).waitFor();
      await expect
        .poll(() => page.getByTestId('photo-placeholder').count(), UI_WAIT)
        .toBeGreaterThanOrEqual(3);
      // Each photo that fails turns into the placeholder as its error arrives: none stays broken.
      await expect.poll(() => brokenImages(page), UI_WAIT).toEqual([]);
      await saveScreenshot(page, `photo-placeholder-detail-${viewport.width}`);

      // The list: the listing's card (first, a priority listing) shows the placeholder too.
      await page.locator('a[href="/properties"]:visible').first().click();
      const card = page.locator(`[data-testid="property-card"][data-property-id="${listingId}"]`);
      await card.getByTestId('photo-placeholder').waitFor();
      await expect.poll(() => brokenImages(page), UI_WAIT).toEqual([]);
      await saveScreenshot(page, `photo-placeholder-list-${viewport.width}`);

      // Back online, the card's photo loads where its placeholder was, without a reload.
      await browser.context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(
          () =>
            card
              .locator('img')
              .evaluateAll((imgs) =>
                imgs.some(
                  (i) =>
                    (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
                ),
              ),
          UI_WAIT,
        )
        .toBe(true);
      expect(await card.getByTestId('photo-placeholder').count()).toBe(0);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});

describe('on a phone, a photo shown online at its screen’s width', () => {
  it('comes as the gateway’s sized WebP copy and shows offline from the device’s cache', async () => {
    const browser = await world.launch();
    const page = await browser.openPage(`${world.url}/help`, VIEWPORTS.mobile);
    await new PwaChrome(page).waitForServiceWorker();
    // The list with the service worker in control: the card's photo goes through its cache.
    await page.goto(`${world.url}/properties`);
    const cover = page
      .locator(`[data-testid="property-card"][data-property-id="${listingId}"]`)
      .locator('img')
      .first();
    await cover.waitFor();
    const shown = () =>
      cover.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? img.currentSrc : null,
      );
    await expect.poll(shown, UI_WAIT).toMatch(/\/media\/w(480|960)\/[0-9a-f]{64}\.jpg$/);
    const sized = (await shown())!;
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), sized), UI_WAIT)
      .toBe(true);

    await browser.context.setOffline(true);
    try {
      await page.reload();
      await cover.waitFor();
      await expect.poll(shown, UI_WAIT).toBe(sized);
      await expect.poll(() => brokenImages(page), UI_WAIT).toEqual([]);
    } finally {
      await browser.context.setOffline(false);
    }
  });
});
