/**
 * The phone detail page (issue 18) in real Chromium at 390 px against the real gateway (embedded
 * store, demo accounts): the contact bar stays at the bottom of the viewport, its 电话咨询 calls
 * or opens the dialog as the contact rules say, 收藏 reaches the server, 分享 copies the link or
 * hands it to the share sheet; the loan estimate's 月供 is the rule's for the listing's price and
 * the admin's rates; the video slide shows the cover photo and downloads nothing before play. And
 * a listing's price history, changed twice by its owner, shows with the device offline.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_MESSAGES, favoriteId } from '@couchdb/model/favorite-facts';
import type { Favorite } from '@couchdb/model/favorite';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { DEFAULT_LOAN_RATES, type LoanRates } from '@couchdb/model/setting-facts';
import { PLATFORM_LINE_WARNING } from '@couchdb/rules/contact';
import { formatMoney } from '@couchdb/rules/format';
import { listingLoanEstimate } from '@couchdb/rules/mortgage';
import { saveScreenshot, SCREENSHOT_DIR, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs, updateAccepted } from '../helpers/sync-api';
import { publishApproved, recordWebm, uploadMedia } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const LISTING_PHONE = '13900001818';
/** The admin's rates for this run: not the defaults, so the estimate must have read them. */
const RATES: LoanRates = { ...DEFAULT_LOAN_RATES, lprPercent: 3.1, basisPoints: -20 };

const world = useWorld({
  devices: ['visitor', 'phone'],
  accounts: ['admin', 'agent', 'user'],
});

const ids = { media: '', platformLine: '', history: '', manyPhotos: '' };
let coverUrl = '';

beforeAll(async () => {
  await updateAccepted(world.url, world.accounts.admin, 'settings', 'loan_rates', {
    setting_value: { ...RATES },
  } as never);

  const page = await world.devices.visitor.openPage(`${world.url}/`);
  const video = await uploadMedia(
    world.url,
    world.accounts.agent,
    await recordWebm(page),
    'tour.webm',
    'video/webm',
  );
  await page.close();
  const listings = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
  const photo = listings.find((p) => p.images.length > 0)!.images[0]!;
  coverUrl = photo.url;
  // The public demo listing with the most photos (a dozen): its thumbnails are wider than a phone.
  ids.manyPhotos = listings
    .filter((p) => p.audit_status === 'approved' && p.status === 'active')
    .sort((a, b) => b.images.length - a.images.length)[0]!.id;
  const now = new Date().toISOString();
  ids.media = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title: '测试 手机详情 湖景三居',
    type: 'sale',
    price: 1_280_000,
    area: 112,
    contact_phone: LISTING_PHONE,
    contact: { name: '李经理', phone: LISTING_PHONE },
    images: [{ ...photo, id: 'phone-img-1', is_cover: true, sort_order: 0 }],
    // A video without a picture of its own: its slide shows the cover photo.
    media_items: [
      {
        id: 'phone-video-1',
        type: 'video',
        url: video.url,
        thumbnail_url: '',
        title: '',
        description: '',
        sort_order: 0,
        created_at: now,
        updated_at: now,
      },
    ],
  });
  // No phone of its own: the platform line, which the dialog shows with its warning.
  ids.platformLine = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title: '测试 手机详情 只有平台电话',
  });
  ids.history = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title: '测试 手机详情 两次调价',
    price: 900_000,
  });
});

/** What the phone's screen shows (a full-page shot would draw the fixed bar at the page's end). */
async function screenShot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The bar's box and the viewport's height. */
async function barBox(detail: PropertyDetailPage) {
  const box = (await detail.contactBar.boundingBox())!;
  const height = detail.page.viewportSize()!.height;
  return { top: box.y, bottom: box.y + box.height, height };
}

describe('a phone’s listing page', () => {
  it('a visitor’s 电话咨询 leads to login, and the tab bar steps aside for the contact bar', async () => {
    const page = await world.devices.visitor.openPage(
      `${world.url}/properties/${ids.media}`,
      VIEWPORTS.mobile,
    );
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    await detail.contactBar.waitFor(UI_WAIT);
    expect(await new Layout(page).bottomTabBar.count()).toBe(0);
    // A visitor is not given the number: the bar's call is a link to the login, with the way back.
    expect(await detail.barCall.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/properties/${ids.media}`)}`,
    );
    await detail.barCall.click();
    await new Layout(page).waitForToast(PROPERTY_MESSAGES.loginRequired);
    await new LoginPage(page).waitUntilShown();
  });

  it('fits the phone’s width with a dozen photos: the thumbnails scroll, not the page', async () => {
    const page = await world.devices.visitor.openPage(
      `${world.url}/properties/${ids.manyPhotos}`,
      VIEWPORTS.mobile,
    );
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    const thumbnails = page.getByRole('tablist', { name: '选择图片或视频' });
    await thumbnails.waitFor(UI_WAIT);
    expect(
      await thumbnails.evaluate((el) => el.scrollWidth > el.clientWidth),
      'more thumbnails than the screen holds',
    ).toBe(true);
    const widths = () =>
      page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
    const { page: pageWidth, screen } = await widths();
    expect(pageWidth).toBe(screen);
    // The contact and 360° buttons and the photo counter are on the screen.
    for (const box of [
      await detail.contactBar.boundingBox(),
      await page.getByTestId('media-counter').boundingBox(),
    ]) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(screen);
    }
  });

  it('keeps the bar at the bottom; calls, favourites, shares; estimates the loan; shows the video’s poster', async () => {
    await world.devices.phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: world.url,
    });
    const page = await world.signedIn(world.devices.phone, 'user', {
      viewport: VIEWPORTS.mobile,
      path: `/properties/${ids.media}`,
    });
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    await detail.contactBar.waitFor(UI_WAIT);
    await screenShot(page, 'detail-phone-top-390');
    await saveScreenshot(page, 'detail-phone-page-390');

    // Fixed at the viewport's bottom, before and after scrolling; the page's end is not under it.
    expect(await barBox(detail)).toMatchObject({ bottom: VIEWPORTS.mobile.height });
    // Scrolled to the end again on each look: sections that arrive with the device's listings
    // (相似房源) may still lengthen the page after a first scroll.
    const backLink = page.getByRole('link', { name: '返回房源列表' }).last();
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const scrolled = await page.evaluate(() => window.scrollY);
        const bar = await barBox(detail);
        const back = (await backLink.boundingBox())!;
        return {
          scrolledPastTheFirstScreen: scrolled > VIEWPORTS.mobile.height,
          barAtTheBottom: bar.bottom === VIEWPORTS.mobile.height,
          endAboveTheBar: back.y + back.height <= bar.top,
        };
      }, UI_WAIT)
      .toEqual({ scrolledPastTheFirstScreen: true, barAtTheBottom: true, endAboveTheBar: true });
    await screenShot(page, 'detail-phone-bottom-390');

    // 电话咨询 calls the listing's own number at once.
    expect(await detail.barCall.getAttribute('href')).toBe(`tel:${LISTING_PHONE}`);

    // 收藏 is the user's favourite on the server.
    expect(await detail.barFavorite.getAttribute('aria-pressed')).toBe('false');
    await detail.barFavorite.click();
    await new Layout(page).waitForToast(FAVORITE_MESSAGES.added);
    await expect.poll(() => detail.barFavorite.getAttribute('aria-pressed'), UI_WAIT).toBe('true');
    await expect
      .poll(
        async () =>
          (await serverDocs<Favorite>(world.url, world.accounts.user, 'favorites')).has(
            favoriteId(world.accounts.user.userId, ids.media),
          ),
        SYNC_WAIT,
      )
      .toBe(true);

    // 分享 without a share sheet copies the link; with one, hands it the listing.
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
    );
    await detail.barShare.click();
    await new Layout(page).waitForToast(PROPERTY_MESSAGES.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.evaluate(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await detail.barShare.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        {
          title: '测试 手机详情 湖景三居',
          text: '测试 手机详情 湖景三居 128.0万',
          url: page.url(),
        },
      ]);

    // The estimate: 3成 down, 30 years at the admin's commercial rate (3.1% − 20 基点).
    const estimate = listingLoanEstimate(1_280_000, RATES);
    expect(estimate.ratePercent).toBe(2.9);
    await expect
      .poll(() => detail.loanMonthly.textContent(), SYNC_WAIT)
      .toBe(formatMoney(estimate.monthlyPayment));
    expect(await detail.loanDownPayment.textContent()).toBe('38.4万');
    await detail.loanMonthly.scrollIntoViewIfNeeded();
    await screenShot(page, 'detail-phone-loan-390');

    // The video slide: the cover photo, loaded, over a video that has fetched nothing.
    await page.evaluate(() => window.scrollTo(0, 0));
    await detail.showVideo();
    const poster = detail.videoPoster.locator('img');
    await poster.waitFor(UI_WAIT);
    expect(await poster.getAttribute('src')).toBe(coverUrl);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const video = detail.video.locator('video');
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBe(0);
    await screenShot(page, 'detail-phone-video-390');
    await detail.video.getByRole('button', { name: '播放视频' }).click();
    await detail.videoPoster.waitFor({ state: 'detached', ...UI_WAIT });
    await expect.poll(() => detail.video.getAttribute('data-playing'), UI_WAIT).toBe('true');

    // A laptop keeps its side panel: no bar.
    await page.setViewportSize(VIEWPORTS.desktop);
    await detail.contactBar.waitFor({ state: 'hidden', ...UI_WAIT });
    await detail.phoneButton.waitFor(UI_WAIT);
    await saveScreenshot(page, 'detail-phone-laptop-1366');
  });

  it('opens the dialog with its warning when the number is the platform line', async () => {
    const page = await world.signedIn(world.devices.phone, 'user', {
      viewport: VIEWPORTS.mobile,
      path: `/properties/${ids.platformLine}`,
    });
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    expect(await detail.barCall.evaluate((el) => el.tagName)).toBe('BUTTON');
    await detail.barCall.click();
    await detail.contactDialog.waitFor(UI_WAIT);
    expect(await detail.contactDialog.getByTestId('contact-warning').textContent()).toBe(
      PLATFORM_LINE_WARNING,
    );
    expect(
      await detail.contactDialog.getByRole('link', { name: '拨打电话' }).getAttribute('href'),
    ).toMatch(/^tel:\d{11}$/);
    await screenShot(page, 'detail-phone-platform-dialog-390');
  });

  it('shows a price history changed twice by its owner with the device offline', async () => {
    await updateAccepted(world.url, world.accounts.agent, 'properties', ids.history, {
      price: 860_000,
    });
    await updateAccepted(world.url, world.accounts.agent, 'properties', ids.history, {
      price: 830_000,
    });
    const page = await world.signedIn(world.devices.phone, 'user', {
      viewport: VIEWPORTS.mobile,
      path: `/properties/${ids.history}`,
    });
    const detail = new PropertyDetailPage(page);
    const prices = async () => (await detail.priceHistory()).map((row) => row.split(' ')[1]);
    await expect.poll(prices, SYNC_WAIT).toEqual(['83.0万', '86.0万', '90.0万']);
    const chrome = new PwaChrome(page);
    await chrome.waitForServiceWorker();

    await world.devices.phone.context.setOffline(true);
    try {
      await chrome.offlineBanner.waitFor(UI_WAIT);
      await page.reload();
      await detail.title.waitFor(UI_WAIT);
      await chrome.offlineBanner.waitFor(UI_WAIT);
      await expect.poll(prices, UI_WAIT).toEqual(['83.0万', '86.0万', '90.0万']);
      await page.getByTestId('price-history').scrollIntoViewIfNeeded();
      await screenShot(page, 'detail-phone-history-offline-390');
    } finally {
      await world.devices.phone.context.setOffline(false);
    }
  });
});
