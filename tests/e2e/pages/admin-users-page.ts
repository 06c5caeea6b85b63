/** Page model of /admin/users: the filters, the user cards and their dialogs. */
import type { Locator, Page } from 'playwright-core';
import { ROLE_SHORT_LABELS, type UserRole } from '@couchdb/model/roles';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { SYNC_WAIT } from '../../helpers/browser';
import { chooseOption } from './favorites-page';

export class AdminUsersPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly cards: Locator;
  readonly detail: Locator;
  /** The notice that account actions need a connection. */
  readonly offlineNotice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '用户管理', level: 1 });
    this.search = page.getByRole('searchbox', { name: '搜索用户' });
    this.cards = page.getByTestId('admin-user-card');
    this.detail = page.getByRole('dialog', { name: '用户详情' });
    this.offlineNotice = page.getByText(USER_ADMIN_MESSAGES.offline);
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/admin/users`);
    await this.heading.waitFor();
  }

  /** The card of one account. */
  card(userId: string): Locator {
    return this.page.locator(`[data-testid="admin-user-card"][data-user-id="${userId}"]`);
  }

  /** Searches for `phone` and waits until the account's card has reached this device. */
  async find(phone: string, userId: string): Promise<Locator> {
    await this.search.fill(phone);
    const card = this.card(userId);
    await card.waitFor(SYNC_WAIT);
    return card;
  }

  /** The card's role badge text, e.g. 经纪人. */
  role(userId: string): Locator {
    return this.card(userId).getByTestId('user-role');
  }

  async openDetail(userId: string): Promise<void> {
    await this.card(userId).getByRole('button', { name: '详情' }).click();
    await this.detail.waitFor();
  }

  /** A role button of the open detail dialog. */
  roleButton(role: UserRole): Locator {
    return this.detail
      .getByRole('group', { name: '修改角色' })
      .getByRole('button', { name: ROLE_SHORT_LABELS[role], exact: true });
  }

  async closeDetail(): Promise<void> {
    await this.detail.getByRole('button', { name: '关闭' }).click();
    await this.detail.waitFor({ state: 'hidden' });
  }

  /** Enables or disables an account; disabling is confirmed in a dialog. */
  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await this.card(userId)
      .getByRole('button', { name: enabled ? '启用' : '禁用', exact: true })
      .click();
    if (enabled) return;
    const confirm = this.page.getByRole('dialog', { name: '禁用账号' });
    await confirm.getByRole('button', { name: '禁用', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
  }

  /** Opens the edit dialog, fills name and phone and saves (the outcome is the caller's to check). */
  async edit(userId: string, fields: { name: string; phone: string }): Promise<Locator> {
    await this.card(userId).getByRole('button', { name: '编辑', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: '编辑用户' });
    await dialog.getByLabel('姓名').fill(fields.name);
    await dialog.getByLabel('手机号').fill(fields.phone);
    await dialog.getByRole('button', { name: '保存' }).click();
    return dialog;
  }

  /** Picks `option` in the filter select `label` (角色, 状态). */
  async filter(label: string, option: string): Promise<void> {
    await chooseOption(this.page, label, option);
  }

  /** Deletes through the confirm dialog (the outcome is the caller's to check). */
  async delete(userId: string): Promise<void> {
    await this.card(userId).getByRole('button', { name: '删除', exact: true }).click();
    const confirm = this.page.getByRole('dialog', { name: '删除用户' });
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
}
