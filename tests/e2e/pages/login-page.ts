/** Page model of /login, and signing a browser in through it. */
import type { Locator, Page } from 'playwright-core';
import { explainFailure, VIEWPORTS, type TestBrowser, type Viewport } from '../../helpers/browser';

/** Who signs in: a phone number and password (a demo account, or one a test registered). */
export interface Credentials {
  phone: string;
  password: string;
}

export class LoginPage {
  readonly phone: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '欢迎登录' });
    this.phone = page.getByRole('textbox', { name: '手机号' });
    this.password = page.getByLabel('密码', { exact: true });
    this.submitButton = page.getByRole('button', { name: '登录', exact: true });
  }

  /** Goes to /login and waits for the form. */
  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/login`);
    await this.heading.waitFor();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/login');
    await this.heading.waitFor();
  }

  /** Fills the form and submits it (the outcome is the caller's to check). */
  async login(phone: string, password: string): Promise<void> {
    await this.phone.fill(phone);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  /**
   * Signs in once the form is shown and waits until the app has gone on to `landing`. A browser
   * signed in already is sent on to /profile by the screen: it must be as this account then, and
   * goes on to `landing` as a sign-in would.
   */
  async signIn(who: Credentials, landing = '/'): Promise<void> {
    const profilePhone = this.page.getByTestId('profile-phone');
    // Seen once in a full e2e run (admin-users): neither showed. What the page showed instead
    // (the boot shell, the session spinner, a blank page) tells which step stalled.
    await explainFailure(this.page, 'sign-in-wait-timeout', () =>
      this.heading.or(profilePhone).waitFor(),
    );
    if (await this.heading.isVisible()) {
      await this.login(who.phone, who.password);
    } else {
      const shown = await profilePhone.textContent();
      if (shown !== who.phone) throw new Error(`signed in as ${shown}, not ${who.phone}`);
      await this.page.goto(new URL(landing, this.page.url()).href);
    }
    await this.page.waitForURL((url) => url.pathname === landing);
  }

  /** The helper text under a field with this message. */
  fieldError(message: string): Locator {
    return this.page.locator('.MuiFormHelperText-root', { hasText: message });
  }
}

/**
 * A new page of `browser` signed in as `who` through /login: it lands on the home page, then goes
 * to `path` when given.
 */
export async function openSignedIn(
  browser: TestBrowser,
  base: string,
  who: Credentials,
  { viewport = VIEWPORTS.desktop, path }: { viewport?: Viewport; path?: string } = {},
): Promise<Page> {
  const page = await browser.openPage(`${base}/login`, viewport);
  await new LoginPage(page).signIn(who);
  if (path) await page.goto(`${base}${path}`);
  return page;
}
