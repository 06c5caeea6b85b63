/**
 * The admin's review queue and listing console in real Chromium against the real gateway
 * (embedded store, demo data), with three devices: the owner's, the admin's and a visitor's, each
 * its own browser profile. Run `npm run build` first (`npm run test:e2e` does).
 */
import { withSavedOfflineNote } from '@couchdb/model/errors';
import { describe, expect, it, vi } from 'vitest';
import type { OplogEntry } from '@couchdb/model/oplog';
import { OPERATION_TYPE_LABELS } from '@couchdb/model/oplog-facts';
import type { Property } from '@couchdb/model/property';
import { ADMIN_PROPERTY_MESSAGES, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { ROLE_SHORT_LABELS } from '@couchdb/model/roles';
import { ADMIN_LISTING_MESSAGES } from '@couchdb/rules/admin-listings';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { auditToast, STATUS_MESSAGES } from '@couchdb/rules/property-status';
import { saveScreenshot, SYNC_WAIT, UI_WAIT } from '../helpers/browser';
import { serverDocs, updateAccepted } from '../helpers/sync-api';
import { adminCard, AuditPage, ConsolePage } from './pages/admin-pages';
import { demoAccount, publishApproved, publishPending } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { PropertyListPage } from './pages/property-list-page';
import { explainingDevice, watchDevice } from './pages/device-watch';
import { useWorld } from './world';

// Each step waits for a device or the server up to 30 s (a replication retry on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({
  devices: ['owner', 'admin', 'visitor'],
  accounts: ['user', 'admin'],
});

async function serverListing(id: string): Promise<Property | undefined> {
  return (await serverDocs<Property>(world.url, world.accounts.admin, 'properties')).get(id);
}

/** A listing of the owner's waiting for review, titled `title`, with a demo listing's photo. */
async function pendingWithPhoto(title: string): Promise<string> {
  const demo = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
  const image = demo.find((p) => p.images.length > 0)!.images[0]!;
  return publishPending(world.url, world.accounts.user, {
    title,
    images: [{ ...image, is_cover: true }],
  });
}

async function serverLog(id: string): Promise<OplogEntry[]> {
  const all = await serverDocs<OplogEntry>(world.url, world.accounts.admin, 'oplog');
  return [...all.values()]
    .filter((e) => e.property_id === id)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
}

describe('review', () => {
  it('takes a listing from submission through rejection, resubmission, approval and take-down, logged step by step', async () => {
    const title = `审核流程测试房源${Date.now() % 100_000}`;
    const reason = '照片与描述不符，请补充实拍图';

    // The admin has the review queue open before the listing exists.
    const adminPage = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/audit' });
    const audit = new AuditPage(adminPage);
    await audit.heading.waitFor();
    const adminLayout = new Layout(adminPage);

    // A photo (the form needs at least one to save an edit): one of the demo listings'.
    const demo = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
    const image = demo.find((p) => p.images.length > 0)!.images[0]!;
    const id = await publishPending(world.url, world.accounts.user, {
      title,
      images: [{ ...image, is_cover: true }],
      contact: { name: '王女士', phone: '13912345678' },
      contact_phone: '13912345678',
    });

    // It arrives in the open queue without a reload; the admin rejects it with a reason.
    await adminCard(adminPage, id).waitFor(SYNC_WAIT);
    await saveScreenshot(adminPage, 'admin-audit-desktop');
    await audit.reject(id, reason);
    await adminLayout.waitForToast(auditToast('rejected'));
    await expect
      .poll(async () => (await serverListing(id))?.audit_status, SYNC_WAIT)
      .toBe('rejected');
    const rejected = (await serverListing(id))!;
    expect(rejected.audit_comment).toBe(reason);
    expect(rejected.audited_by).toBe(world.accounts.admin.userId);
    expect(rejected.audited_at).toBeTruthy();
    await adminCard(adminPage, id).waitFor({ state: 'detached' });

    // The owner sees 已拒绝 with the reason, edits the listing and so resubmits it.
    const ownerPage = await world.signedIn(world.devices.owner, 'user', { path: '/my-properties' });
    const ownCard = ownerPage.locator(
      `[data-testid="own-property-card"][data-property-id="${id}"]`,
    );
    await ownCard
      .getByTestId('own-property-status')
      .filter({ hasText: '已拒绝' })
      .waitFor(SYNC_WAIT);
    await ownCard.getByText(`拒绝原因：${reason}`).waitFor();
    await ownCard.getByRole('link', { name: '编辑' }).click();
    await ownerPage.getByRole('heading', { name: '编辑房源' }).waitFor();
    await ownerPage.getByLabel('房源标题').fill(`${title}（已补图）`);
    for (let i = 0; i < 3; i++) await ownerPage.getByRole('button', { name: '下一步' }).click();
    await ownerPage.getByRole('button', { name: '保存修改' }).click();
    await new Layout(ownerPage).waitForToast(PROPERTY_MESSAGES.updateSuccess);
    await expect
      .poll(async () => (await serverListing(id))?.audit_status, SYNC_WAIT)
      .toBe('pending');

    // Back in the admin's queue (live again); approved.
    await adminCard(adminPage, id).waitFor(SYNC_WAIT);
    await audit.approve(id);
    await adminLayout.waitForToast(auditToast('approved'));
    await expect
      .poll(async () => (await serverListing(id))?.audit_status, SYNC_WAIT)
      .toBe('approved');

    // A visitor's device shows it.
    const visitorPage = await world.devices.visitor.openPage(`${world.url}/properties`);
    const list = new PropertyListPage(visitorPage);
    await list.waitForResults();
    const visitorCard = visitorPage.locator(
      `[data-testid="property-card"][data-property-id="${id}"]`,
    );
    await visitorCard.waitFor(SYNC_WAIT);

    // The admin takes it off the shelf in the console; it disappears from the visitor's device.
    const console_ = new ConsolePage(adminPage);
    await console_.goto(world.url);
    await console_.search.fill(title);
    await adminCard(adminPage, id).getByRole('button', { name: '下架' }).click();
    await adminLayout.waitForToast(ADMIN_LISTING_MESSAGES.takenDown);
    await adminCard(adminPage, id)
      .getByTestId('status-badge')
      .filter({ hasText: '下架' })
      .waitFor();
    await visitorCard.waitFor({ state: 'detached', ...SYNC_WAIT });

    // The operation log has each step with its operator, on the server and in the admin's panel.
    const steps = [
      { type: 'create', role: 'user' },
      { type: 'reject', role: 'admin' },
      { type: 'update', role: 'user' },
      { type: 'approve', role: 'admin' },
      { type: 'unpublish', role: 'admin' },
    ] as const;
    await expect
      .poll(async () => (await serverLog(id)).map((e) => e.operation_type), SYNC_WAIT)
      .toEqual(steps.map((s) => s.type));
    const log = await serverLog(id);
    for (const [i, step] of steps.entries()) {
      expect(log[i]!.operator_role).toBe(step.role);
      expect(log[i]!.operator_id).toBe(
        step.role === 'admin' ? world.accounts.admin.userId : world.accounts.user.userId,
      );
    }
    const dialog = await console_.openLog(id);
    const entries = dialog.getByTestId('oplog-entry');
    await expect
      .poll(
        () => entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))),
        SYNC_WAIT,
      )
      .toEqual(steps.map((s) => s.type).reverse());
    const operators = await dialog.getByTestId('oplog-operator').allTextContents();
    // 状态 as the listing stood after each step, with its review while that kept it off the list.
    const states = ['上架（待审核）', '上架（已拒绝）', '上架（待审核）', '上架', '下架'];
    for (const [i, step] of [...steps].reverse().entries()) {
      expect(operators[i]).toContain(demoAccount(step.role).name);
      expect(operators[i]).toContain(ROLE_SHORT_LABELS[step.role]);
      expect(operators[i]!.endsWith(`状态：${states[steps.length - 1 - i]}`)).toBe(true);
    }
    await dialog.getByText(OPERATION_TYPE_LABELS.reject).first().waitFor();
    await saveScreenshot(adminPage, 'admin-oplog-dialog-desktop');
  });

  it('approves once on a double click: its second click approves nothing', async () => {
    const stamp = Date.now() % 100_000;
    const moved = await pendingWithPhoto(`双击审核乙${stamp}`);
    const next = await pendingWithPhoto(`双击审核丙${stamp}`);

    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/audit' });
    const audit = new AuditPage(page);
    await adminCard(page, moved).waitFor(SYNC_WAIT);
    // A double click's second click, as it lands on the listing that moved up under the pointer.
    await adminCard(page, moved)
      .getByRole('button', { name: '通过' })
      .dispatchEvent('click', { detail: 2 });
    // Proof it did nothing: a plain click on another listing reaches the server (after anything
    // the device had to send before it), and the first is still waiting.
    await audit.approve(next);
    await expect
      .poll(async () => (await serverListing(next))?.audit_status, SYNC_WAIT)
      .toBe('approved');
    expect((await serverListing(moved))?.audit_status).toBe('pending');
    await adminCard(page, moved).waitFor();
    await audit.approve(moved);
    await expect
      .poll(async () => (await serverListing(moved))?.audit_status, SYNC_WAIT)
      .toBe('approved');
  });

  it('queues decisions made offline and, when another device decided first, says so instead of overwriting', async () => {
    const stamp = Date.now() % 100_000;
    const mine = await pendingWithPhoto(`离线审核甲${stamp}`);
    const contested = await pendingWithPhoto(`离线审核乙${stamp}`);

    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/audit' });
    const watch = watchDevice(page);
    const audit = new AuditPage(page);
    const layout = new Layout(page);
    await adminCard(page, mine).waitFor(SYNC_WAIT);
    await adminCard(page, contested).waitFor(SYNC_WAIT);

    await world.devices.admin.context.setOffline(true);
    try {
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await audit.approve(mine);
      await layout.waitForToast(withSavedOfflineNote(auditToast('approved')));
      await audit.reject(contested, '信息不全');
      await adminCard(page, contested).waitFor({ state: 'detached' });
      // Nothing reached the server yet; meanwhile another device approves the contested one.
      expect((await serverListing(mine))?.audit_status).toBe('pending');
      await updateAccepted(world.url, world.accounts.admin, 'properties', contested, {
        audit_status: 'approved',
      });
    } finally {
      await world.devices.admin.context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // Back online: the queued approval lands; the rejection lost and the admin is told.
    await explainingDevice(watch, () =>
      expect
        .poll(async () => (await serverListing(mine))?.audit_status, SYNC_WAIT)
        .toBe('approved'),
    );
    expect((await serverListing(mine))?.audited_by).toBe(world.accounts.admin.userId);
    const lost = page.getByTestId('lost-decision').filter({ hasText: `离线审核乙${stamp}` });
    await lost.waitFor(SYNC_WAIT);
    expect(await lost.textContent()).toContain('已由其他管理员审核为已通过');
    const kept = (await serverListing(contested))!;
    expect(kept.audit_status).toBe('approved');
    expect(kept.audit_comment).toBe('');
    await saveScreenshot(page, 'admin-audit-lost-decision-desktop');
    await lost.getByRole('button', { name: '知道了' }).click();
    await lost.waitFor({ state: 'detached' });
  });

  it('shows 访问受限 to a signed-in non-admin on every admin page', async () => {
    const page = await world.signedIn(world.devices.owner, 'user', { path: '/admin/audit' });
    await page.getByText(ACCESS_MESSAGES.restricted).waitFor();
    await page.getByText(ADMIN_PROPERTY_MESSAGES.noAuditPermission).waitFor();
    for (const path of ['/admin', '/admin/properties']) {
      await page.goto(`${world.url}${path}`);
      await page.getByText(ACCESS_MESSAGES.adminOnlyPage).waitFor();
    }
    expect(await page.getByTestId('admin-property-card').count()).toBe(0);
  });
});

describe('listing console', () => {
  it('takes down and deletes 3 selected listings in bulk, and refuses a bulk action with none selected', async () => {
    const tag = `批量测试${Date.now() % 100_000}`;
    const ids: string[] = [];
    for (const n of ['甲', '乙', '丙']) {
      ids.push(
        await publishApproved(world.url, world.accounts.user, world.accounts.admin, {
          title: `${tag}${n}`,
        }),
      );
    }
    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/properties' });
    const watch = watchDevice(page);
    const console_ = new ConsolePage(page);
    const layout = new Layout(page);
    await console_.heading.waitFor();
    await console_.search.fill(tag);
    await expect.poll(() => console_.cards.count(), SYNC_WAIT).toBe(3);

    await console_.bulk('批量下架');
    await layout.waitForToast(ADMIN_PROPERTY_MESSAGES.noSelection);
    // Another search starts the selection afresh: nothing stays selected out of sight.
    await console_.selectPage.check();
    await console_.search.fill(`${tag}甲`);
    await expect.poll(() => console_.cards.count(), SYNC_WAIT).toBe(1);
    await console_.search.fill(tag);
    await expect.poll(() => console_.cards.count(), SYNC_WAIT).toBe(3);
    expect(await console_.selectPage.isChecked()).toBe(false);
    await console_.bulk('批量下架');
    await layout.waitForToast(ADMIN_PROPERTY_MESSAGES.noSelection);

    await console_.selectPage.check();
    await console_.bulk('批量下架');
    await layout.waitForToast(ADMIN_LISTING_MESSAGES.batchDone('下架', 3));
    await explainingDevice(watch, () =>
      expect
        .poll(
          async () => Promise.all(ids.map(async (id) => (await serverListing(id))?.status)),
          SYNC_WAIT,
        )
        .toEqual(['inactive', 'inactive', 'inactive']),
    );
    await saveScreenshot(page, 'admin-properties-desktop');

    // Taking them down again changes nothing, and says so.
    await console_.selectPage.check();
    await console_.bulk('批量下架');
    await layout.waitForToast(ADMIN_LISTING_MESSAGES.batchUnchanged(3, '下架'));

    await console_.selectPage.check();
    await console_.bulk('批量删除');
    const confirm = page.getByRole('dialog', { name: '删除房源' });
    await confirm.getByText(ADMIN_LISTING_MESSAGES.deleteSelectedConfirm(3)).waitFor();
    await confirm.getByRole('button', { name: '删除' }).click();
    await layout.waitForToast(ADMIN_LISTING_MESSAGES.batchDone('删除', 3));
    await explainingDevice(watch, () =>
      expect
        .poll(
          async () => Promise.all(ids.map(async (id) => (await serverListing(id))?.status)),
          SYNC_WAIT,
        )
        .toEqual(['deleted', 'deleted', 'deleted']),
    );
    // Deleted listings stay in the console under 已删除, without a delete button.
    await console_.filter('状态', '已删除');
    await expect.poll(() => console_.cards.count(), UI_WAIT).toBe(3);
    expect(await console_.cards.getByRole('button', { name: '删除' }).count()).toBe(0);
  });

  it('moves a listing to the top of the public list with priority display', async () => {
    // The newest listing, but not priority: below the demo data's priority listings.
    const title = `优先展示测试${Date.now() % 100_000}`;
    const id = await publishApproved(world.url, world.accounts.user, world.accounts.admin, {
      title,
    });
    const visitorPage = await world.devices.visitor.openPage(`${world.url}/properties`);
    const list = new PropertyListPage(visitorPage);
    await list.waitForResults();
    await visitorPage
      .locator(`[data-testid="property-card"][data-property-id="${id}"]`)
      .waitFor(SYNC_WAIT);
    const firstId = () => list.cards.first().getAttribute('data-property-id');
    expect(await firstId()).not.toBe(id);

    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/properties' });
    const console_ = new ConsolePage(page);
    await console_.heading.waitFor();
    await console_.search.fill(title);
    await adminCard(page, id).getByRole('button', { name: '设为优先' }).click();
    await new Layout(page).waitForToast(ADMIN_LISTING_MESSAGES.priorityOn);
    await adminCard(page, id).getByTestId('priority-badge').waitFor();
    await expect.poll(async () => (await serverListing(id))?.is_priority, SYNC_WAIT).toBe(true);

    // The visitor's open list re-sorts without a reload: priority first, newest first among them.
    await expect.poll(firstId, SYNC_WAIT).toBe(id);
    await saveScreenshot(visitorPage, 'visitor-list-priority-desktop');
  });

  it('tells an admin whose offline 下架 lost to another admin’s delete, and offers no resend', async () => {
    const title = `离线下架被删除${Date.now() % 100_000}`;
    const id = await publishApproved(world.url, world.accounts.user, world.accounts.admin, {
      title,
    });
    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/properties' });
    const watch = watchDevice(page);
    const console_ = new ConsolePage(page);
    await console_.heading.waitFor();
    await console_.search.fill(title);
    await adminCard(page, id).waitFor(SYNC_WAIT);

    await world.devices.admin.context.setOffline(true);
    try {
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await adminCard(page, id).getByRole('button', { name: '下架' }).click();
      await new Layout(page).waitForToast(withSavedOfflineNote(ADMIN_LISTING_MESSAGES.takenDown));
      // Meanwhile another admin deletes it.
      await updateAccepted(world.url, world.accounts.admin, 'properties', id, {
        status: 'deleted',
      });
    } finally {
      await world.devices.admin.context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    const lost = page.getByTestId('lost-decision').filter({ hasText: title });
    await explainingDevice(watch, () => lost.waitFor(SYNC_WAIT));
    expect(await lost.textContent()).toContain(`「${title}」已被删除，您的修改未生效`);
    expect((await serverListing(id))?.status).toBe('deleted');
    // /manage keeps it with the reason, and does not offer to send it again (as a new listing).
    await page.goto(`${world.url}/manage`);
    const kept = page.getByTestId('refused-change').filter({ hasText: title });
    await kept.getByText(STATUS_MESSAGES.fromDeleted).waitFor(SYNC_WAIT);
    expect(await kept.getByRole('link', { name: '修改后重新提交' }).count()).toBe(0);
  });
});
