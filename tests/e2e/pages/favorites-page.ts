/** Page model of /favorites and /recent: cards, the filter selects, clear all. */
import type { Locator, Page } from 'playwright-core';

export class FavoritesPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly search: Locator;
  readonly clearAll: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /我的收藏/, level: 1 });
    this.cards = page.getByTestId('property-card');
    this.search = page.getByRole('searchbox', { name: '搜索收藏' });
    this.clearAll = page.getByRole('button', { name: '清空收藏' });
    this.confirmDialog = page.getByRole('dialog', { name: '清空收藏' });
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/favorites`);
    await this.heading.waitFor();
  }

  /** Ids of the cards shown, in order. */
  ids(): Promise<string[]> {
    return this.cards.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-property-id') ?? ''),
    );
  }

  /** Picks an option of one of the filter selects (价格, 面积, 区域). */
  choose(label: string, option: string): Promise<void> {
    return chooseOption(this.page, label, option);
  }

  /** The heart of the card of this listing. */
  heart(id: string): Locator {
    return this.page
      .locator(`[data-testid="property-card"][data-property-id="${id}"]`)
      .getByRole('button', { name: /收藏/ });
  }
}

/** Picks an option of a MUI select by its label, anywhere on the page. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
