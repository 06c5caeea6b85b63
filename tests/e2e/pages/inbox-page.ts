/** Page models of issue 19: the 保存搜索 dialog, the 消息 screen and the chrome's unread badge. */
import type { Locator, Page } from 'playwright-core';
import {
  INBOX_MESSAGES,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_MODE_LABELS,
  type SavedSearchMode,
} from '@couchdb/model/saved-search-facts';

export class SaveSearchDialog {
  readonly button: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: SAVED_SEARCH_MESSAGES.save });
    this.dialog = page.getByRole('dialog', { name: SAVED_SEARCH_MESSAGES.dialogTitle });
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.dialog.waitFor({ state: 'visible' });
  }

  async fill(name: string, mode: SavedSearchMode, quiet = false): Promise<void> {
    await this.dialog.getByLabel(SAVED_SEARCH_MESSAGES.name).fill(name);
    await this.dialog.getByRole('button', { name: SAVED_SEARCH_MODE_LABELS[mode] }).click();
    if (quiet) await this.dialog.getByLabel(SAVED_SEARCH_MESSAGES.quiet).check();
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: '保存', exact: true }).click();
    await this.dialog.waitFor({ state: 'hidden' });
  }
}

export class InboxPage {
  readonly entries: Locator;
  readonly unreadEntries: Locator;
  readonly markAllRead: Locator;
  /** The 消息 entry of the header (laptop) or the tab bar (phone) with its badge. */
  readonly headerBadge: Locator;
  readonly tabBadge: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('inbox-entry');
    this.unreadEntries = page.locator('[data-testid="inbox-entry"][data-unread="true"]');
    this.markAllRead = page.getByRole('button', { name: INBOX_MESSAGES.markAllRead });
    this.headerBadge = page.locator('header').getByTestId('inbox-badge');
    this.tabBadge = page.getByRole('navigation', { name: '底部导航' }).getByTestId('inbox-badge');
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/messages`);
    await this.page.getByRole('heading', { name: INBOX_MESSAGES.title, level: 1 }).waitFor();
  }

  /** The badge's number, as shown (drawn from its data-count). */
  badgeCount(which: Locator): Locator {
    return which.locator('.MuiBadge-badge [data-count]');
  }

  entry(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }
}
