/** Page model of the sign-out question asked when the device holds unsent items. */
import type { Locator, Page } from 'playwright-core';
import { SIGN_OUT_MESSAGES } from '@couchdb/model/sign-out-facts';

export class SignOutDialog {
  readonly dialog: Locator;
  readonly items: Locator;
  readonly waitButton: Locator;
  readonly keepButton: Locator;
  readonly discardButton: Locator;
  readonly confirmDiscard: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: SIGN_OUT_MESSAGES.title });
    this.items = this.dialog.getByTestId('unsent-item');
    this.waitButton = this.dialog.getByRole('button', { name: SIGN_OUT_MESSAGES.wait });
    this.keepButton = this.dialog.getByRole('button', { name: SIGN_OUT_MESSAGES.keep });
    this.discardButton = this.dialog.getByRole('button', { name: SIGN_OUT_MESSAGES.discard });
    this.confirmDiscard = page.getByRole('dialog', { name: SIGN_OUT_MESSAGES.discardTitle });
  }

  /** The lines of what is unsent (e.g. "1 条房源"), once the dialog shows. */
  async lines(): Promise<string[]> {
    await this.dialog.waitFor();
    return this.items.allTextContents();
  }
}
