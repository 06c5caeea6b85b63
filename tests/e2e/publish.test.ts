/**
 * Publishing a listing in real Chromium against the real gateway (embedded store, demo accounts):
 * an agent with no connection goes through the four steps with 3 photos, reloads while still
 * offline (the listing and its photos wait on the device), comes back online, and the listing
 * reaches the server pending with its photos served from /media/, where the admin receives it.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_FORM_MESSAGES, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { REFUSED_CHANGE_MESSAGES, type SyncDocument } from '@couchdb/model/sync';
import { saveScreenshot, UI_WAIT, VIEWPORTS, type Viewport } from '../helpers/browser';
import { adminCard } from './pages/admin-pages';
import { serverDocs, pushAccepted } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { PublishPropertyPage } from './pages/publish-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin'] });

/** The listing of this title as the server holds it (the admin sees every listing). */
async function serverListing(title: string): Promise<Property | null> {
  const all = await serverDocs<Property>(world.url, world.accounts.admin, 'properties');
  return [...all.values()].find((p) => p.title === title && p.status !== 'deleted') ?? null;
}

/** The admin sets the image limit (max_images_per_property) on the server. */
async function setMaxImages(value: number): Promise<void> {
  const settings = await serverDocs<SyncDocument>(world.url, world.accounts.admin, 'settings');
  const master = settings.get('max_images_per_property') ?? null;
  const doc = {
    ...(master ?? { id: 'max_images_per_property', description: '每个房源最多上传的媒体数量' }),
    setting_value: value,
    updated_at: new Date().toISOString(),
  };
  await pushAccepted(world.url, world.accounts.admin, 'settings', [
    { assumedMasterState: master, newDocumentState: doc as SyncDocument },
  ]);
}

const signInAgent = (viewport: Viewport = VIEWPORTS.desktop) =>
  world.signedIn(world.browser, 'agent', { viewport });

describe('publish a listing', () => {
  it('offline through the four steps with 3 photos, kept across a reload, sent once online', async () => {
    const title = `离线发布 湖景两居 ${Date.now() % 100000}`;
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    await new PwaChrome(page).waitForServiceWorker();

    await world.browser.context.setOffline(true);
    try {
      // Step 1: Next checks the title.
      await form.fillBasics({ title: '湖景' });
      await form.next.click();
      await page.getByText(PROPERTY_FORM_MESSAGES.titleMin).waitFor();
      await form.fillBasics({ title, type: 'rent' });
      await form.next.click();
      // Step 2: rooms, area, description, a preset and a custom tag (a duplicate is refused).
      await form.fillDetails({
        rooms: '2室1厅1卫',
        area: '78.5',
        description: '临湖小区，南北通透，家具家电齐全，拎包入住。',
        tags: ['精装修'],
      });
      await form.addCustomTag('看湖');
      await form.addCustomTag('看湖', 'button');
      await layout.waitForToast(PROPERTY_FORM_MESSAGES.tagDuplicate);
      await form.next.click();
      // Step 3: price, address, phone; Previous keeps what was typed.
      await form.fillPlace({
        price: '1800',
        type: 'rent',
        district: '右所镇',
        community: '湖岸花城',
        address: '环湖东路34号 2栋1单元502室',
      });
      await form.previous.click();
      expect(await form.rooms.inputValue()).toBe('2室1厅1卫');
      await form.next.click();
      await form.next.click();
      // Step 4: at least one image, then three photos.
      await form.submitButton.click();
      await layout.waitForToast(PROPERTY_FORM_MESSAGES.noImage);
      await form.choosePhotos(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
      await expect.poll(() => form.media.locator('img').count(), UI_WAIT).toBe(3);
      await saveScreenshot(page, 'publish-media-step-mobile');
      await form.submitButton.click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSavedOffline);
      await page.waitForURL((url) => url.pathname === '/manage');

      // Still offline: a reload keeps the listing and its 3 photos waiting on the device.
      await page.reload();
      const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
      await entry.waitFor();
      expect(await entry.getByTestId('outbox-file').count()).toBe(3);
      await saveScreenshot(page, 'publish-outbox-offline-mobile');
    } finally {
      await world.browser.context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Online: the photos upload, the listing syncs, pending, with its photos on the server.
    const listing = await expect
      .poll(
        async () =>
          [
            ...(await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).values(),
          ].find((p) => p.title === title) ?? null,
        { timeout: 30_000 },
      )
      .not.toBeNull()
      .then(async () =>
        [
          ...(await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).values(),
        ].find((p) => p.title === title)!,
      );
    expect(listing).toMatchObject({
      user_id: world.accounts.agent.userId,
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
      const res = await fetch(`${world.url}${image.url}`);
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
    const adminDevice = await world.launch();
    const adminPage = await world.signedIn(adminDevice, 'admin', {
      path: '/admin/audit',
    });
    const card = adminCard(adminPage, listing.id);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByRole('heading', { name: title }).count()).toBe(1);
    expect(await card.locator('img').getAttribute('src')).toBe(
      listing.images[0]!.thumbnail_url || listing.images[0]!.url,
    );
  });
});

describe('publish draft files and editing photos', () => {
  it('keeps chosen photos across a reload until submitted or discarded', async () => {
    const page = await signInAgent(VIEWPORTS.mobile);
    const layout = new Layout(page);
    const form = new PublishPropertyPage(page);
    const title = `草稿照片 凤麓三居 ${Date.now() % 100000}`;
    await form.goto(world.url);
    await form.fillValid(title);
    await form.choosePhotos(['draft-1.jpg', 'draft-2.jpg']);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(2);
    await form.waitUntilKept();

    // A reload reopens the draft on its step with both photos, with their previews.
    await page.reload();
    await form.media.waitFor({ timeout: UI_WAIT.timeout });
    await expect.poll(() => form.media.locator('img[src^="blob:"]').count(), UI_WAIT).toBe(2);
    expect(
      await form.media.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toEqual(['draft-1.jpg', 'draft-2.jpg']);
    // Removing one is kept too.
    await form.remove('draft-1.jpg');
    await page.reload();
    await form.toMediaStep();
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
    await saveScreenshot(page, 'publish-draft-restored-mobile');

    // Discarding the draft forgets the text and the photos.
    await form.discardDraft();
    expect(await form.title.inputValue()).toBe('');
    await page.reload();
    expect(await form.title.inputValue()).toBe('');
    await form.fillValid(title);
    expect(await form.tiles.count()).toBe(0);

    // Submitting clears them as well.
    await form.choosePhotos(['final-1.jpg', 'final-2.jpg']);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(2);
    await form.submitButton.click();
    await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
    await page.waitForURL((url) => url.pathname === '/manage');
    await form.goto(world.url);
    expect(await form.title.inputValue()).toBe('');
    // None of its files is kept either: a file chosen now comes back alone after a reload (the
    // restore that would have brought them back too), and the probe's draft is then discarded.
    await form.fillValid('随便一个标题');
    await form.choosePhotos(['probe.jpg']);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
    await form.waitUntilKept();
    await page.reload();
    await form.toMediaStep();
    await form.media.getByRole('img', { name: 'probe.jpg' }).waitFor();
    expect(await form.tiles.count()).toBe(1);
    await form.discardDraft();
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
    await form.goto(world.url);
    await form.fillValid(title);
    await form.choosePhotos(['a.jpg', 'b.jpg'], 10);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(2);
    await form.submitButton.click();
    await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
    const created = await expect
      .poll(() => serverListing(title), { timeout: 30_000 })
      .not.toBeNull()
      .then(async () => (await serverListing(title))!);
    const [first, second] = created.images;

    await form.goto(world.url, created.id);
    await form.toMediaStep();
    await expect.poll(() => form.tile('server').count(), UI_WAIT).toBe(2);
    // Without any photo the listing cannot be saved.
    for (let i = 0; i < 2; i++) await form.tile('server').first().getByRole('button').click();
    await form.saveButton.click();
    await layout.waitForToast(PROPERTY_FORM_MESSAGES.noImage);
    // The limit counts kept and new: 0 kept + 11 new is over 10, so the first 10 are kept.
    await form.choosePhotos(Array.from({ length: 11 }, (_, i) => `many-${i}.jpg`));
    await layout.waitForToast(UPLOAD_MESSAGES.tooManyMedia(10));
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(10);
    // Start again from the listing: keep the second photo, add two.
    await page.reload();
    await form.toMediaStep();
    await form.tile('server').first().getByRole('button').click();
    await form.choosePhotos(['c.jpg', 'd.jpg'], 160);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(3);
    await saveScreenshot(page, 'publish-edit-photos-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'publish-edit-photos-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await form.saveButton.click();
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
      expect((await fetch(`${world.url}${image.url}`)).status).toBe(200);
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
    await form.goto(world.url);
    await form.fillValid(title);
    // Offline, the device still allows 10 photos while the admin lowers the limit to 2.
    await world.browser.context.setOffline(true);
    try {
      await setMaxImages(2);
      await form.choosePhotos(['r1.jpg', 'r2.jpg', 'r3.jpg'], 30);
      await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(3);
      await form.submitButton.click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSavedOffline);
      await page.waitForURL((url) => url.pathname === '/manage');
    } catch (err) {
      await setMaxImages(10);
      throw err;
    } finally {
      await world.browser.context.setOffline(false);
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
      expect(await form.title.inputValue()).toBe(title);
      await form.toMediaStep();
      await expect.poll(() => form.tile('server').count(), UI_WAIT).toBe(3);
      // The device knows the new limit by now.
      await form.submitButton.click();
      await layout.waitForToast(UPLOAD_MESSAGES.tooManyMedia(2));
      await saveScreenshot(page, 'publish-resend-refused-mobile');
      await form.tile('server').last().getByRole('button').click();
      await form.submitButton.click();
      await layout.waitForToast(PROPERTY_MESSAGES.publishSuccess);
      await page.waitForURL((url) => url.pathname === '/manage');
      await refused.waitFor({ state: 'detached' });

      const resent = await expect
        .poll(() => serverListing(title), { timeout: 30_000 })
        .not.toBeNull()
        .then(async () => (await serverListing(title))!);
      expect(resent).toMatchObject({
        user_id: world.accounts.agent.userId,
        audit_status: 'pending',
      });
      expect(resent.images).toHaveLength(2);
    } finally {
      await setMaxImages(10);
    }
    await page.close();
  });
});
