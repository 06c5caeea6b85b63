/**
 * Page model of /admin/settings: the default phone, the review switch, the image limit, save; and
 * the 房贷参考利率 form with its own save.
 */
import type { Locator, Page } from 'playwright-core';

export class AdminSettingsPage {
  readonly phone: Locator;
  readonly auditRequired: Locator;
  readonly imageLimit: Locator;
  readonly saveButton: Locator;
  /** The 房贷参考利率 form. */
  readonly rates: Locator;
  readonly lpr: Locator;
  readonly basisPoints: Locator;
  readonly providentFirstLong: Locator;
  readonly saveRatesButton: Locator;

  constructor(readonly page: Page) {
    this.phone = page.getByLabel('默认联系电话');
    this.auditRequired = page.getByLabel('房源发布需要审核');
    this.imageLimit = page.getByLabel('每个房源图片数量上限');
    this.saveButton = page.getByRole('button', { name: '保存设置' });
    this.rates = page.getByRole('form', { name: '房贷参考利率' });
    this.lpr = this.rates.getByLabel('5年期以上LPR');
    this.basisPoints = this.rates.getByLabel('加减基点');
    this.providentFirstLong = this.rates.getByLabel('5年以上').first();
    this.saveRatesButton = page.getByRole('button', { name: '保存参考利率' });
  }

  /** Opens the screen and waits until the form shows the device's settings. */
  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/admin/settings`);
    await this.phone.waitFor({ timeout: 30_000 });
  }

  /** Sets the review switch on or off. */
  async setAuditRequired(on: boolean): Promise<void> {
    if ((await this.auditRequired.isChecked()) !== on) await this.auditRequired.click();
  }

  /** The helper text under a field with this message. */
  fieldError(message: string): Locator {
    return this.page.locator('.MuiFormHelperText-root', { hasText: message });
  }
}
