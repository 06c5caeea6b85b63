/**
 * The admin's system settings (issue 14, product §2 "Admin system settings", §5, §6) in real Chromium
 * against the real gateway (embedded store, demo data): the admin changes them on /admin/settings
 * and every device follows live: with review off a user's new listing is public at once, the
 * publish form refuses media over the new limit, and a listing without a phone shows the new
 * platform line. Run `npm run build` first (`npm run test:e2e` does).
 */
import { withSavedOfflineNote } from '@couchdb/model/errors';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import type { Property } from '@couchdb/model/property';
import {
  DEFAULT_LOAN_RATES,
  SETTINGS_MESSAGES,
  type SettingKey,
} from '@couchdb/model/setting-facts';
import type { SyncDocument } from '@couchdb/model/sync';
import { FALLBACK_CONTACT_NAME, PLATFORM_LINE_WARNING } from '@couchdb/rules/contact';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { pushAccepted, serverDocs } from '../helpers/sync-api';
import { AdminSettingsPage } from './pages/admin-settings-page';
import { publishApproved, publishPending } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';
import { PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

// Each step waits for a device or the server up to 30 s (a replication retry on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({
  devices: ['admin', 'user', 'visitor'],
  accounts: ['admin', 'user'],
});

/** The settings as the demo data set them, put back after each test. */
let original: Map<string, SyncDocument>;

const settingValue = async (key: SettingKey): Promise<unknown> =>
  (await serverDocs(world.url, world.accounts.admin, 'settings')).get(key)?.setting_value;

/** Puts every setting back as it was before the tests (through the sync API, as an admin). */
async function restoreSettings(): Promise<void> {
  const now = await serverDocs(world.url, world.accounts.admin, 'settings');
  const rows = [...original.values()]
    .filter(
      (doc) => JSON.stringify(now.get(doc.id)?.setting_value) !== JSON.stringify(doc.setting_value),
    )
    .map((doc) => ({
      assumedMasterState: now.get(doc.id) ?? null,
      newDocumentState: { ...(now.get(doc.id) ?? doc), setting_value: doc.setting_value },
    }));
  if (rows.length) await pushAccepted(world.url, world.accounts.admin, 'settings', rows);
}

/** The admin's settings screen, signed in. */
async function openSettings(viewport = VIEWPORTS.desktop) {
  const page = await world.signedIn(world.devices.admin, 'admin', { viewport });
  const settings = new AdminSettingsPage(page);
  await settings.goto(world.url);
  return { page, settings, layout: new Layout(page) };
}

beforeAll(async () => {
  original = await serverDocs(world.url, world.accounts.admin, 'settings');
});

afterEach(async () => {
  await restoreSettings();
});

describe('/admin/settings', () => {
  it('is for admins only: a user sees 访问受限 with the no-permission text', async () => {
    const page = await world.signedIn(world.devices.user, 'user', { path: '/admin/settings' });
    await page.getByText('访问受限').waitFor();
    await page.getByText(SETTINGS_MESSAGES.noPermission).waitFor();
    expect(await page.getByLabel('默认联系电话').count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'admin-settings-denied-mobile');
  });

  it('shows the rules under the fields and saves nothing invalid', async () => {
    const { page, settings } = await openSettings();
    expect(await settings.phone.inputValue()).toBe(
      (original.get('default_contact')?.setting_value as { phone: string }).phone,
    );
    await settings.phone.fill('');
    await settings.imageLimit.fill('51');
    await settings.saveButton.click();
    await settings.fieldError(SETTINGS_MESSAGES.phoneRequired).waitFor();
    await settings.fieldError(SETTINGS_MESSAGES.imageLimitMax).waitFor();
    await settings.phone.fill('1234');
    await settings.imageLimit.fill('0');
    await settings.saveButton.click();
    await settings.fieldError(SETTINGS_MESSAGES.phone).waitFor();
    await settings.fieldError(SETTINGS_MESSAGES.imageLimitMin).waitFor();
    await saveScreenshot(page, 'admin-settings-errors-desktop');
    // Nothing reached the server.
    expect(await settingValue('max_images_per_property')).toBe(
      original.get('max_images_per_property')?.setting_value,
    );
  });

  it('review off: a user’s new listing is public at once on a visitor’s device', async () => {
    const { page, settings, layout } = await openSettings();
    await saveScreenshot(page, 'admin-settings-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'admin-settings-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    await settings.setAuditRequired(false);
    await settings.saveButton.click();
    await layout.waitForToast(SETTINGS_MESSAGES.saved);
    await expect.poll(() => settingValue('audit_required'), SYNC_WAIT).toBe(false);

    const title = `设置测试 免审核房源 ${Date.now()}`;
    const id = await publishPending(world.url, world.accounts.user, { title });
    const stored = (await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).get(
      id,
    );
    expect(stored?.audit_status).toBe('approved');
    expect(stored?.status).toBe('active');

    const visitor = await world.devices.visitor.openPage(`${world.url}/properties`);
    await new PropertyListPage(visitor).waitForResults();
    await visitor
      .locator(`[data-testid="property-card"][data-property-id="${id}"]`)
      .waitFor(SYNC_WAIT);

    // Review on again: the next listing waits.
    await settings.setAuditRequired(true);
    await settings.saveButton.click();
    await layout.waitForToast(SETTINGS_MESSAGES.saved);
    await expect.poll(() => settingValue('audit_required'), SYNC_WAIT).toBe(true);
    const next = await publishPending(world.url, world.accounts.user, { title: `${title} 之后` });
    expect(
      (await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).get(next)
        ?.audit_status,
    ).toBe('pending');
  });

  it('image limit 3: the publish form keeps the first images that fit and says the limit', async () => {
    const { settings, layout } = await openSettings();
    await settings.imageLimit.fill('3');
    await settings.saveButton.click();
    await layout.waitForToast(SETTINGS_MESSAGES.saved);
    await expect.poll(() => settingValue('max_images_per_property'), SYNC_WAIT).toBe(3);

    const page = await world.signedIn(world.devices.user, 'user');
    const form = new PublishPropertyPage(page);
    await form.goto(world.url);
    await form.fillValid(`设置测试 图片上限 ${Date.now()}`);
    // The user's device follows the new limit.
    await page.getByText('最多 3 个文件').waitFor(SYNC_WAIT);
    await form.choosePhotos(['a.jpg', 'b.jpg']);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(2);
    // Two picked for one place: the first is kept, and the limit is said.
    await form.choosePhotos(['c.jpg', 'd.jpg'], 80);
    await new Layout(page).waitForToast(UPLOAD_MESSAGES.tooManyMedia(3));
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(3);
    // At the limit the form offers no more.
    await page.getByLabel('选择图片或视频').waitFor({ state: 'detached' });
    await form.discardDraft();
  });

  it('default phone changed: a listing without a phone shows the new platform line', async () => {
    const listing = await publishApproved(world.url, world.accounts.user, world.accounts.admin, {
      title: `设置测试 没有电话的房源 ${Date.now()}`,
      contact: { name: '' },
    });
    // The phone dialog is for signed-in viewers (product §2): the demo agent, on another device.
    const viewer = await world.signedIn(world.devices.visitor, 'agent');
    const detail = new PropertyDetailPage(viewer);
    await detail.goto(world.url, listing);
    await detail.phoneButton.click();
    const phone = detail.contactDialog.getByTestId('contact-phone');
    const before = (original.get('default_contact')?.setting_value as { phone: string }).phone;
    await expect.poll(() => phone.textContent(), SYNC_WAIT).toBe(before);

    const newPhone = '13912345678';
    const { settings, layout } = await openSettings();
    await settings.phone.fill(newPhone);
    await settings.saveButton.click();
    await layout.waitForToast(SETTINGS_MESSAGES.saved);

    // The viewer's open dialog follows live.
    await expect.poll(() => phone.textContent(), SYNC_WAIT).toBe(newPhone);
    expect(await detail.contactDialog.getByTestId('contact-name').textContent()).toBe(
      FALLBACK_CONTACT_NAME,
    );
    expect(await detail.contactDialog.getByTestId('contact-warning').textContent()).toBe(
      PLATFORM_LINE_WARNING,
    );
    expect(await settingValue('default_contact')).toEqual({ phone: newPhone });
  });

  it('reference rates: saved offline, checked, and the calculator on another device follows', async () => {
    const { page, settings, layout } = await openSettings();
    await settings.lpr.waitFor();
    expect(await settings.lpr.inputValue()).toBe(String(DEFAULT_LOAN_RATES.lprPercent));

    // A rate out of bounds is refused under its field; nothing is saved.
    await settings.lpr.fill('25');
    await settings.basisPoints.fill('2.5');
    await settings.saveRatesButton.click();
    await settings.fieldError(SETTINGS_MESSAGES.rateRange).waitFor();
    await settings.fieldError(SETTINGS_MESSAGES.basisPointsInteger).waitFor();

    // Saved while offline (on a train): the device keeps it and sends it once back online.
    await page.context().setOffline(true);
    await settings.lpr.fill('3.1');
    await settings.basisPoints.fill('-20');
    await settings.providentFirstLong.fill('2.35');
    await page.getByTestId('commercial-rate').getByText('= 2.9%').waitFor();
    await settings.saveRatesButton.click();
    await layout.waitForToast(withSavedOfflineNote(SETTINGS_MESSAGES.ratesSaved));
    await saveScreenshot(page, 'admin-settings-rates-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await settings.rates.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-settings-rates-mobile');
    await page.context().setOffline(false);
    await expect
      .poll(() => settingValue('loan_rates'), SYNC_WAIT)
      .toMatchObject({ lprPercent: 3.1, basisPoints: -20, providentFirstLong: 2.35 });

    // A visitor's calculator uses the new rates (commercial = LPR − 20 基点).
    const visitor = await world.devices.visitor.openPage(`${world.url}/tools/mortgage`);
    await visitor.getByText('5年期以上LPR 3.1%').waitFor(SYNC_WAIT);
    expect(await visitor.getByLabel('商贷年利率').inputValue()).toBe('2.9');
  });
});
