/**
 * The profile page in real Chromium against the real gateway (embedded store, demo accounts): the
 * role label and link grid per role, editing the profile and changing the password for real (the
 * server agrees), the strength meter and the mismatch hint, and sign out.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES, PHONE_READONLY_MESSAGE } from '@couchdb/model/auth-facts';
import { AUTH_MESSAGES, ERROR_MESSAGES } from '@couchdb/model/errors';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { AVATAR_MESSAGES } from '@couchdb/model/user-facts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../helpers/browser';
import { signInDemo, type DemoRole } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file' });

async function openProfile(phone: string, password: string, viewport: Viewport) {
  const page = await world.browser.openPage(`${world.url}/profile`, viewport);
  const loginPage = new LoginPage(page);
  await loginPage.waitUntilShown();
  await loginPage.signIn({ phone, password }, '/profile');
  await page.getByTestId('profile-phone').waitFor();
  return page;
}

async function apiLogin(phone: string, password: string): Promise<number> {
  const res = await fetch(`${world.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  return res.status;
}

afterEach(async () => {
  await world.browser.context.clearCookies();
});

describe('profile', () => {
  it.each([
    ['user', ['浏览记录', '我的需求', '我的房源', '我的收藏', '我的举报', '加入我们', '帮助中心']],
    [
      'agent',
      [
        '浏览记录',
        '我的需求',
        '我的房源',
        '我的收藏',
        '我的举报',
        '经纪人工具',
        '培训中心',
        '生成名片二维码',
      ],
    ],
    ['admin', ['平台管理', '房源审核', '需求管理', '系统设置', '用户管理', '房源管理', '资讯管理']],
  ] as const)('shows the %s role label and its link grid', async (role, links) => {
    const account = await signInDemo(world.url, role as DemoRole);
    const page = await openProfile(account.phone, account.password, VIEWPORTS.mobile);
    expect(await page.getByTestId('profile-role').textContent()).toBe(ROLE_LABELS[role]);
    const grid = page.getByRole('navigation', { name: '常用功能' });
    expect(await grid.getByRole('link').allTextContents()).toEqual(links);
    await saveScreenshot(page, `profile-${role}-mobile`);
  });

  it('saves the profile and changes the password on the server, then signs out', async () => {
    // A fresh account, so the demo passwords stay as they are.
    const { phone, password } = await world.register({ password: 'Start@2026' });
    const page = await openProfile(phone, password, VIEWPORTS.desktop);
    const layout = new Layout(page);

    await page.getByRole('button', { name: '编辑资料' }).click();
    const edit = page.getByRole('dialog', { name: '编辑资料' });
    expect(await edit.getByLabel('手机号').isDisabled()).toBe(true);
    await edit.getByText(PHONE_READONLY_MESSAGE).waitFor();
    await edit.getByLabel('姓名').fill('李');
    await edit.getByRole('button', { name: '保存' }).click();
    await edit.getByText('姓名至少2个字符').waitFor();
    await edit.getByLabel('姓名').fill('李秀英');
    await edit.getByLabel('公司').fill('澄江安居房产');
    await edit.getByLabel('职位').fill('置业顾问');
    await edit.getByRole('button', { name: '保存' }).click();
    await layout.waitForToast(AUTH_MESSAGES.profileUpdated);
    expect(await page.getByTestId('profile-name').textContent()).toBe('李秀英');
    await page.reload();
    await page.getByTestId('profile-name').filter({ hasText: '李秀英' }).waitFor();
    await saveScreenshot(page, 'profile-edited-desktop');

    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    const confirm = dialog.getByRole('button', { name: '确认修改' });
    await dialog.getByLabel('当前密码').fill('Wrong@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('abc123');
    expect(await dialog.getByTestId('password-strength').getAttribute('data-level')).toBe('weak');
    await dialog.getByText('建议：至少8个字符、包含大写字母').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('确认新密码').fill('abc12');
    await dialog.getByText(CHANGE_PASSWORD_MESSAGES.mismatchHint, { exact: true }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('新密码', { exact: true }).fill('Better@2026');
    expect(await dialog.getByTestId('password-strength').getAttribute('data-level')).toBe('strong');
    await dialog.getByLabel('确认新密码').fill('Better@2026');
    await saveScreenshot(page, 'profile-change-password-desktop');
    await confirm.click();
    await dialog.getByText(ERROR_MESSAGES.wrong_password).waitFor();
    await dialog.getByLabel('当前密码').fill(password);
    await confirm.click();
    await layout.waitForToast(CHANGE_PASSWORD_MESSAGES.success);
    expect(await apiLogin(phone, password)).toBe(401);
    expect(await apiLogin(phone, 'Better@2026')).toBe(200);

    await page.getByRole('button', { name: '退出登录' }).click();
    await layout.waitForToast(AUTH_MESSAGES.loggedOut);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('uploads an avatar, shows it in the header and the user menu, and removes it', async () => {
    const { phone, password } = await world.register({ password: 'Start@2026' });
    const page = await openProfile(phone, password, VIEWPORTS.desktop);
    const layout = new Layout(page);
    const profileAvatar = page.getByTestId('profile-avatar');
    const menuAvatar = page.getByRole('button', { name: '用户菜单' }).locator('img');
    expect(await profileAvatar.locator('img').count()).toBe(0);

    await page.getByRole('button', { name: '编辑资料' }).click();
    const edit = page.getByRole('dialog', { name: '编辑资料' });
    // Not an image: refused on the device with the upload's message.
    await edit.getByLabel('选择头像图片').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await edit
      .getByTestId('avatar-error')
      .getByText(UPLOAD_MESSAGES.unsupportedImage('text/plain'))
      .waitFor();
    const jpeg = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 220, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await edit.getByLabel('选择头像图片').setInputFiles({
      name: '头像.jpg',
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await edit.getByTestId('avatar-preview').locator('img[src^="blob:"]').waitFor();
    expect(await edit.getByTestId('avatar-error').count()).toBe(0);
    await saveScreenshot(page, 'profile-avatar-dialog-desktop');
    await edit.getByRole('button', { name: '保存' }).click();
    await layout.waitForToast(AUTH_MESSAGES.profileUpdated);

    // Stored on the server as a /media/ link, served, and shown in the header and the menu.
    const src = await profileAvatar.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/media\//);
    const served = await fetch(`${world.url}${src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(await menuAvatar.getAttribute('src')).toBe(src);
    await page.reload();
    await profileAvatar.locator(`img[src="${src}"]`).waitFor();
    await saveScreenshot(page, 'profile-avatar-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'profile-avatar-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Offline, the upload fails with a clear message and nothing changes.
    await page.getByRole('button', { name: '编辑资料' }).click();
    await edit.getByLabel('选择头像图片').setInputFiles({
      name: 'second.jpg',
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await world.browser.context.setOffline(true);
    try {
      await edit.getByRole('button', { name: '保存' }).click();
      await edit
        .getByTestId('avatar-error')
        .getByText(AVATAR_MESSAGES.uploadFailed(AUTH_MESSAGES.networkError))
        .waitFor();
    } finally {
      await world.browser.context.setOffline(false);
    }
    await edit.getByRole('button', { name: '取消' }).click();
    expect(await profileAvatar.locator('img').getAttribute('src')).toBe(src);

    await page.getByRole('button', { name: '编辑资料' }).click();
    await edit.getByRole('button', { name: AVATAR_MESSAGES.remove }).click();
    expect(await edit.getByTestId('avatar-preview').locator('img').count()).toBe(0);
    await edit.getByRole('button', { name: '保存' }).click();
    await layout.waitForToast(AUTH_MESSAGES.profileUpdated);
    await profileAvatar.locator('img').waitFor({ state: 'detached' });
    expect(await profileAvatar.textContent()).toBe('测');
    expect(await menuAvatar.count()).toBe(0);
    const me = await fetch(`${world.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password }),
    });
    expect(((await me.json()) as { user: { avatar_url: string } }).user.avatar_url).toBe('');
  });
});
