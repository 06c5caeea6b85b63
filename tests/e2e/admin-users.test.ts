/**
 * /admin/users in real Chromium against the real gateway (embedded store, demo admin): the admin's
 * account actions take effect on the other account's own open browser (its own profile), with two
 * browser profiles. Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, ERROR_MESSAGES } from '@couchdb/model/errors';
import type { Favorite } from '@couchdb/model/favorite';
import type { Property } from '@couchdb/model/property';
import { ROLE_LABELS, ROLE_SHORT_LABELS } from '@couchdb/model/roles';
import {
  PASSWORD_RESET_LOG_DETAIL,
  TEMPORARY_PASSWORD_LENGTH,
  USER_ADMIN_MESSAGES,
} from '@couchdb/model/user-facts';
import { FORGOT_PASSWORD_MESSAGES } from '@couchdb/model/auth-facts';
import { resolveSettings } from '@couchdb/model/setting-facts';
import { saveScreenshot, SYNC_WAIT, VIEWPORTS, type Viewport } from '../helpers/browser';
import { login, serverDocs, updateAccepted, type Session } from '../helpers/sync-api';
import { freshPhone } from '../helpers/phones';
import { AdminUsersPage } from './pages/admin-users-page';
import { demoAccount, publishPending } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { useWorld } from './world';

// Each step may wait for a device or the server up to 30 s (a replication retry on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

const PASSWORD = 'Test1234';

const world = useWorld({ devices: ['admin'], browser: 'test', accounts: ['admin'] });

/** A fresh account (the demo accounts stay as they are), signed in through the API. */
const freshAccount = (name: string) => world.register({ name, password: PASSWORD });

async function openUsers(viewport: Viewport = VIEWPORTS.desktop): Promise<AdminUsersPage> {
  const page = await world.signedIn(world.devices.admin, 'admin', {
    viewport,
    path: '/admin/users',
  });
  const users = new AdminUsersPage(page);
  await users.heading.waitFor();
  return users;
}

/** The other account's browser (a fresh profile in each test: no session left over). */
const openAs = (who: Session, path: string) => world.signedIn(world.browser, who, { path });

afterEach(async () => {
  await world.devices.admin.context.setOffline(false);
});

describe('admin users', () => {
  it('promotes a signed-in user to agent and back: their open profile follows within seconds', async () => {
    const member = await freshAccount('晋升测试');
    const profile = await openAs(member, '/profile');
    const tools = profile
      .getByRole('navigation', { name: '常用功能' })
      .getByRole('link', { name: '经纪人工具' });
    await profile.getByRole('navigation', { name: '常用功能' }).waitFor();
    expect(await tools.count()).toBe(0);

    const users = await openUsers();
    await users.cards.first().waitFor(SYNC_WAIT);
    await saveScreenshot(users.page, 'admin-users-desktop');
    await users.find(member.phone, member.userId);
    await expect.poll(() => users.role(member.userId).textContent()).toBe(ROLE_SHORT_LABELS.user);

    // Promote: the admin's list and the member's own profile both follow, without a new sign-in.
    await users.openDetail(member.userId);
    expect(await users.roleButton('user').isDisabled()).toBe(true);
    await users.roleButton('agent').click();
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.roleChanged);
    await users.roleButton('agent').and(users.page.locator('[disabled]')).waitFor(SYNC_WAIT);
    // The admin action log on this account, with the old and new role (it arrives through sync).
    await users.detail
      .getByTestId('user-admin-action')
      .filter({ hasText: `角色：${ROLE_SHORT_LABELS.user} → ${ROLE_SHORT_LABELS.agent}` })
      .waitFor(SYNC_WAIT);
    await saveScreenshot(users.page, 'admin-users-detail-desktop');
    await users.closeDetail();
    await expect
      .poll(() => users.role(member.userId).textContent(), SYNC_WAIT)
      .toBe(ROLE_SHORT_LABELS.agent);

    await tools.waitFor(SYNC_WAIT);
    expect(new URL(profile.url()).pathname).toBe('/profile');

    // Demote: the agent's tiles leave the open profile again.
    await users.openDetail(member.userId);
    await users.roleButton('user').click();
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.roleChanged);
    // Admin rights are given only once confirmed: cancelled, nothing changes.
    await users.roleButton('user').and(users.page.locator('[disabled]')).waitFor(SYNC_WAIT);
    await users.roleButton('admin').click();
    const confirm = users.page.getByRole('dialog', { name: '修改角色' });
    await confirm
      .getByText(USER_ADMIN_MESSAGES.roleConfirm('晋升测试', ROLE_LABELS.admin, true))
      .waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await users.roleButton('admin').isDisabled()).toBe(false);
    await users.closeDetail();
    await tools.waitFor({ state: 'detached', ...SYNC_WAIT });
    await profile
      .getByRole('navigation', { name: '常用功能' })
      .getByRole('link', { name: '加入我们' })
      .waitFor();
    expect(new URL(profile.url()).pathname).toBe('/profile');
  });

  it('disables an account: its next write is refused, the browser signs out and sign-in says why', async () => {
    const member = await freshAccount('禁用测试');
    const listing = [...(await serverDocs<Property>(world.url, null, 'properties')).values()][0]!;
    const page = await openAs(member, `/properties/${listing.id}`);
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor();

    // The member's device is offline (on a train) when the admin disables the account.
    await world.browser.context.setOffline(true);
    const users = await openUsers();
    await users.find(member.phone, member.userId);
    await users.setEnabled(member.userId, false);
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.disabled);
    await users
      .card(member.userId)
      .getByTestId('user-state')
      .filter({ hasText: '已禁用' })
      .waitFor(SYNC_WAIT);

    // Its favourite is saved on the device, refused when it syncs, and the device signs out.
    await detail.favoriteButton.click();
    await world.browser.context.setOffline(false);
    await new Layout(page).loginLink.waitFor(SYNC_WAIT);
    const favorites = await serverDocs<Favorite>(world.url, world.accounts.admin, 'favorites');
    expect([...favorites.values()].filter((f) => f.user_id === member.userId)).toEqual([]);

    // Signing in again is refused with the gateway's reason.
    const loginPage = new LoginPage(page);
    await loginPage.goto(world.url);
    await loginPage.login(member.phone, PASSWORD);
    await new Layout(page).waitForToast(ERROR_MESSAGES.account_disabled);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs out an open browser of an account once it is disabled', async () => {
    const member = await freshAccount('在线禁用');
    const page = await openAs(member, '/profile');
    await page.getByTestId('profile-phone').waitFor();
    const users = await openUsers();
    await users.find(member.phone, member.userId);
    await users.setEnabled(member.userId, false);
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.disabled);
    await new LoginPage(page).heading.waitFor(SYNC_WAIT);
    // The login page says why: the account was disabled, not a session that ran out.
    await page
      .getByTestId('session-ended')
      .getByText(ERROR_MESSAGES.account_disabled)
      .waitFor(SYNC_WAIT);
  });

  it('resets a forgotten password: 忘记密码 gives the platform line, the old password stops, the temporary one signs in', async () => {
    const member = await freshAccount('忘记密码测试');

    const users = await openUsers(VIEWPORTS.mobile);
    await users.find(member.phone, member.userId);
    await users.openDetail(member.userId);
    await users.detail.getByRole('button', { name: USER_ADMIN_MESSAGES.resetPassword }).click();
    const confirm = users.page.getByRole('dialog', { name: USER_ADMIN_MESSAGES.resetPassword });
    await confirm.getByText(USER_ADMIN_MESSAGES.resetPasswordConfirm('忘记密码测试')).waitFor();
    await confirm.getByRole('button', { name: USER_ADMIN_MESSAGES.resetPassword }).click();
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.passwordReset);
    const shown = users.page.getByTestId('temporary-password');
    await shown.waitFor();
    const temporary = (await shown.textContent())!;
    expect(temporary).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
    await saveScreenshot(users.page, 'admin-user-password-reset-mobile');
    await users.page
      .getByRole('dialog', { name: USER_ADMIN_MESSAGES.temporaryPasswordTitle })
      .getByRole('button', { name: '关闭' })
      .click();
    await shown.waitFor({ state: 'detached' });
    // The account's log line says what was done.
    await users.detail
      .getByTestId('user-admin-action')
      .filter({ hasText: PASSWORD_RESET_LOG_DETAIL })
      .waitFor(SYNC_WAIT);

    // The member's login page gives the platform line to call.
    const profile = await world.browser.openPage(`${world.url}/login`);
    const loginPage = new LoginPage(profile);
    await loginPage.heading.waitFor();
    await profile.getByRole('button', { name: FORGOT_PASSWORD_MESSAGES.link }).click();
    const forgot = profile.getByRole('dialog', { name: FORGOT_PASSWORD_MESSAGES.title });
    const settings = resolveSettings([...(await serverDocs(world.url, null, 'settings')).values()]);
    const line = forgot.getByTestId('forgot-password-phone');
    expect(await line.textContent()).toBe(settings.defaultContact.phone);
    expect(await line.getAttribute('href')).toBe(`tel:${settings.defaultContact.phone}`);
    await saveScreenshot(profile, 'login-forgot-password-desktop');
    await forgot.getByRole('button', { name: '关闭' }).click();
    await forgot.waitFor({ state: 'detached' });

    // The old password no longer works (nor the session it opened); the temporary one does.
    await loginPage.login(member.phone, PASSWORD);
    await new Layout(profile).waitForToast(ERROR_MESSAGES.invalid_credentials);
    await loginPage.login(member.phone, temporary);
    await new Layout(profile).waitForToast(AUTH_MESSAGES.loginSuccess);
    await profile.waitForURL((url) => url.pathname === '/');
  });

  it('refuses to delete an account that owns a listing and deletes one that owns nothing', async () => {
    const [owner, idle] = [await freshAccount('有房源用户'), await freshAccount('无内容用户')];
    await publishPending(world.url, owner, { title: '删除测试房源' });
    // One the owner deleted: not in their 发布管理, so counted apart, yet it still stops a deletion.
    const deleted = await publishPending(world.url, owner, { title: '已删除的测试房源' });
    await updateAccepted(world.url, owner, 'properties', deleted, { status: 'deleted' });

    const users = await openUsers();
    await users.find(owner.phone, owner.userId);
    await users.openDetail(owner.userId);
    await users.detail
      .getByTestId('owned-deleted-listings')
      .filter({ hasText: /^1$/ })
      .waitFor(SYNC_WAIT);
    expect(await users.detail.getByTestId('owned-listings').textContent()).toBe('1');
    await users.closeDetail();
    await users.delete(owner.userId);
    await new Layout(users.page).waitForToast(
      USER_ADMIN_MESSAGES.deleteFailed(USER_ADMIN_MESSAGES.hasListings),
    );
    await users.card(owner.userId).waitFor();
    expect((await login(world.url, owner.phone, PASSWORD)).status).toBe(200);

    await users.find(idle.phone, idle.userId);
    await users.delete(idle.userId);
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.deleted);
    await users.card(idle.userId).waitFor({ state: 'detached', ...SYNC_WAIT });
    expect((await login(world.url, idle.phone, PASSWORD)).status).toBe(401);
  });

  it('edits a name and phone (the new phone signs in), refuses a taken phone under the field, and filters', async () => {
    const member = await freshAccount('改名测试');
    const users = await openUsers();
    await users.find(member.phone, member.userId);

    // A phone another account uses: refused with the reason, under the field and in the toast.
    const taken = demoAccount('agent').phone;
    const dialog = await users.edit(member.userId, { name: '改名测试', phone: taken });
    await new Layout(users.page).waitForToast(
      USER_ADMIN_MESSAGES.updateFailed(ERROR_MESSAGES.phone_taken),
    );
    await dialog
      .locator('.MuiFormHelperText-root', { hasText: ERROR_MESSAGES.phone_taken })
      .waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A free phone and a new name: saved, shown through sync, and the account signs in with it.
    const phone = freshPhone('137');
    await users.edit(member.userId, { name: '已改名用户', phone });
    await new Layout(users.page).waitForToast(USER_ADMIN_MESSAGES.updated);
    await users.search.fill(phone);
    await users
      .card(member.userId)
      .getByTestId('user-name')
      .filter({ hasText: '已改名用户' })
      .waitFor(SYNC_WAIT);
    expect((await login(world.url, phone, PASSWORD)).status).toBe(200);
    expect((await login(world.url, member.phone, PASSWORD)).status).not.toBe(200);

    // The state filter (on this account), then the role filter (over every account).
    await users.filter('状态', '已禁用');
    await users.card(member.userId).waitFor({ state: 'detached' });
    await users.page.getByText('没有符合条件的用户').waitFor();
    await users.filter('状态', '已启用');
    await users.card(member.userId).waitFor();
    await users.search.fill('');
    await users.filter('角色', ROLE_SHORT_LABELS.agent);
    await expect
      .poll(async () => new Set(await users.cards.getByTestId('user-role').allTextContents()))
      .toEqual(new Set([ROLE_SHORT_LABELS.agent]));
  });

  it('says account actions need a connection while offline, and shows on a phone', async () => {
    const users = await openUsers(VIEWPORTS.mobile);
    await users.cards.first().waitFor(SYNC_WAIT);
    await saveScreenshot(users.page, 'admin-users-mobile');

    // Offline the list still shows (it is the device's), the account actions say why they wait.
    await world.devices.admin.context.setOffline(true);
    await users.offlineNotice.waitFor();
    expect(await users.cards.first().getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
    await world.devices.admin.context.setOffline(false);
    await users.offlineNotice.waitFor({ state: 'detached' });
    expect(await users.cards.first().getByRole('button', { name: '编辑' }).isEnabled()).toBe(true);

    // The admin's own account: no state, deletion or role change, each saying why.
    const own = users.card(world.accounts.admin.userId);
    expect(await own.getByRole('button', { name: '禁用' }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    await users.openDetail(world.accounts.admin.userId);
    for (const role of ['user', 'agent', 'admin'] as const) {
      expect(await users.roleButton(role).isDisabled()).toBe(true);
    }
    await users.detail.getByText(USER_ADMIN_MESSAGES.ownRole).waitFor();
    await users.closeDetail();

    await users.openDetail((await users.cards.first().getAttribute('data-user-id'))!);
    await new Layout(users.page).animationsFinished();
    await saveScreenshot(users.page, 'admin-users-detail-mobile');
  });
});
