/** Page model of /login. */
import type { Locator, Page } from 'playwright-core';

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

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/login');
    await this.heading.waitFor();
  }

  async login(phone: string, password: string): Promise<void> {
    await this.phone.fill(phone);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  /**
   * Signs in from /login and waits for the home page. A browser signed in already is sent on to
   * /profile by the screen: it must be as this account then, and goes home as a sign-in would.
   */
  async signIn(phone: string, password: string): Promise<void> {
    const profilePhone = this.page.getByTestId('profile-phone');
    await this.heading.or(profilePhone).waitFor();
    if (await this.heading.isVisible()) {
      await this.login(phone, password);
    } else {
      const shown = await profilePhone.textContent();
      if (shown !== phone) throw new Error(`signed in as ${shown}, not ${phone}`);
      await this.page.goto(new URL('/', this.page.url()).href);
    }
    await this.page.waitForURL((url) => url.pathname === '/');
  }

  /** The helper text under a field with this message. */
  fieldError(message: string): Locator {
    return this.page.locator('.MuiFormHelperText-root', { hasText: message });
  }
}
