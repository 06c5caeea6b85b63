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
}
