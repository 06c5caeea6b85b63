/**
 * Re-review of an approved listing's changes (issue 16) in real Chromium against the real gateway
 * (embedded store, demo data, review on): an agent edits the title of an approved listing in the
 * edit form; 我的房源 says the change waits for review while a visitor keeps seeing the approved
 * title; the admin's review queue lists the change with what changed and approves it, and the
 * visitor's open page follows. A refused change tells the owner why. Run `npm run build` first.
 */
import { describe, expect, it, vi } from 'vitest';
import { PROPERTY_MESSAGES, REVISION_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import type { Property } from '@couchdb/model/property';
import { master, serverDocs, updateAccepted } from '../helpers/sync-api';
import { adminCard, AuditPage } from './pages/admin-pages';
import { publishApproved } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({
  devices: ['agent', 'admin', 'visitor'],
  accounts: ['agent', 'admin'],
});

/**
 * An approved listing of the agent's that the edit form can save as it is: a phone, and a photo
 * (one of the demo data's, already on the server).
 */
async function approvedListing(title: string): Promise<string> {
  const demo = [
    ...(await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).values(),
  ];
  const photo = demo.find((p) => p.images.length > 0)!.images[0]!;
  return publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title,
    contact: { name: '测试联系人', phone: '13812345678' },
    contact_phone: '13812345678',
    images: [{ ...photo, is_cover: true, sort_order: 0 }],
  });
}

/** The owner's card of a listing (/my-properties, /manage). */
const ownCard = (page: import('playwright-core').Page, id: string) =>
  page.locator(`[data-testid="own-property-card"][data-property-id="${id}"]`);

describe('a change to an approved listing', () => {
  it('waits for review while the public keeps the approved title, until the admin approves', async () => {
    const before = `审核修改 湖景三居 ${Date.now() % 100000}`;
    const after = `${before} 降价急售`;
    const id = await approvedListing(before);

    // The agent edits the title in the edit form.
    const page = await world.signedIn(world.devices.agent, 'agent');
    const form = new PublishPropertyPage(page);
    await form.goto(world.url, id);
    await form.toFirstStep();
    await form.title.fill(after);
    await form.toMediaStep();
    await form.saveButton.click();
    await new Layout(page).waitForToast(PROPERTY_MESSAGES.updateSuccess);
    await page.waitForURL((url) => url.pathname === '/my-properties');

    // 我的房源 says it waits, once the gateway's answer is back on the device.
    const card = ownCard(page, id);
    await card
      .getByTestId('own-property-revision')
      .getByText(REVISION_MESSAGES.pending)
      .waitFor(SYNC_WAIT);
    await card.getByText(REVISION_MESSAGES.ownerPending).waitFor();
    await card.getByText(after).waitFor();
    await saveScreenshot(page, 'listing-review-my-properties-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'listing-review-my-properties-mobile');

    // A visitor still sees the approved title.
    const visitor = await world.devices.visitor.openPage(`${world.url}/properties/${id}`);
    const detail = new PropertyDetailPage(visitor);
    await detail.title.getByText(before, { exact: true }).waitFor(SYNC_WAIT);

    // The admin's queue lists the change with what changed, and approves it.
    const adminPage = await world.signedIn(world.devices.admin, 'admin', {
      path: '/admin/audit',
    });
    const audit = new AuditPage(adminPage);
    const queued = adminCard(adminPage, id);
    await queued
      .getByTestId('revision-badge')
      .getByText(REVISION_MESSAGES.queueLabel)
      .waitFor(SYNC_WAIT);
    await queued
      .getByTestId('revision-fields')
      .getByText(REVISION_MESSAGES.changedFields(['标题']))
      .waitFor();
    await saveScreenshot(adminPage, 'listing-review-queue-desktop');
    await audit.approve(id);
    await new Layout(adminPage).waitForToast(REVISION_MESSAGES.approved);
    await queued.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });

    // The visitor's open page follows; the owner's card no longer waits.
    await detail.title.getByText(after, { exact: true }).waitFor(SYNC_WAIT);
    await card.getByTestId('own-property-revision').waitFor({ state: 'detached', ...SYNC_WAIT });
  });

  it('refused by the admin: the owner sees why, the public keeps the approved text', async () => {
    const before = `审核修改 临街铺面 ${Date.now() % 100000}`;
    const id = await approvedListing(before);
    await updateAccepted(world.url, world.accounts.agent, 'properties', id, {
      title: `${before} 全城最低价`,
    });

    const adminPage = await world.signedIn(world.devices.admin, 'admin', {
      path: '/admin/audit',
    });
    await adminCard(adminPage, id).getByTestId('revision-badge').waitFor(SYNC_WAIT);
    await new AuditPage(adminPage).reject(id, '标题含夸大用语');
    await new Layout(adminPage).waitForToast(REVISION_MESSAGES.rejectedToast);
    await expect
      .poll(
        async () => (await master(world.url, world.accounts.agent, 'properties', id)).change_review,
        SYNC_WAIT,
      )
      .toMatchObject({ status: 'rejected', comment: '标题含夸大用语' });

    const page = await world.signedIn(world.devices.agent, 'agent', {
      path: '/manage',
      viewport: VIEWPORTS.mobile,
    });
    const card = ownCard(page, id);
    await card
      .getByTestId('own-property-revision')
      .getByText(REVISION_MESSAGES.rejected)
      .waitFor(SYNC_WAIT);
    await card.getByText(REVISION_MESSAGES.ownerRejected('标题含夸大用语')).waitFor();
    await saveScreenshot(page, 'listing-review-refused-mobile');

    // The owner's own detail page says so too; a visitor sees the approved title.
    const detail = new PropertyDetailPage(page);
    await detail.goto(world.url, id);
    await page
      .getByTestId('revision-notice')
      .getByText('标题含夸大用语', { exact: false })
      .waitFor();
    const visitor = await world.devices.visitor.openPage(`${world.url}/properties/${id}`);
    await new PropertyDetailPage(visitor).title
      .getByText(before, { exact: true })
      .waitFor(SYNC_WAIT);
  });
});
