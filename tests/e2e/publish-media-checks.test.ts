/**
 * A file that is not the photo it says it is (walk-through, 2026-11-26): the publish form refuses
 * a text file named .jpg, or a damaged photo the browser cannot decode, as it is picked, with its
 * name. On a browser that cannot prepare photos (architecture §7) a damaged photo is kept as
 * picked; the gateway cannot read it, and it fails on /manage, where it can be left out (the
 * listing is published with the rest) or the whole listing given up after a confirmation. Real
 * Chromium, real gateway (embedded store, demo accounts). Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OUTBOX_MESSAGES } from '@couchdb/model/media-checks';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_FORM_MESSAGES, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { photo, PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin'] });

/** A JPEG's first bytes and then nothing a decoder can read: passes a type sniff, not a decode. */
const DAMAGED_JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600', 'hex'),
  Buffer.alloc(4000, 7),
]);

/**
 * Reopens `page` as a browser that cannot decode photos to prepare them (no createImageBitmap):
 * the publish form keeps picked photos as they are.
 */
async function withoutPhotoPreparation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'createImageBitmap');
  });
  await page.reload();
}

async function serverListing(title: string): Promise<Property | null> {
  const all = await serverDocs<Property>(world.url, world.accounts.admin, 'properties');
  return [...all.values()].find((p) => p.title === title && p.status !== 'deleted') ?? null;
}

/** Fills the form, picks `files` (name and bytes) and publishes; waits for /manage. */
async function publishWith(
  page: Page,
  title: string,
  files: { name: string; buffer: Buffer }[],
): Promise<void> {
  const form = new PublishPropertyPage(page);
  await form.fillValid(title);
  await page
    .getByLabel('选择图片或视频')
    .setInputFiles(files.map((f) => ({ ...f, mimeType: 'image/jpeg' })));
  await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(files.length);
  await form.submitButton.click();
  await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSuccess);
  await page.waitForURL((url) => url.pathname === '/manage');
}

describe('a file that is not the photo it says it is', () => {
  it('is refused as it is picked when its content is not a photo at all', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    await form.fillValid(`假照片测试 ${Date.now() % 100000}`);
    await page.getByLabel('选择图片或视频').setInputFiles([
      { name: '客厅.jpg', mimeType: 'image/jpeg', buffer: await photo(10) },
      { name: '假照片.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片') },
    ]);
    await new Layout(page).waitForToast(UPLOAD_MESSAGES.damagedImage('假照片.jpg'));
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
    expect(await form.media.getByRole('button', { name: '移除 假照片.jpg' }).count()).toBe(0);
    await saveScreenshot(page, 'publish-damaged-photo-refused-mobile');
    await form.discardDraft();
    await page.close();
  });

  it('is refused as it is picked when the browser cannot decode the photo', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    await form.fillValid(`坏照片测试 ${Date.now() % 100000}`);
    await page.getByLabel('选择图片或视频').setInputFiles([
      { name: '客厅.jpg', mimeType: 'image/jpeg', buffer: await photo(10) },
      { name: '坏照片.jpg', mimeType: 'image/jpeg', buffer: DAMAGED_JPEG },
    ]);
    await new Layout(page).waitForToast(UPLOAD_MESSAGES.damagedImage('坏照片.jpg'));
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
    expect(await form.media.getByRole('button', { name: '移除 坏照片.jpg' }).count()).toBe(0);
    await form.discardDraft();
    await page.close();
  });

  it('kept as picked that the gateway cannot read can be left out on /manage, and the listing is published', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    await withoutPhotoPreparation(page);
    const title = `坏照片移除 ${Date.now() % 100000}`;
    await publishWith(page, title, [
      { name: 'good.jpg', buffer: await photo(40) },
      { name: 'broken.jpg', buffer: DAMAGED_JPEG },
    ]);
    const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
    const broken = entry.locator('[data-testid="outbox-file"][data-status="failed"]');
    await broken.waitFor(SYNC_WAIT);
    expect(await broken.getByTestId('outbox-file-error').textContent()).toBe(
      UPLOAD_MESSAGES.damagedImage('broken.jpg'),
    );
    // Nothing uploads any more: the card says so instead of "uploading".
    await expect
      .poll(() => entry.getByTestId('outbox-status').textContent(), UI_WAIT)
      .toBe(OUTBOX_MESSAGES.stopped);
    // Uploading it again cannot help: the card says to leave it out and offers no 重新上传.
    expect(await entry.getByTestId('outbox-alert').textContent()).toBe(
      OUTBOX_MESSAGES.refusedFiles(['broken.jpg']),
    );
    expect(await entry.getByRole('button', { name: OUTBOX_MESSAGES.retry }).count()).toBe(0);
    await saveScreenshot(page, 'manage-outbox-damaged-photo-mobile');

    await entry.getByRole('button', { name: `${OUTBOX_MESSAGES.removeFile} broken.jpg` }).click();
    await entry.waitFor({ state: 'detached', ...SYNC_WAIT });
    await expect
      .poll(async () => (await serverListing(title))?.images.length ?? 0, SYNC_WAIT)
      .toBe(1);
    // Its own page tells the agent it waits for review (others cannot see it yet).
    await page.goto(`${world.url}/properties/${(await serverListing(title))!.id}`);
    await expect
      .poll(() => page.getByTestId('own-listing-notice').textContent(), SYNC_WAIT)
      .toBe(PROPERTY_MESSAGES.ownPendingNotice);
    await page.close();
  });

  it('as the only photo cannot be left out; giving the listing up asks first', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    await withoutPhotoPreparation(page);
    const title = `只有坏照片 ${Date.now() % 100000}`;
    await publishWith(page, title, [{ name: 'only.jpg', buffer: DAMAGED_JPEG }]);
    const layout = new Layout(page);
    const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
    await entry.locator('[data-testid="outbox-file"][data-status="failed"]').waitFor(SYNC_WAIT);
    await entry.getByRole('button', { name: `${OUTBOX_MESSAGES.removeFile} only.jpg` }).click();
    await layout.waitForToast(PROPERTY_FORM_MESSAGES.noImage);
    expect(await entry.locator('[data-testid="outbox-file"]').count()).toBe(1);

    // 放弃发布 asks first: 取消 keeps the listing waiting.
    await entry.getByRole('button', { name: OUTBOX_MESSAGES.abandon }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(OUTBOX_MESSAGES.abandonConfirm).waitFor(UI_WAIT);
    await saveScreenshot(page, 'manage-outbox-abandon-confirm-mobile');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await entry.count()).toBe(1);
    await entry.getByRole('button', { name: OUTBOX_MESSAGES.abandon }).click();
    await dialog.getByRole('button', { name: OUTBOX_MESSAGES.abandon }).click();
    await layout.waitForToast(OUTBOX_MESSAGES.abandoned);
    await entry.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await serverListing(title)).toBeNull();
    await page.close();
  });
});

describe('a photo whose upload failed for the moment', () => {
  it('is tried again when the connection comes back, and the listing goes out', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const title = `服务器故障后重传 ${Date.now() % 100000}`;
    // The context's route: it also sees what the service worker fetches.
    const uploads = `${world.url}/api/uploads**`;
    await world.browser.context.route(uploads, (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    try {
      await publishWith(page, title, [{ name: 'later.jpg', buffer: await photo(80) }]);
      const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
      // Its three tries failed: nothing uploads until the next connection.
      const failed = entry.locator('[data-testid="outbox-file"][data-status="failed"]');
      await failed.waitFor(SYNC_WAIT);
      // The server's fault, not the user's connection.
      expect(await failed.getByTestId('outbox-file-error').textContent()).toBe(
        UPLOAD_MESSAGES.serverUnavailable,
      );
      // The header does not say 已同步 while a listing waits: it counts it, and says it stopped.
      await page.getByRole('status', { name: '同步状态：同步出错' }).waitFor(UI_WAIT);
    } finally {
      await world.browser.context.unroute(uploads);
    }
    await world.browser.context.setOffline(true);
    try {
      await page.getByRole('status', { name: '同步状态：离线（1）' }).waitFor(UI_WAIT);
    } finally {
      await world.browser.context.setOffline(false);
    }
    await expect
      .poll(async () => (await serverListing(title))?.images.length ?? 0, SYNC_WAIT)
      .toBe(1);
    await page.getByRole('status', { name: '同步状态：已同步' }).waitFor(SYNC_WAIT);
    await page.close();
  });
});
