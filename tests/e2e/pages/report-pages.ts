/**
 * Page models of the listing trust parts (issue 19): the report dialog on a listing's page, the
 * reporter's 我的举报, and the admin's report queue and code tab on 房源审核 (/admin/audit).
 */
import type { Locator, Page } from 'playwright-core';
import { REPORT_MESSAGES } from '@couchdb/model/trust-facts';
import { VERIFICATION_MESSAGES } from '@couchdb/model/verification-facts';
import { adminCard } from './admin-pages';

export class ReportDialog {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly note: Locator;
  readonly submit: Locator;
  readonly offlineNotice: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('report-listing');
    this.dialog = page.getByRole('dialog', { name: REPORT_MESSAGES.title });
    this.note = this.dialog.getByLabel(REPORT_MESSAGES.note);
    this.submit = this.dialog.getByRole('button', { name: REPORT_MESSAGES.submit });
    this.offlineNotice = this.dialog.getByTestId('report-offline');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  /** Picks a reason and waits for the form to show it chosen (a controlled radio re-renders). */
  async chooseReason(label: string): Promise<void> {
    const radio = this.dialog.getByRole('radio', { name: label });
    await radio.click();
    await this.page.waitForFunction(
      (name) =>
        [
          ...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input[type="radio"]'),
        ].some((input) => input.checked && input.closest('label')?.textContent === name),
      label,
    );
  }
}

export class MyReportsPage {
  constructor(readonly page: Page) {}

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/my-reports`);
    await this.page.getByRole('heading', { name: REPORT_MESSAGES.mine, level: 1 }).waitFor();
  }

  report(propertyId: string): Locator {
    return this.page.locator(`[data-testid="my-report"][data-property-id="${propertyId}"]`);
  }
}

export class ReportQueuePage {
  constructor(readonly page: Page) {}

  async goto(base: string, tab: 'reports' | 'codes'): Promise<void> {
    await this.page.goto(`${base}/admin/audit?tab=${tab}`);
    await this.page.getByRole('heading', { name: '房源审核', level: 1 }).waitFor();
  }

  entry(propertyId: string): Locator {
    return this.page.locator(`[data-testid="report-entry"][data-property-id="${propertyId}"]`);
  }

  /** 驳回, 下架 or 要求整改 with the reason the owner sees. */
  async decide(propertyId: string, action: string, reason: string): Promise<void> {
    await this.entry(propertyId).getByRole('button', { name: action, exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(REPORT_MESSAGES.decisionReason).fill(reason);
    await dialog.getByRole('button', { name: `确认${action}` }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async verify(propertyId: string): Promise<void> {
    await adminCard(this.page, propertyId)
      .getByRole('button', { name: VERIFICATION_MESSAGES.verify })
      .click();
  }
}
