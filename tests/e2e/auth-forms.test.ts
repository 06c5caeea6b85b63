/**
 * The account forms on react-hook-form, in real Chromium against the real gateway: login checks
 * the password length on the device (no request), and a signed-in user's /login and /register go
 * to the profile without showing the form; the demand form shows the shared rules' messages.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_MESSAGE } from '@couchdb/model/auth-facts';
import { DEMAND_FORM_MESSAGES } from '@couchdb/model/demand-facts';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { saveScreenshot, VIEWPORTS } from '../helpers/browser';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { useWorld } from './world';

const WAIT = { timeout: 15_000 };

const world = useWorld({ browser: 'test' });

describe('login form', () => {
  it('refuses a 3-character password with 密码至少6位 and sends no login request', async () => {
    const { phone } = await world.register({ password: 'secret123', name: '表单用户' });
    const page = await world.browser.openPage(`${world.url}/login`, VIEWPORTS.mobile);
    const login = new LoginPage(page);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/login') sent.push(req.postData() ?? '');
    });

    await login.heading.waitFor(WAIT);
    await login.login(phone, 'abc');
    await login.fieldError(PASSWORD_MIN_MESSAGE).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/login');
    await saveScreenshot(page, 'login-password-too-short-mobile');

    // The negative proved by what follows: the first login request the page sends is the one with
    // the corrected password (a request for 'abc' would have gone first).
    await login.password.fill('secret123');
    await login.submitButton.click();
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await new Layout(page).waitForToast(AUTH_MESSAGES.loginSuccess);
    expect(sent.map((body) => (JSON.parse(body) as { password: string }).password)).toEqual([
      'secret123',
    ]);
  });
});

describe('signed in', () => {
  it('goes from /login and /register to /profile without showing either form', async () => {
    const { phone } = await world.register({ password: 'secret123', name: '表单用户' });
    const page = await world.browser.openPage(`${world.url}/login`, VIEWPORTS.desktop);
    await new LoginPage(page).signIn({ phone, password: 'secret123' });

    // Every page load records whether a login or register heading ever appeared.
    await page.addInitScript(() => {
      const seen = (): boolean =>
        [...document.querySelectorAll('h1')].some((h) =>
          ['欢迎登录', '注册账号'].includes(h.textContent ?? ''),
        );
      new MutationObserver(() => {
        if (seen()) sessionStorage.setItem('saw-account-form', '1');
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/login', '/register']) {
      await page.goto(`${world.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/profile', WAIT);
      await page.getByTestId('profile-phone').waitFor(WAIT);
      expect(await page.getByTestId('profile-phone').textContent()).toBe(phone);
      expect(await page.evaluate(() => sessionStorage.getItem('saw-account-form'))).toBeNull();
    }
  });
});

describe('demand form', () => {
  it("shows the shared rules' messages under the fields, with the user as the contact", async () => {
    const { phone } = await world.register({ password: 'secret123', name: '表单用户' });
    const page = await world.browser.openPage(`${world.url}/login`, VIEWPORTS.mobile);
    await new LoginPage(page).signIn({ phone, password: 'secret123' });
    await page.goto(`${world.url}/publish/demand`);
    const submit = page.getByRole('button', { name: '发布需求', exact: true });
    await submit.waitFor(WAIT);
    expect(await page.getByRole('textbox', { name: '联系电话' }).inputValue()).toBe(phone);

    await submit.click();
    const error = (message: string) =>
      page.locator('.MuiFormHelperText-root', { hasText: message });
    await error(DEMAND_FORM_MESSAGES.title).waitFor(WAIT);
    await error(DEMAND_FORM_MESSAGES.location).waitFor(WAIT);
    await error(DEMAND_FORM_MESSAGES.description).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/publish/demand');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'demand-form-errors-mobile');
  });
});
