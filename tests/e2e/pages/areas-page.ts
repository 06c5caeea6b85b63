/** Page models of 区域找房 (/areas) and a 小区's page (/communities/:name). */
import type { Locator, Page } from 'playwright-core';

export class AreasPage {
  readonly townshipRows: Locator;
  readonly communityRows: Locator;

  constructor(readonly page: Page) {
    this.townshipRows = page.getByTestId('township-row');
    this.communityRows = page.getByTestId('community-row');
  }

  async goto(base: string, query = ''): Promise<void> {
    await this.page.goto(`${base}/areas${query}`);
    await this.townshipRows.first().waitFor();
  }

  /** A township's or 小区's row by its name. */
  township(name: string): Locator {
    return this.page.locator(`[data-testid="township-row"][data-name="${name}"]`);
  }

  community(name: string): Locator {
    return this.page.locator(`[data-testid="community-row"][data-name="${name}"]`);
  }

  /** The row's number of listings and its headline figure ('12,345元/㎡', '1800元/月', '暂无'). */
  async figures(row: Locator): Promise<{ count: number; average: string }> {
    return {
      count: Number(await row.getByTestId('place-count').textContent()),
      average: (await row.getByTestId('place-average').textContent()) ?? '',
    };
  }

  /** Switches the figures to 出售 or 出租. */
  async showType(label: '出售' | '出租'): Promise<void> {
    await this.page
      .getByRole('group', { name: '房源类型' })
      .getByRole('button', { name: label })
      .click();
  }
}

export class CommunityPage {
  readonly heading: Locator;
  readonly unitPrice: Locator;
  readonly saleCount: Locator;
  readonly rentCount: Locator;
  readonly trendMonths: Locator;
  readonly saleCards: Locator;
  readonly rentCards: Locator;
  readonly photos: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.unitPrice = page.getByTestId('community-unit-price');
    this.saleCount = page.getByTestId('community-sale-count');
    this.rentCount = page.getByTestId('community-rent-count');
    this.trendMonths = page.getByTestId('unit-price-trend-month');
    this.saleCards = page.getByTestId('community-sale-listings').getByTestId('property-card');
    this.rentCards = page.getByTestId('community-rent-listings').getByTestId('property-card');
    this.photos = page.getByTestId('community-photo');
  }

  async goto(base: string, name: string): Promise<void> {
    await this.page.goto(`${base}/communities/${encodeURIComponent(name)}`);
  }
}
