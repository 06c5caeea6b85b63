/**
 * Listing trust (issue 19) in real Chromium against the real gateway (embedded store, demo data):
 * a user reports a listing (the dialog keeps the input while offline and sends once online); the
 * admin takes it down from the report queue; the reporter's 我的举报 shows the outcome and the
 * owner's card why it was taken down. The admin checks a verification code: the 已核验 badge shows
 * on the card and the detail page, and 只看已核验 keeps it. Run `npm run build` first.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '@couchdb/model/property';
import { REPORT_MESSAGES, REPORT_STATUS_LABELS } from '@couchdb/model/trust-facts';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import { saveScreenshot, SCREENSHOT_DIR, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { bearer, master, serverDocs } from '../helpers/sync-api';
import { publishApproved } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { InboxPage } from './pages/inbox-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';
import { MyReportsPage, ReportDialog, ReportQueuePage } from './pages/report-pages';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({
  devices: ['user', 'admin', 'agent'],
  accounts: ['agent', 'admin'],
});

afterEach(async () => {
  for (const device of Object.values(world.devices)) await device.context.setOffline(false);
});

/** An approved listing of the agent's with a cover photo from the demo data. */
async function agentListing(title: string, fields: Partial<Property> = {}): Promise<string> {
  const demo = [
    ...(await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).values(),
  ];
  const photo = demo.find((p) => p.images.length > 0)!.images[0]!;
  return publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
    title,
    images: [{ ...photo, is_cover: true, sort_order: 0 }],
    ...fields,
  });
}

describe('reporting a listing', () => {
  it('report → the admin takes it down → the reporter sees the outcome, the owner why', async () => {
    const title = `举报测试 临湖两居 ${Date.now() % 100000}`;
    const id = await agentListing(title);

    // The user reports it; offline, the dialog says so and keeps the input.
    const page = await world.signedIn(world.devices.user, 'user', {
      path: `/properties/${id}`,
      viewport: VIEWPORTS.mobile,
    });
    const detail = new PropertyDetailPage(page);
    await detail.title.getByText(title).waitFor(SYNC_WAIT);
    const report = new ReportDialog(page);
    await report.open();
    await report.chooseReason('虚假房源或图片');
    await report.note.fill('照片与实地不符');
    await world.devices.user.context.setOffline(true);
    await report.offlineNotice.getByText(REPORT_MESSAGES.offline).waitFor();
    await expect.poll(() => report.submit.isDisabled(), UI_WAIT).toBe(true);
    await saveScreenshot(page, 'report-dialog-offline-mobile');
    await world.devices.user.context.setOffline(false);
    await report.offlineNotice.waitFor({ state: 'detached' });
    await expect.poll(() => report.submit.isEnabled(), UI_WAIT).toBe(true);
    await expect.poll(() => report.note.inputValue(), UI_WAIT).toBe('照片与实地不符');
    await saveScreenshot(page, 'report-dialog-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(page, 'report-dialog-desktop');
    await report.submit.click();
    await new Layout(page).waitForToast(REPORT_MESSAGES.submitted);
    await report.dialog.waitFor({ state: 'hidden' });

    // A second report while the first is open is refused with a message.
    await report.open();
    await report.chooseReason('价格不实');
    await report.submit.click();
    await report.dialog
      .getByTestId('report-refusal')
      .getByText(REPORT_MESSAGES.duplicate)
      .waitFor();
    await report.dialog.getByRole('button', { name: '取消' }).click();

    // 我的举报: open.
    const mine = new MyReportsPage(page);
    await mine.goto(world.url);
    await mine
      .report(id)
      .getByTestId('my-report-status')
      .getByText(REPORT_STATUS_LABELS.open)
      .waitFor();

    // The admin takes it down from the report queue.
    const adminPage = await world.signedIn(world.devices.admin, 'admin');
    const queue = new ReportQueuePage(adminPage);
    // The 举报处理 tab says how many listings have open reports, before it is opened.
    const openReports = async () =>
      (
        (await fetch(`${world.url}/api/admin/reports`, {
          headers: bearer(world.accounts.admin),
        }).then((r) => r.json())) as { queue: unknown[] }
      ).queue.length;
    const reportsTab = (n: number) =>
      adminPage.getByRole('tab', {
        name: n > 0 ? `${REPORT_MESSAGES.queue} ${n}` : REPORT_MESSAGES.queue,
        exact: true,
      });
    const before = await openReports();
    expect(before).toBeGreaterThan(0);
    await adminPage.goto(`${world.url}/admin/audit`);
    await reportsTab(before).waitFor(UI_WAIT);
    await reportsTab(before).click();
    const entry = queue.entry(id);
    await entry.getByTestId('report-count').getByText(REPORT_MESSAGES.reporters(1)).waitFor();
    await entry.getByText('照片与实地不符', { exact: false }).waitFor();
    await saveScreenshot(adminPage, 'report-queue-desktop');
    await adminPage.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(adminPage, 'report-queue-mobile');
    await queue.decide(id, '下架', '房源图片与实际不符');
    await new Layout(adminPage).waitForToast(
      `${REPORT_MESSAGES.decided}：${REPORT_STATUS_LABELS.taken_down}`,
    );
    await entry.waitFor({ state: 'detached' });
    await reportsTab(before - 1).waitFor(UI_WAIT);
    await expect
      .poll(
        async () => (await master(world.url, world.accounts.agent, 'properties', id)).status,
        UI_WAIT,
      )
      .toBe('inactive');

    // The reporter's list shows the outcome (also from the device's copy, offline).
    await mine.goto(world.url);
    const outcome = REPORT_MESSAGES.outcome('taken_down', '房源图片与实际不符');
    await mine
      .report(id)
      .getByTestId('my-report-outcome')
      .getByText(outcome, { exact: false })
      .waitFor();
    await page.goto(`${world.url}/profile`);
    const link = page.getByRole('link', { name: REPORT_MESSAGES.mine });
    await link.waitFor();
    await world.devices.user.context.setOffline(true);
    await link.click();
    await mine
      .report(id)
      .getByTestId('my-report-outcome')
      .getByText(outcome, { exact: false })
      .waitFor();
    await page.getByTestId('my-reports-notice').getByText(REPORT_MESSAGES.mineCached).waitFor();
    await world.devices.user.context.setOffline(false);

    // The outcome reached the reporter's 消息 inbox too, unread, with the badge; it opens 我的举报.
    const inbox = new InboxPage(page);
    await inbox.goto(world.url);
    const notice = inbox.entry(REPORT_MESSAGES.noticeTitle(title));
    await notice.getByText(outcome).waitFor(SYNC_WAIT);
    expect(await notice.getAttribute('data-unread')).toBe('true');
    await inbox.badgeCount(inbox.headerBadge).waitFor(); // the page is laptop-sized since the dialog's shot
    await saveScreenshot(page, 'report-inbox-notice-desktop');
    await notice.click();
    await page.waitForURL(/\/my-reports$/, UI_WAIT);

    // The owner's card on 我的房源 says why.
    const ownerPage = await world.signedIn(world.devices.agent, 'agent', {
      path: '/my-properties',
      viewport: VIEWPORTS.mobile,
    });
    const card = ownerPage.locator(`[data-testid="own-property-card"][data-property-id="${id}"]`);
    await card
      .getByTestId('own-property-moderation')
      .getByText(REPORT_MESSAGES.takenDownOwner('房源图片与实际不符'))
      .waitFor(SYNC_WAIT);
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'report-owner-card-mobile.png') });
    // …and their 消息 inbox tells them it happened.
    const ownerInbox = new InboxPage(ownerPage);
    await ownerInbox.goto(world.url);
    await ownerInbox
      .entry(REPORT_MESSAGES.ownerNoticeTitle(title, 'taken_down'))
      .getByText(REPORT_MESSAGES.takenDownOwner('房源图片与实际不符'))
      .waitFor(SYNC_WAIT);
  });
});

describe('the verification code', () => {
  it('the admin marks it verified → 已核验 on the card and detail page, and 只看已核验 keeps it', async () => {
    const title = `核验测试 湖景三居 ${Date.now() % 100000}`;
    const code = '530423123456';
    const id = await agentListing(title, { verification_code: code });

    const adminPage = await world.signedIn(world.devices.admin, 'admin');
    const queue = new ReportQueuePage(adminPage);
    await queue.goto(world.url, 'codes');
    await adminPage
      .locator(`[data-testid="admin-property-card"][data-property-id="${id}"]`)
      .waitFor(SYNC_WAIT);
    await queue.verify(id);
    await new Layout(adminPage).waitForToast(VERIFICATION_MESSAGES.verified);
    await expect
      .poll(
        async () => (await master(world.url, null, 'properties', id)).verification_status,
        SYNC_WAIT,
      )
      .toBe('verified');

    // The list with 只看已核验: the listing is there with its badge; unverified ones are not.
    const page = await world.devices.user.openPage(`${world.url}/`, VIEWPORTS.desktop);
    const list = new PropertyListPage(page);
    await list.goto(world.url, `?keyword=${encodeURIComponent(title)}`);
    const card = page.locator(`[data-testid="property-card"][data-property-id="${id}"]`);
    await card
      .getByTestId('verified-badge')
      .getByText(VERIFICATION_MESSAGES.badgeWithCode(code))
      .waitFor(SYNC_WAIT);
    await list.goto(world.url);
    const everyone = await list.count();
    await list.openPanel();
    await list.choose('核验', VERIFICATION_MESSAGES.filterVerified);
    await expect.poll(() => page.url(), UI_WAIT).toContain('verified=1');
    await list.waitForResults();
    await expect.poll(() => list.count(), UI_WAIT).toBeLessThan(everyone);
    const ids = await list.allIds();
    expect(ids).toContain(id);
    const verified = [...(await serverDocs<Property>(world.url, null, 'properties')).values()]
      .filter((p) => p.verification_status === 'verified' && p.status === 'active')
      .map((p) => p.id);
    expect(ids.every((shown) => verified.includes(shown))).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'verified-card-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'verified-card-mobile');

    // The detail page: the badge with the code, and its check.
    const detail = new PropertyDetailPage(page);
    await detail.goto(world.url, id);
    const section = page.getByTestId('detail-verification');
    await section
      .getByTestId('verified-badge')
      .getByText(VERIFICATION_MESSAGES.badgeWithCode(code))
      .waitFor();
    await section.getByText('核验状态：已核验', { exact: false }).waitFor();
  });
});
