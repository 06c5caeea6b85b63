/**
 * Sign-up, sign-in, the login guard and sign-out, in real Chromium against the real gateway
 * serving the built app (run `npm run build` first; `npm run test:e2e` does).
 */
import { describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from '@couchdb/model/auth-facts';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { USER_KEY } from '@client/lib/session/user-cache';
import { VIEWPORTS } from '../helpers/browser';
import { freshPhone } from '../helpers/phones';
import { Layout } from './pages/layout';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import { useWorld } from './world';

/** A renewal follows a page load at once, but the machines running these tests are busy. */
const RENEWAL_WAIT = { timeout: 15_000 };

/** Signs out, so the next test's /login shows its form (a signed-in user goes to /profile). */
async function signOut(layout: Layout): Promise<void> {
  await layout.signOut();
  await layout.waitForToast(AUTH_MESSAGES.loggedOut);
}

describe('auth screens', () => {
  // The run's store (not one of its own with the demo data): the accounts are all registered here.
  const world = useWorld({ gateway: {}, browser: 'file' });

  it('registers, is sent to login by the guard, returns to the page, and signs out', async () => {
    const phone = freshPhone();
    const password = 'secret123';
    const page = await world.browser.openPage(`${world.url}/register`, VIEWPORTS.desktop);
    const layout = new Layout(page);

    const register = new RegisterPage(page);
    await register.fill({
      phone,
      name: '测试用户',
      password,
      confirmPassword: password,
      agreement: true,
    });
    await register.submit();

    const login = new LoginPage(page);
    await login.waitUntilShown();
    await layout.waitForToast(AUTH_MESSAGES.registerSuccess);
    expect(await login.phone.inputValue()).toBe(phone);

    // Logged out, a login-required page sends us to /login and back after signing in.
    await page.goto(`${world.url}/profile`);
    await login.waitUntilShown();
    await login.login(phone, password);
    await page.waitForURL((url) => url.pathname === '/profile');
    await layout.waitForToast(AUTH_MESSAGES.loginSuccess);
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    expect(await page.getByTestId('profile-phone').textContent()).toBe(phone);
    await layout.userMenuButton.waitFor();

    await layout.signOut();
    await layout.waitForToast(AUTH_MESSAGES.loggedOut);
    await page.waitForURL((url) => url.pathname === '/');
    await layout.loginLink.waitFor();
    expect(await layout.userMenuButton.count()).toBe(0);

    // The session is really gone: a reload does not restore it.
    await page.reload();
    await layout.loginLink.waitFor();
    expect(await layout.userMenuButton.count()).toBe(0);
    await page.close();
  });

  it("asks for no session on a visitor's first load, and restores one from the cookie without a cached identity", async () => {
    await world.browser.context.clearCookies();
    const page = await world.browser.openPage('about:blank', VIEWPORTS.desktop);
    const layout = new Layout(page);
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/refresh') refreshes.push(req.url());
    });

    // A browser the gateway never gave a session: a visitor at once, no refresh round trip.
    await page.goto(`${world.url}/`);
    await layout.loginLink.waitFor();
    await page.getByRole('status', { name: '同步状态：已同步' }).waitFor();
    expect(refreshes).toEqual([]);

    const phone = freshPhone();
    const password = 'secret123';
    const created = await page.request.post(`${world.url}/api/auth/register`, {
      data: { phone, password, name: '测试用户' },
    });
    expect(created.status()).toBe(201);
    await page.goto(`${world.url}/login`);
    const login = new LoginPage(page);
    await login.login(phone, password);
    await layout.userMenuButton.waitFor();

    // The cached identity gone (cleared site data, another app version), the cookie still there:
    // the page-readable hint says a session exists, so the page restores it.
    await page.evaluate((key) => localStorage.removeItem(key), USER_KEY);
    await page.reload();
    await layout.userMenuButton.waitFor();
    expect(refreshes.length).toBeGreaterThan(0);
    await signOut(layout);
    await page.close();
  });

  it('stays signed in when a reload cancelled a token renewal the server had already made', async () => {
    const page = await world.browser.openPage(`${world.url}/login`, VIEWPORTS.desktop);
    const layout = new Layout(page);
    const phone = freshPhone();
    const password = 'secret123';
    const created = await page.request.post(`${world.url}/api/auth/register`, {
      data: { phone, password, name: '续期用户' },
    });
    expect(created.status()).toBe(201);
    await new LoginPage(page).login(phone, password);
    await layout.userMenuButton.waitFor();

    // The next renewal reaches the server (which rotates the cookie), but its answer never reaches
    // the browser, as when a reload or a closed tab cancels the request: the browser keeps the old
    // cookie and sends it again.
    const cookie = (await world.browser.context.cookies(`${world.url}/api/auth/refresh`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    let lost = 0;
    await page.route(
      '**/api/auth/refresh',
      async (route) => {
        const answer = await fetch(`${world.url}/api/auth/refresh`, {
          method: 'POST',
          headers: { cookie },
        });
        expect(answer.status).toBe(200);
        lost += 1;
        await route.abort('aborted');
      },
      { times: 1 },
    );
    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/auth/refresh') refreshes.push(res.status());
    });
    await page.reload();
    await expect.poll(() => refreshes, RENEWAL_WAIT).toEqual([200]);
    expect(lost).toBe(1);
    await layout.userMenuButton.waitFor();

    // And the session goes on: a fresh load renews with the cookie the server gave last.
    await page.goto(`${world.url}/profile`);
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    expect(await page.getByTestId('profile-phone').textContent()).toBe(phone);
    await expect.poll(() => refreshes, RENEWAL_WAIT).toEqual([200, 200]);
    await signOut(layout);
    await page.close();
  });

  it('keeps the account just signed in when a renewal of the previous one answers late', async () => {
    const page = await world.browser.openPage(`${world.url}/login`, VIEWPORTS.desktop);
    const layout = new Layout(page);
    const login = new LoginPage(page);
    const accounts = [freshPhone(), freshPhone()];
    for (const [i, phone] of accounts.entries()) {
      const created = await page.request.post(`${world.url}/api/auth/register`, {
        data: { phone, password: 'secret123', name: `换号用户${i}` },
      });
      expect(created.status()).toBe(201);
    }
    const [first, second] = accounts as [string, string];
    await login.login(first, 'secret123');
    await layout.userMenuButton.waitFor();

    // A signed-in user's /login goes on to /profile, so the form is there while a renewal of the
    // first account can still answer only when the session is not known on the page: its cached
    // identity gone and the first renewal lost to the network. Back online, the page renews the
    // first account's session; that renewal is held until the second account's login has been
    // submitted (or 5 s, if the page waits for it first).
    let markSubmitted = () => {};
    const submitted = new Promise<void>((resolve) => (markSubmitted = resolve));
    let renewals = 0;
    let heldAnswered = false;
    await page.route(
      '**/api/auth/refresh',
      async (route) => {
        renewals += 1;
        if (renewals === 1) return route.abort('internetdisconnected');
        // At most 5 s: a page that waited for the renewal before showing the form never submits.
        await Promise.race([submitted, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        await route.continue();
        heldAnswered = true;
      },
      { times: 2 },
    );
    await page.evaluate((key) => localStorage.removeItem(key), USER_KEY);
    await page.goto(`${world.url}/login`);
    await login.heading.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => renewals, RENEWAL_WAIT).toBe(2);
    await login.phone.fill(second);
    await login.password.fill('secret123');
    await login.submitButton.click();
    markSubmitted();
    await page.waitForURL((url) => url.pathname === '/');
    await layout.waitForToast(AUTH_MESSAGES.loginSuccess);
    expect(heldAnswered).toBe(true);

    // A fresh load restores the account that signed in last, from its cookie.
    await page.goto(`${world.url}/profile`);
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    expect(await page.getByTestId('profile-phone').textContent()).toBe(second);
    await page.evaluate((key) => localStorage.removeItem(key), USER_KEY);
    await page.reload();
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    expect(await page.getByTestId('profile-phone').textContent()).toBe(second);
    await signOut(layout);
    await page.close();
  });

  it('shows the mismatch and agreement messages under their fields', async () => {
    const page = await world.browser.openPage(`${world.url}/register`, VIEWPORTS.mobile);
    const register = new RegisterPage(page);
    await register.fill({
      phone: freshPhone(),
      password: 'secret123',
      confirmPassword: 'secret124',
      agreement: false,
    });
    await register.submit();

    await register.fieldError(PASSWORD_MISMATCH_MESSAGE).waitFor();
    await register.fieldError(AGREEMENT_MESSAGE).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await page.close();
  });

  it('shows the mobile tab bar in the layout but not on the login screen', async () => {
    const page = await world.browser.openPage(world.url, VIEWPORTS.mobile);
    const layout = new Layout(page);
    await layout.bottomTabBar.waitFor();
    for (const tab of ['首页', '资讯', '房源', '我的']) {
      expect(await layout.bottomTabBar.getByRole('link', { name: tab }).count()).toBe(1);
    }
    await page.goto(`${world.url}/login`);
    await new LoginPage(page).waitUntilShown();
    expect(await layout.bottomTabBar.count()).toBe(0);
    await page.close();
  });
});
