/** Page model of /register. */
import type { Locator, Page } from 'playwright-core';

export interface RegisterFields {
  phone: string;
  name?: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

export class RegisterPage {
  readonly phone: Locator;
  readonly name: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly agreement: Locator;
  readonly submitButton: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '注册账号' });
    this.phone = page.getByRole('textbox', { name: '手机号' });
    this.name = page.getByRole('textbox', { name: '姓名（选填）' });
    this.password = page.getByLabel('密码', { exact: true });
    this.confirmPassword = page.getByLabel('确认密码', { exact: true });
    this.agreement = page.getByRole('checkbox', { name: /我已阅读并同意/ });
    this.submitButton = page.getByRole('button', { name: '注册', exact: true });
  }

  async fill(fields: RegisterFields): Promise<void> {
    await this.phone.fill(fields.phone);
    if (fields.name !== undefined) await this.name.fill(fields.name);
    await this.password.fill(fields.password);
    await this.confirmPassword.fill(fields.confirmPassword);
    await this.agreement.setChecked(fields.agreement);
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  /** The helper text under a field (or the agreement checkbox) with this message. */
  fieldError(message: string): Locator {
    return this.page.locator('.MuiFormHelperText-root', { hasText: message });
  }
}
