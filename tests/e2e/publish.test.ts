/**
 * Publishing a listing in real Chromium against the real gateway (embedded store, demo accounts):
 * an agent with no connection goes through the four steps with 3 photos, reloads while still
 * offline (the listing and its photos wait on the device), comes back online, and the listing
 * reaches the server pending with its photos served from /media/, where the admin receives it.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_FORM_MESSAGES, PROPERTY_MESSAGES, type Property } from '@couchdb/model/property';
import { launchBrowser, saveScreenshot, VIEWPORTS, type TestBrowser } from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { login, pullAll, type Session } from './pages/browse-fixtures';
import { chooseOption } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PwaChrome } from './pages/pwa-chrome';

let gateway: RunningGateway;
let browser: TestBrowser;
let agent: Session;
let admin: Session;

/** A small photo, different for each `hue`. */
async function photo(hue: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: hue, g: 120, b: 200 - hue / 2 },
    },
  })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  gateway = await startGateway({ embedded: true });
  browser = await launchBrowser();
  agent = await login(gateway.url, 'agent');
  admin = await login(gateway.url, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('publish a listing', () => {
  it('offline through the four steps with 3 photos, kept across a reload, sent once online', async () => {
    const title = `离线发布 湖景两居 ${Date.now() % 100000}`;
    const page = await browser.openPage(`${gateway.url}/login`, VIEWPORTS.mobile);
    const layout = new Layout(page);
    const loginPage = new LoginPage(page);
    await loginPage.heading.waitFor();
    await loginPage.login(agent.phone, agent.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${gateway.url}/publish/property`);
    await new PwaChrome(page).waitForServiceWorker();

    await browser.context.setOffline(true);
    try {
      const next = page.getByRole('button', { name: '下一步' });
      // Step 1: Next checks the title.
      await page.getByLabel('房源标题').fill('湖景');
      await next.click();
      await page.getByText(PROPERTY_FORM_MESSAGES.titleMin).waitFor();
      await page.getByLabel('房源标题').fill(title);
      await page.getByRole('button', { name: '出租' }).click();
      await next.click();
      // Step 2: rooms, area, description, a preset and a custom tag (a duplicate is refused).
      await page.getByLabel('户型').fill('2室1厅1卫');
      await page.getByLabel('面积').fill('78.5');
      await page.getByLabel('房源描述').fill('临湖小区，南北通透，家具家电齐全，拎包入住。');
      await page.getByRole('button', { name: '精装修' }).click();
      await page.getByLabel('自定义标签').fill('看湖');
      await page.getByLabel('自定义标签').press('Enter');
      await page.getByLabel('自定义标签').fill('看湖');
      await page.getByRole('button', { name: '添加' }).click();
      await layout.waitForToast(PROPERTY_FORM_MESSAGES.tagDuplicate);
      await next.click();
      // Step 3: price, address, phone; Previous keeps what was typed.
      await page.getByLabel('月租金').fill('1800');
      await chooseOption(page, '所在区域', '右所镇');
      await page.getByLabel('小区名称').fill('湖岸花城');
      await page.getByLabel('详细地址').fill('环湖东路34号 2栋1单元502室');
      await page.getByRole('button', { name: '上一步' }).click();
      expect(await page.getByLabel('户型').inputValue()).toBe('2室1厅1卫');
      await next.click();
      await next.click();
      // Step 4: at least one image, then three photos.
      await page.getByRole('button', { name: '提交发布' }).click();
      await layout.waitForToast(PROPERTY_FORM_MESSAGES.noImage);
      await page.getByLabel('选择图片或视频').setInputFiles(
        await Promise.all(
          [0, 1, 2].map(async (i) => ({
            name: `photo-${i + 1}.jpg`,
            mimeType: 'image/jpeg',
            buffer: await photo(i * 80),
          })),
        ),
      );
      await expect.poll(() => page.getByTestId('chosen-media').locator('img').count()).toBe(3);
      await saveScreenshot(page, 'publish-media-step-mobile');
      await page.getByRole('button', { name: '提交发布' }).click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
      await page.waitForURL((url) => url.pathname === '/manage');

      // Still offline: a reload keeps the listing and its 3 photos waiting on the device.
      await page.reload();
      const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
      await entry.waitFor();
      expect(await entry.getByTestId('outbox-file').count()).toBe(3);
      await saveScreenshot(page, 'publish-outbox-offline-mobile');
    } finally {
      await browser.context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Online: the photos upload, the listing syncs, pending, with its photos on the server.
    const listing = await expect
      .poll(
        async () =>
          [...(await pullAll<Property>(gateway.url, 'properties', admin)).values()].find(
            (p) => p.title === title,
          ) ?? null,
        { timeout: 30_000 },
      )
      .not.toBeNull()
      .then(async () =>
        [...(await pullAll<Property>(gateway.url, 'properties', admin)).values()].find(
          (p) => p.title === title,
        )!,
      );
    expect(listing).toMatchObject({
      user_id: agent.userId,
      type: 'rent',
      price: 1800,
      area: 78.5,
      audit_status: 'pending',
      status: 'active',
      features: ['精装修', '看湖'],
      address: expect.objectContaining({ district: '右所镇', community: '湖岸花城' }),
    });
    expect(listing.images).toHaveLength(3);
    expect(listing.images[0]!.is_cover).toBe(true);
    for (const image of listing.images) {
      expect(image.url).toMatch(/^\/media\//);
      const res = await fetch(`${gateway.url}${image.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
    }
    await page
      .getByTestId('outbox-entry')
      .filter({ hasText: title })
      .waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /我的房源/ }).click();
    await page
      .getByTestId('own-property-card')
      .filter({ hasText: title })
      .getByText('待审核')
      .waitFor();
    await saveScreenshot(page, 'publish-manage-after-sync-mobile');
    await page.close();
  });
});
