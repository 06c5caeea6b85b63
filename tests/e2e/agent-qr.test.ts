/**
 * 推广二维码 (issue 15 item 2) in real Chromium: the QR code is made on the device, so the page
 * works offline; the decoded code is exactly the promotion link, the size slider resizes it, and
 * the download is a PNG holding the same code. Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it, vi } from 'vitest';
import { PROMOTION_MESSAGES } from '@couchdb/model/promotion-facts';
import { PROMOTION_PARAMS } from '@couchdb/model/promotion-link-facts';
import { QR_SIZE_DEFAULT } from '@couchdb/model/constants';
import { saveScreenshot, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { demoAccount } from './pages/browse-fixtures';
import { PwaChrome } from './pages/pwa-chrome';
import { decodePng, QrCodePage } from './pages/qr-code-page';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 180_000 });

const world = useWorld({ browser: 'file' });

describe('推广二维码', () => {
  it('offline: the code decodes to the promotion link, resizes, and downloads as a PNG', async () => {
    const agent = demoAccount('agent');
    const page = await world.signedIn(world.browser, agent, { viewport: VIEWPORTS.mobile });
    await new PwaChrome(page).waitForServiceWorker();
    const qr = new QrCodePage(page);
    await qr.goto(world.url); // once online, as an agent would before leaving for the field

    await world.browser.context.setOffline(true);
    try {
      await page.reload();
      await qr.heading.waitFor(UI_WAIT);
      await qr.canvas.waitFor(UI_WAIT);
      await new PwaChrome(page).offlineBanner.waitFor(UI_WAIT);
      await expect.poll(() => qr.codeSaysLink(), UI_WAIT).toBe(true);

      const link = await qr.promotionLink();
      const url = new URL(link);
      expect(url.origin).toBe(world.url);
      expect(url.searchParams.get(PROMOTION_PARAMS.ref)).toBe('qr');
      expect(url.searchParams.get(PROMOTION_PARAMS.name)).toBe(agent.name);
      expect(url.searchParams.get(PROMOTION_PARAMS.phone)).toBe(agent.phone);
      expect(url.searchParams.get(PROMOTION_PARAMS.id)).toBeTruthy();
      expect(await qr.size()).toBe(QR_SIZE_DEFAULT);
      expect(await qr.decodeShown()).toBe(link);
      await saveScreenshot(page, 'qr-code-offline-mobile');

      // The slider: 10 px a step.
      await qr.slider.focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => qr.size(), UI_WAIT).toBe(QR_SIZE_DEFAULT + 50);
      expect(await qr.decodeShown()).toBe(link);

      const file = await qr.download();
      await page.getByText(PROMOTION_MESSAGES.qrDownloaded).waitFor(UI_WAIT);
      expect(file.name).toMatch(/\.png$/);
      expect(file.bytes.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      const png = await decodePng(file.bytes);
      expect(png).toEqual({
        text: link,
        width: QR_SIZE_DEFAULT + 50,
        height: QR_SIZE_DEFAULT + 50,
      });
    } finally {
      await world.browser.context.setOffline(false);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(page, 'qr-code-desktop');
    await page.close();
  });

  it('tells a user who is not an agent that their link does not attribute', async () => {
    const userBrowser = await world.launch();
    try {
      const page = await world.signedIn(userBrowser, 'user', {
        path: '/qr-code',
      });
      const qr = new QrCodePage(page);
      await qr.heading.waitFor(UI_WAIT);
      await qr.canvas.waitFor(UI_WAIT);
      await page.getByText(PROMOTION_MESSAGES.notAgent).waitFor(UI_WAIT);
      await expect.poll(() => qr.codeSaysLink(), UI_WAIT).toBe(true);
    } finally {
      await userBrowser.close();
    }
  });
});
