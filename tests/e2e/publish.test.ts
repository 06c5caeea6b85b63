/**
 * Publishing a listing in real Chromium against the real gateway (embedded store, demo accounts):
 * an agent with no connection goes through the four steps with 3 photos, reloads while still
 * offline (the listing and its photos wait on the device), comes back online, and the listing
 * reaches the server pending with its photos served from /media/, where the admin receives it.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@couchdb/model/media';
import { PROPERTY_FORM_MESSAGES, PROPERTY_MESSAGES, type Property } from '@couchdb/model/property';
import { REFUSED_CHANGE_MESSAGES, type SyncDocument } from '@couchdb/model/sync';
import {
  launchBrowser,
  saveScreenshot,
  VIEWPORTS,
  type TestBrowser,
  type Viewport,
} from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { adminCard } from './pages/admin-pages';
import { demoAccount, login, pullAll, type Session } from './pages/browse-fixtures';
import { chooseOption } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { photo, PublishPropertyPage } from './pages/publish-page';
import { PwaChrome } from './pages/pwa-chrome';

let gateway: RunningGateway;
let browser: TestBrowser;
let agent: Session;
let admin: Session;

/** The listing of this title as the server holds it (the admin sees every listing). */
async function serverListing(title: string): Promise<Property | null> {
  const all = await pullAll<Property>(gateway.url, 'properties', admin);
  return [...all.values()].find((p) => p.title === title && p.status !== 'deleted') ?? null;
}

/** The admin sets the image limit (max_images_per_property) on the server. */
async function setMaxImages(value: number): Promise<void> {
  const settings = await pullAll<SyncDocument>(gateway.url, 'settings', admin);
  const master = settings.get('max_images_per_property') ?? null;
  const doc = {
    ...(master ?? { id: 'max_images_per_property', description: '每个房源最多上传的媒体数量' }),
    setting_value: value,
    updated_at: new Date().toISOString(),
  };
  const res = await fetch(`${gateway.url}/api/sync/settings/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify([{ assumedMasterState: master, newDocumentState: doc }]),
  });
  const body = (await res.json()) as { rejections: unknown[]; conflicts: unknown[] };
  expect(body).toMatchObject({ rejections: [], conflicts: [] });
}

async function signInAgent(viewport: Viewport = VIEWPORTS.desktop) {
  const page = await browser.openPage(`${gateway.url}/login`, viewport);
  await new LoginPage(page).signIn(agent.phone, agent.password);
  return page;
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

    // The admin's device receives it: the review queue in a second browser shows it with its cover.
    const adminDevice = await launchBrowser();
    try {
      const account = demoAccount('admin');
      const adminPage = await adminDevice.openPage(`${gateway.url}/login`, VIEWPORTS.desktop);
      await new LoginPage(adminPage).login(account.phone, account.password);
      await adminPage.waitForURL((url) => url.pathname === '/');
      await adminPage.goto(`${gateway.url}/admin/audit`);
      const card = adminCard(adminPage, listing.id);
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByRole('heading', { name: title }).count()).toBe(1);
      expect(await card.locator('img').getAttribute('src')).toBe(
        listing.images[0]!.thumbnail_url || listing.images[0]!.url,
      );
    } finally {
      await adminDevice.close();
    }
  });
});

describe('publish draft files and editing photos', () => {
  it('keeps chosen photos across a reload until submitted or discarded', async () => {
    const page = await signInAgent(VIEWPORTS.mobile);
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    const title = `草稿照片 凤麓三居 ${Date.now() % 100000}`;
    await page.goto(`${gateway.url}/publish/property`);
    await form.fillValid(title);
    await form.choosePhotos(['draft-1.jpg', 'draft-2.jpg']);
    await expect.poll(() => form.tiles.count()).toBe(2);

    // A reload reopens the draft on its step with both photos, with their previews.
    await page.reload();
    await form.media.waitFor({ timeout: 15_000 });
    await expect.poll(() => form.media.locator('img[src^="blob:"]').count()).toBe(2);
    expect(
      await form.media.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toEqual(['draft-1.jpg', 'draft-2.jpg']);
    // Removing one is kept too.
    await form.remove('draft-1.jpg');
    await page.reload();
    await form.toMediaStep();
    await expect.poll(() => form.tiles.count()).toBe(1);
    await saveScreenshot(page, 'publish-draft-restored-mobile');

    // Discarding the draft forgets the text and the photos.
    await page.getByRole('button', { name: PROPERTY_MESSAGES.discardDraft }).click();
    await page.getByRole('dialog').getByRole('button', { name: '清空' }).click();
    await layout.waitForToast(PROPERTY_MESSAGES.draftDiscarded);
    expect(await page.getByLabel('房源标题').inputValue()).toBe('');
    await page.reload();
    expect(await page.getByLabel('房源标题').inputValue()).toBe('');
    await form.fillValid(title);
    expect(await form.tiles.count()).toBe(0);

    // Submitting clears them as well.
    await form.choosePhotos(['final-1.jpg', 'final-2.jpg']);
    await expect.poll(() => form.tiles.count()).toBe(2);
    await page.getByRole('button', { name: '提交发布' }).click();
    await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.goto(`${gateway.url}/publish/property`);
    expect(await page.getByLabel('房源标题').inputValue()).toBe('');
    await form.fillValid('随便一个标题');
    await page.waitForTimeout(500);
    expect(await form.tiles.count()).toBe(0);
    const listing = await expect
      .poll(() => serverListing(title), { timeout: 30_000 })
      .not.toBeNull()
      .then(() => serverListing(title));
    expect(listing!.images).toHaveLength(2);
    await page.close();
  });

  it('edits a listing’s photos: removes one, adds two (uploaded, then attached), keeps at least one', async () => {
    const page = await signInAgent();
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    const title = `改照片 湖畔两居 ${Date.now() % 100000}`;
    await page.goto(`${gateway.url}/publish/property`);
    await form.fillValid(title);
    await form.choosePhotos(['a.jpg', 'b.jpg'], 10);
    await expect.poll(() => form.tiles.count()).toBe(2);
    await page.getByRole('button', { name: '提交发布' }).click();
    await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
    const created = await expect
      .poll(() => serverListing(title), { timeout: 30_000 })
      .not.toBeNull()
      .then(async () => (await serverListing(title))!);
    const [first, second] = created.images;

    await page.goto(`${gateway.url}/publish/property?edit=${created.id}`);
    await form.toMediaStep();
    await expect.poll(() => form.tile('server').count()).toBe(2);
    // Without any photo the listing cannot be saved.
    for (let i = 0; i < 2; i++) await form.tile('server').first().getByRole('button').click();
    await page.getByRole('button', { name: '保存修改' }).click();
    await layout.waitForToast(PROPERTY_FORM_MESSAGES.noImage);
    // The limit counts kept and new: 0 kept + 11 new is over 10.
    await form.choosePhotos(Array.from({ length: 11 }, (_, i) => `many-${i}.jpg`));
    await layout.waitForToast(UPLOAD_MESSAGES.tooManyMedia(10));
    expect(await form.tiles.count()).toBe(0);
    // Start again from the listing: keep the second photo, add two.
    await page.reload();
    await form.toMediaStep();
    await form.tile('server').first().getByRole('button').click();
    await form.choosePhotos(['c.jpg', 'd.jpg'], 160);
    await expect.poll(() => form.tiles.count()).toBe(3);
    await saveScreenshot(page, 'publish-edit-photos-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'publish-edit-photos-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('button', { name: '保存修改' }).click();
    await layout.waitForToast(PROPERTY_MESSAGES.updateSuccess);
    await page.waitForURL((url) => url.pathname === '/manage');

    // Once uploaded the new photos join the kept one, which stays the cover.
    await expect
      .poll(async () => (await serverListing(title))?.images.length, { timeout: 30_000 })
      .toBe(3);
    const edited = (await serverListing(title))!;
    expect(edited.images[0]).toMatchObject({ url: second!.url, is_cover: true });
    expect(edited.images.map((i) => i.url)).not.toContain(first!.url);
    for (const image of edited.images.slice(1)) {
      expect(image.url).toMatch(/^\/media\//);
      expect((await fetch(`${gateway.url}${image.url}`)).status).toBe(200);
    }
    await page.getByTestId('outbox-entry').waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('refused changes', () => {
  it('reopens a refused listing with what was sent, fixed and sent again as new', async () => {
    const page = await signInAgent(VIEWPORTS.mobile);
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    const title = `被拒再发 三张照片 ${Date.now() % 100000}`;
    await page.goto(`${gateway.url}/publish/property`);
    await form.fillValid(title);
    // Offline, the device still allows 10 photos while the admin lowers the limit to 2.
    await browser.context.setOffline(true);
    try {
      await setMaxImages(2);
      await form.choosePhotos(['r1.jpg', 'r2.jpg', 'r3.jpg'], 30);
      await expect.poll(() => form.tiles.count()).toBe(3);
      await page.getByRole('button', { name: '提交发布' }).click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
      await page.waitForURL((url) => url.pathname === '/manage');
    } catch (err) {
      await setMaxImages(10);
      throw err;
    } finally {
      await browser.context.setOffline(false);
    }
    try {
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // The photos upload, the listing is refused by the server with its reason.
      const refused = page.getByTestId('refused-change').filter({
        hasText: REFUSED_CHANGE_MESSAGES.summary(title, UPLOAD_MESSAGES.tooManyMedia(2)),
      });
      await refused.waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'manage-refused-change-mobile');
      await page.setViewportSize(VIEWPORTS.desktop);
      await saveScreenshot(page, 'manage-refused-change-desktop');
      await page.setViewportSize(VIEWPORTS.mobile);
      expect(await serverListing(title)).toBeNull();

      await refused.getByRole('link', { name: REFUSED_CHANGE_MESSAGES.editAndResend }).click();
      await page.waitForURL((url) => url.searchParams.has('refused'));
      await page.getByTestId('refused-notice').waitFor();
      expect(await page.getByLabel('房源标题').inputValue()).toBe(title);
      await form.toMediaStep();
      await expect.poll(() => form.tile('server').count()).toBe(3);
      // The device knows the new limit by now.
      await page.getByRole('button', { name: '提交发布' }).click();
      await layout.waitForToast(UPLOAD_MESSAGES.tooManyMedia(2));
      await saveScreenshot(page, 'publish-resend-refused-mobile');
      await form.tile('server').last().getByRole('button').click();
      await page.getByRole('button', { name: '提交发布' }).click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
      await page.waitForURL((url) => url.pathname === '/manage');
      await refused.waitFor({ state: 'detached' });

      const resent = await expect
        .poll(() => serverListing(title), { timeout: 30_000 })
        .not.toBeNull()
        .then(async () => (await serverListing(title))!);
      expect(resent).toMatchObject({ user_id: agent.userId, audit_status: 'pending' });
      expect(resent.images).toHaveLength(2);
    } finally {
      await setMaxImages(10);
    }
    await page.close();
  });
});
