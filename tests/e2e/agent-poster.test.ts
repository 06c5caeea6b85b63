/**
 * 房源海报 (issue 15 item 3) in real Chromium against the real gateway: the demo agent makes a
 * listing's poster from 我的房源 online, then offline from the detail page (the cover from the
 * service worker's media cache); the saved PNG holds a QR code of that listing's promotion link
 * (ref=poster). A listing whose photo was never downloaded gets the designed cover and still
 * decodes. A user who is not an agent has no poster button. Run `npm run build` first.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POSTER_MESSAGES } from '@couchdb/model/poster-facts';
import { PROMOTION_PARAMS } from '@couchdb/model/promotion-link-facts';
import { POSTER_HEIGHT, POSTER_WIDTH } from '@couchdb/rules/poster';
import { SCREENSHOT_DIR, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { demoAccount, publishApproved, publishPending, uploadMedia } from './pages/browse-fixtures';
import { cacheHolds, deviceHolds, PosterDialog, readPoster } from './pages/poster-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 180_000 });

const world = useWorld({ devices: ['agent'], accounts: ['admin', 'agent'] });

const ids = { photo: '', neverSeen: '', pending: '' };
let photo: { url: string; thumbnail_url: string };

/** A listing photo made here: a blue lake sky over a row of buildings (no image files in the repo). */
function lakePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4a8fe6"/><stop offset="1" stop-color="#a9cdf5"/></linearGradient></defs>
    <rect width="1200" height="720" fill="url(#sky)"/>
    <rect y="720" width="1200" height="180" fill="#2d6cb5"/>
    <rect x="80" y="380" width="160" height="340" fill="#f1ede4"/>
    <rect x="260" y="300" width="190" height="420" fill="#e6dfd0"/>
    <rect x="470" y="430" width="200" height="290" fill="#f4f1ea"/>
    <circle cx="1020" cy="160" r="70" fill="#fff6d5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A screenshot of what the viewport shows (a dialog over a long page), beside the others. */
async function viewportShot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const promotionLinkOf = (text: string | null) => new URL(text ?? 'about:blank');

beforeAll(async () => {
  photo = await uploadMedia(
    world.url,
    world.accounts.agent,
    await lakePhoto(),
    'lake.jpg',
    'image/jpeg',
  );
  ids.photo = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title: '测试海报 抚仙湖畔精装三居室 南北通透 拎包入住 近学校和菜市场',
    type: 'sale',
    price: 1_280_000,
    area: 118.5,
    rooms: '3室2厅2卫',
    bedrooms: 3,
    address: {
      province: '云南省',
      city: '澄江市',
      district: '凤麓街道',
      community: '湖景花园',
      address: '湖滨路8号',
    },
    features: ['精装修', '南北通透', '近学校', '满五唯一', '带车位'],
    images: [{ ...photo, id: 'poster-img-1', is_cover: true, sort_order: 0 }],
  });
  ids.pending = await publishPending(world.url, world.accounts.agent, {
    title: '测试海报 待审核的房源',
  });
});

describe('房源海报', () => {
  it('an agent makes posters offline: the PNG holds the listing’s promotion link, with the cached photo or the designed cover', async () => {
    const account = demoAccount('agent');
    const page = await world.signedIn(world.devices.agent, account, {
      viewport: VIEWPORTS.mobile,
    });
    await new PwaChrome(page).waitForServiceWorker();
    const poster = new PosterDialog(page);

    // Online, /tools' 房源海报 card leads to 我的房源, where a public listing's card has the button.
    await page.goto(`${world.url}/tools`);
    await page.getByRole('link', { name: /房源海报/ }).click();
    await page.waitForURL(`${world.url}/my-properties`, UI_WAIT);
    const card = page.locator(`[data-testid="own-property-card"][data-property-id="${ids.photo}"]`);
    await card.waitFor(SYNC_WAIT);
    await card.scrollIntoViewIfNeeded();
    await viewportShot(page, 'poster-my-properties-card-mobile');
    const pendingCard = page.locator(
      `[data-testid="own-property-card"][data-property-id="${ids.pending}"]`,
    );
    await pendingCard.waitFor(SYNC_WAIT);
    // A listing waiting for review is not public: no poster for a link nobody could open.
    expect(await poster.buttons(pendingCard).count()).toBe(0);
    await poster.open(card);
    await viewportShot(page, 'poster-dialog-my-properties-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await viewportShot(page, 'poster-dialog-my-properties-desktop');
    await poster.close();
    await viewportShot(page, 'poster-my-properties-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);

    // The detail page shows the photo once, so the service worker keeps it.
    const detail = new PropertyDetailPage(page);
    await detail.goto(world.url, ids.photo);
    await expect.poll(() => cacheHolds(page, photo.url), SYNC_WAIT).toBe(true);

    // A second listing reaches the device now, its photo never shown (published after the lists).
    const second = await uploadMedia(
      world.url,
      world.accounts.agent,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
        .jpeg()
        .toBuffer(),
      'red.jpg',
      'image/jpeg',
    );
    ids.neverSeen = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: '测试海报 右所镇整租两居',
      type: 'rent',
      price: 1500,
      area: 72,
      rooms: '2室1厅1卫',
      address: {
        province: '云南省',
        city: '澄江市',
        district: '右所镇',
        community: '右所新村',
        address: '',
      },
      features: ['家电齐全'],
      images: [{ ...second, id: 'poster-img-2', is_cover: true, sort_order: 0 }],
    });
    // Its approved version: the agent's device may have pulled it while it waited for review.
    await expect
      .poll(
        () => deviceHolds(page, ids.neverSeen, { status: 'active', audit_status: 'approved' }),
        SYNC_WAIT,
      )
      .toBe(true);

    await world.devices.agent.context.setOffline(true);
    try {
      await page.reload();
      await detail.title.waitFor(UI_WAIT);
      await new PwaChrome(page).offlineBanner.waitFor(UI_WAIT);
      await poster.open(page.getByRole('region', { name: '房源概要' }));
      expect(await poster.fallbackNote.count()).toBe(0);
      await viewportShot(page, 'poster-dialog-offline-mobile');
      const file = await poster.download();
      await page.getByText(POSTER_MESSAGES.saved).waitFor(UI_WAIT);
      expect(file.name).toMatch(/\.png$/);
      await writeFile(path.join(SCREENSHOT_DIR, 'poster-photo.png'), file.bytes);
      const made = await readPoster(file.bytes);
      expect([made.width, made.height]).toEqual([POSTER_WIDTH, POSTER_HEIGHT]);
      const link = promotionLinkOf(made.qr);
      expect(link.origin).toBe(world.url);
      expect(link.pathname).toBe(`/properties/${ids.photo}`);
      expect(link.searchParams.get(PROMOTION_PARAMS.ref)).toBe('poster');
      expect(link.searchParams.get(PROMOTION_PARAMS.id)).toBe(account.id);
      expect(link.searchParams.get(PROMOTION_PARAMS.name)).toBe(account.name);
      expect(link.searchParams.get(PROMOTION_PARAMS.phone)).toBe(account.phone);
      // The cover is the lake photo (blue sky), not the brand-green fallback.
      const [r, g, b] = made.coverPixel;
      expect(b).toBeGreaterThan(r + 40);
      expect(b).toBeGreaterThan(g);
      await poster.close();

      // The listing whose photo was never downloaded: the designed cover, and the code decodes.
      await page.goto(`${world.url}/properties/${ids.neverSeen}`);
      await detail.title.waitFor(UI_WAIT);
      await poster.open(page.getByRole('region', { name: '房源概要' }));
      await poster.fallbackNote.waitFor(UI_WAIT);
      const fallback = await poster.download();
      await writeFile(path.join(SCREENSHOT_DIR, 'poster-fallback.png'), fallback.bytes);
      const plain = await readPoster(fallback.bytes);
      const plainLink = promotionLinkOf(plain.qr);
      expect(plainLink.pathname).toBe(`/properties/${ids.neverSeen}`);
      expect(plainLink.searchParams.get(PROMOTION_PARAMS.ref)).toBe('poster');
      expect(plainLink.searchParams.get(PROMOTION_PARAMS.id)).toBe(account.id);
      const [fr, fg, fb] = plain.coverPixel;
      expect(fg).toBeGreaterThan(fr + 60);
      expect(fg).toBeGreaterThan(fb + 20);
      await page.setViewportSize(VIEWPORTS.desktop);
      await viewportShot(page, 'poster-dialog-fallback-desktop');
      await poster.close();
    } finally {
      await world.devices.agent.context.setOffline(false);
    }
    await page.close();
  });

  it('a user who is not an agent sees no poster button', async () => {
    const userDevice = await world.launch();
    const page = await world.signedIn(userDevice, 'user', {
      path: `/properties/${ids.photo}`,
    });
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    await detail.shareButton.waitFor(UI_WAIT);
    expect(await new PosterDialog(page).buttons().count()).toBe(0);
  });
});
