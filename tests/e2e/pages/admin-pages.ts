/** Page models of the admin's review queue (/admin/audit) and listing console (/admin/properties). */
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './favorites-page';

/** The admin card of one listing, on either page. */
export function adminCard(page: Page, id: string): Locator {
  return page.locator(`[data-testid="admin-property-card"][data-property-id="${id}"]`);
}

export class AuditPage {
  readonly heading: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '房源审核', level: 1 });
    this.cards = page.getByTestId('admin-property-card');
  }

  async approve(id: string): Promise<void> {
    await adminCard(this.page, id).getByRole('button', { name: '通过' }).click();
  }

  async reject(id: string, reason: string): Promise<void> {
    await adminCard(this.page, id).getByRole('button', { name: '拒绝' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('拒绝原因').fill(reason);
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

export class ConsolePage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly search: Locator;
  readonly selectPage: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '房源管理', level: 1 });
    this.cards = page.getByTestId('admin-property-card');
    this.search = page.getByRole('searchbox', { name: '搜索房源' });
    this.selectPage = page.getByRole('checkbox', { name: /全选本页/ });
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/admin/properties`);
    await this.heading.waitFor();
  }

  async filter(label: '状态' | '审核' | '类型' | '排序', option: string): Promise<void> {
    await chooseOption(this.page, label, option);
  }

  async bulk(action: '批量上架' | '批量下架' | '批量删除' | '清除选择'): Promise<void> {
    await this.page.getByRole('button', { name: action, exact: true }).click();
  }

  /** Opens the listing's operation log; returns the dialog. */
  async openLog(id: string): Promise<Locator> {
    await adminCard(this.page, id).getByRole('button', { name: '日志' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('oplog-panel').waitFor();
    return dialog;
  }
}
