/** Page model of /admin/demands: 需求管理 for an admin, 我的需求 for anyone else. */
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './favorites-page';

export class AdminDemandsPage {
  readonly cards: Locator;
  readonly search: Locator;
  readonly pager: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('demand-card');
    this.search = page.getByRole('searchbox', { name: '搜索需求' });
    this.pager = page.getByRole('navigation', { name: '分页' });
  }

  heading(title: '需求管理' | '我的需求'): Locator {
    return this.page.getByRole('heading', { name: title, level: 1 });
  }

  card(id: string): Locator {
    return this.page.locator(`[data-testid="demand-card"][data-demand-id="${id}"]`);
  }

  /** The pager's 第 x / y 页. */
  pageLabel(page: number, pages: number): Locator {
    return this.pager.getByText(`第 ${page} / ${pages} 页`, { exact: true });
  }

  async filter(label: '类型' | '状态', option: string): Promise<void> {
    await chooseOption(this.page, label, option);
  }

  async goTo(direction: '上一页' | '下一页'): Promise<void> {
    await this.pager.getByRole('button', { name: direction }).click();
  }

  /** Marks the demand with another state through its card's 更改状态 menu. */
  async changeStatus(id: string, label: '待处理' | '已暂停' | '已完成'): Promise<void> {
    await this.card(id).getByRole('button', { name: '更改状态' }).click();
    await this.page.getByRole('menuitem', { name: `标记为${label}` }).click();
  }

  /** Deletes the demand after confirming in the dialog. */
  async delete(id: string): Promise<void> {
    await this.card(id).getByRole('button', { name: '删除' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: '删除' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
