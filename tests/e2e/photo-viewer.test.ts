/**
 * A listing's photos on a touch phone: a swipe on the carousel moves to the next photo, a tap opens
 * it full screen (房源大图) at that photo, where a swipe moves on and 放大 zooms; the phone's back
 * button closes the viewer without leaving the listing or moving the page, and the carousel shows
 * the photo last viewed; 关闭 closes it too, leaving no entry behind in the history. Offline, the
 * photo the carousel showed comes from the device and one never downloaded shows the designed
 * placeholder. Real Chromium (touch events through the DevTools protocol) against the real world.gateway.
 * Run `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@couchdb/model/common-facts';
import {
  saveScreenshot,
  SYNC_WAIT,
  UI_WAIT,
  VIEWPORTS,
  type TestBrowser,
} from '../helpers/browser';
import { lakePhoto, publishApproved, uploadMedia } from './pages/browse-fixtures';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const TITLE = '测试 大图浏览 三张照片的房源';
/** Three photos' skies: told apart by their colour. */
const COLOURS = ['#d9534f', '#2d6cb5', '#3c9d5d'];

const world = useWorld({
  devices: { phone: { touch: true } },
  accounts: ['agent', 'admin'],
});

let listingId: string;

beforeAll(async () => {
  const { agent, admin } = world.accounts;
  const files = [];
  for (const [i, colour] of COLOURS.entries()) {
    files.push(
      await uploadMedia(world.url, agent, await lakePhoto(colour), `${i}.jpg`, 'image/jpeg'),
    );
  }
  listingId = await publishApproved(world.url, agent, admin, {
    title: TITLE,
    images: files.map((f, i) => ({ id: newId(), ...f, is_cover: i === 0, sort_order: i })),
  });
});

/**
 * A finger's swipe from `from` to `to` (CSS px in the viewport), as real touch events: 8 moves
 * 16 ms apart, then held still for a moment before the finger lifts. (Lifted while moving, it
 * would fling, and Chromium takes the next tap as the one that stops the fling, as a phone does.)
 */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const t0 = Date.now() / 1000;
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      touchPoints: { x: number; y: number }[],
      at: number,
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints, timestamp: t0 + at });
    await touch('touchStart', [from], 0);
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      const point = {
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      };
      await touch('touchMove', [point], i * 0.016);
    }
    await touch('touchMove', [to], 0.3);
    await touch('touchEnd', [], 0.31);
  } finally {
    await cdp.detach();
  }
}

/** A leftward swipe across the middle of `box` (to the next photo). */
function swipeLeft(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const y = box.y + box.height / 2;
  return swipe(page, { x: box.x + box.width * 0.8, y }, { x: box.x + box.width * 0.2, y });
}

function viewerOf(page: Page) {
  const dialog = page.getByRole('dialog', { name: '房源大图' });
  return {
    dialog,
    counter: dialog.locator('.yarl__counter'),
    /** The photo shown (the current slide's). */
    photo: dialog.locator('.yarl__slide_current img'),
    placeholder: dialog.locator('.yarl__slide_current [data-testid="photo-placeholder"]'),
  };
}

async function openListing(page: Page): Promise<PropertyDetailPage> {
  await page.goto(`${world.url}/properties/${listingId}`);
  const detail = new PropertyDetailPage(page);
  await detail.title.waitFor(UI_WAIT);
  // The gateway rendered the page: a touch before React owns the stage would be lost.
  await page.waitForFunction(
    () => {
      const stage = document.querySelector('[data-testid="open-photo-viewer"]');
      return stage !== null && Object.keys(stage).some((key) => key.startsWith('__reactProps'));
    },
    undefined,
    UI_WAIT,
  );
  return detail;
}

/** The carousel's photo has loaded (its picture, not a placeholder). */
async function stagePhotoLoaded(page: Page, n: number): Promise<boolean> {
  return page
    .getByRole('img', { name: `${TITLE} 图片 ${n}` })
    .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
}

describe('a listing’s photos on a touch phone', () => {
  it('swipe to the next, tap for full screen, swipe and zoom there; the back button closes it in place', async () => {
    const page = await world.devices.phone.openPage(`${world.url}/properties`, VIEWPORTS.mobile);
    await openListing(page);
    const counter = page.getByTestId('media-counter');
    await expect.poll(() => counter.textContent(), UI_WAIT).toBe('1 / 3');

    // A swipe on the carousel: the next photo.
    const stage = (await page.getByTestId('open-photo-viewer').boundingBox())!;
    await swipeLeft(page, stage);
    await expect.poll(() => counter.textContent(), UI_WAIT).toBe('2 / 3');
    // A vertical move scrolls the page instead (the stage lets it).
    await page.evaluate(() => window.scrollTo({ top: 120, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY), UI_WAIT).toBe(120);
    const listingUrl = page.url();

    // A tap on the photo's part still on the screen (a locator's tap would scroll it into view
    // first): full screen, at the photo the carousel showed.
    const shown = (await page.getByTestId('open-photo-viewer').boundingBox())!;
    expect(shown.y).toBeLessThan(0);
    await page.touchscreen.tap(shown.x + shown.width / 2, shown.y + shown.height * 0.8);
    const viewer = viewerOf(page);
    await viewer.dialog.waitFor(UI_WAIT);
    await expect.poll(() => viewer.counter.textContent(), UI_WAIT).toBe('2 / 3');
    await expect.poll(() => viewer.photo.getAttribute('alt'), UI_WAIT).toBe(`${TITLE} 图片 2`);
    await expect
      .poll(() => viewer.photo.evaluate((img: HTMLImageElement) => img.naturalWidth), UI_WAIT)
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'photo-viewer-390');

    // A swipe there: the next photo.
    await swipeLeft(page, (await viewer.dialog.boundingBox())!);
    await expect.poll(() => viewer.counter.textContent(), UI_WAIT).toBe('3 / 3');

    // 放大 zooms the photo (up to 4×); 缩小 brings it back.
    const zoomIn = viewer.dialog.getByRole('button', { name: '放大' });
    await zoomIn.click();
    const scale = () =>
      viewer.photo.evaluate((img) => {
        const wrapper = img.closest('.yarl__slide_wrapper');
        const match = /scale\(([\d.]+)\)/.exec(
          wrapper instanceof HTMLElement ? wrapper.style.transform : '',
        );
        return match ? Number(match[1]) : 1;
      });
    await expect.poll(scale, UI_WAIT).toBeGreaterThan(1);
    await viewer.dialog.getByRole('button', { name: '缩小' }).click();
    await expect.poll(scale, UI_WAIT).toBe(1);

    // The phone's back button closes the viewer: the listing stays, scrolled where it was, its
    // carousel at the photo last viewed.
    await page.goBack();
    await viewer.dialog.waitFor({ state: 'detached', ...UI_WAIT });
    expect(page.url()).toBe(listingUrl);
    await expect.poll(() => counter.textContent(), UI_WAIT).toBe('3 / 3');
    expect(await page.evaluate(() => window.scrollY)).toBe(120);
  });

  it('关闭 closes it and leaves no entry behind: back then leaves the listing', async () => {
    const page = await world.devices.phone.openPage(`${world.url}/properties`, VIEWPORTS.mobile);
    const listUrl = page.url();
    await openListing(page);
    await page.getByTestId('open-photo-viewer').tap();
    const viewer = viewerOf(page);
    await viewer.dialog.waitFor(UI_WAIT);
    await viewer.dialog.getByRole('button', { name: '关闭' }).tap();
    await viewer.dialog.waitFor({ state: 'detached', ...UI_WAIT });
    expect(page.url()).toContain(`/properties/${listingId}`);
    await page.goBack();
    await expect.poll(() => page.url(), UI_WAIT).toBe(listUrl);
  });

  it('offline: the photo the carousel showed comes from the device, one never downloaded is the placeholder', async () => {
    // A device that has shown none of the listing's photos yet.
    const fresh = await world.launch({ touch: true });
    await offlineViewer(fresh);
  });
});

async function offlineViewer(device: TestBrowser): Promise<void> {
  const page = await device.openPage(`${world.url}/help`, VIEWPORTS.mobile);
  await new PwaChrome(page).waitForServiceWorker();
  await openListing(page);
  // Online, the carousel's first photo is shown (so kept on the device); the others never were.
  await expect.poll(() => stagePhotoLoaded(page, 1), SYNC_WAIT).toBe(true);
  await device.context.setOffline(true);
  try {
    await page.getByTestId('open-photo-viewer').tap();
    const viewer = viewerOf(page);
    await viewer.dialog.waitFor(UI_WAIT);
    await expect
      .poll(() => viewer.photo.evaluate((img: HTMLImageElement) => img.naturalWidth), UI_WAIT)
      .toBeGreaterThan(0);
    await swipeLeft(page, (await viewer.dialog.boundingBox())!);
    await expect.poll(() => viewer.counter.textContent(), UI_WAIT).toBe('2 / 3');
    await viewer.placeholder.waitFor(UI_WAIT);
    // No broken-image icon anywhere in the viewer.
    await expect
      .poll(
        () =>
          viewer.dialog.evaluate(
            (root) =>
              [...root.querySelectorAll('img')].filter(
                (img) => img.complete && img.naturalWidth === 0 && img.getClientRects().length > 0,
              ).length,
          ),
        UI_WAIT,
      )
      .toBe(0);
    await saveScreenshot(page, 'photo-viewer-offline-390');
  } finally {
    await device.context.setOffline(false);
  }
}
