/**
 * The profile page in real Chromium against the real gateway (embedded store, demo accounts): the
 * role label and link grid per role, editing the profile and changing the password for real (the
 * server agrees), the strength meter and the mismatch hint, and sign out.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES, PHONE_READONLY_MESSAGE } from '@couchdb/model/auth';
import { AUTH_MESSAGES, ERROR_MESSAGES } from '@couchdb/model/errors';
import { ROLE_LABELS } from '@couchdb/model/roles';
import {
  launchBrowser,
  saveScreenshot,
  VIEWPORTS,
  type TestBrowser,
  type Viewport,
} from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { login, type DemoRole } from './pages/browse-fixtures';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';

let gateway: RunningGateway;
let browser: TestBrowser;

async function openProfile(phone: string, password: string, viewport: Viewport) {
  const page = await browser.openPage(`${gateway.url}/profile`, viewport);
  const loginPage = new LoginPage(page);
  await loginPage.waitUntilShown();
  await loginPage.login(phone, password);
  await page.waitForURL((url) => url.pathname === '/profile');
  await page.getByTestId('profile-phone').waitFor();
  return page;
}

async function apiLogin(phone: string, password: string): Promise<number> {
  const res = await fetch(`${gateway.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  return res.status;
}

beforeAll(async () => {
  gateway = await startGateway({ embedded: true });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const page of browser.context.pages()) await page.close();
  await browser.context.clearCookies();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('profile', () => {
  it.each([
    ['user', ['浏览记录', '我的需求', '我的房源', '我的收藏', '加入我们', '帮助中心']],
    [
      'agent',
      ['浏览记录', '我的需求', '我的房源', '我的收藏', '经纪人工具', '培训中心', '生成名片二维码'],
    ],
    ['admin', ['平台管理', '房源审核', '需求管理', '系统设置', '用户管理', '房源管理', '资讯管理']],
  ] as const)('shows the %s role label and its link grid', async (role, links) => {
    const account = await login(gateway.url, role as DemoRole);
    const page = await openProfile(account.phone, account.password, VIEWPORTS.mobile);
    expect(await page.getByTestId('profile-role').textContent()).toBe(ROLE_LABELS[role]);
    const grid = page.getByRole('navigation', { name: '常用功能' });
    expect(await grid.getByRole('link').allTextContents()).toEqual(links);
    await saveScreenshot(page, `profile-${role}-mobile`);
  });

  it('saves the profile and changes the password on the server, then signs out', async () => {
    // A fresh account, so the demo passwords stay as they are.
    const phone = `137${String(Date.now()).slice(-8)}`;
    const password = 'Start@2026';
    const res = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password, name: '测试用户' }),
    });
    expect(res.status).toBe(201);
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
});
