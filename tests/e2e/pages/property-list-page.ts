/** Page model of /properties: search, the filter panel, result count, cards and paging. */
import type { Locator, Page } from 'playwright-core';
import { waitForReact } from '../../helpers/browser';

export class PropertyListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly filterToggle: Locator;
  readonly panel: Locator;
  readonly resultCount: Locator;
  readonly cards: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '房源列表', level: 1 });
    this.search = page.getByRole('searchbox', { name: '搜索房源' });
    this.filterToggle = page.locator('button[aria-controls="property-filter-panel"]');
    this.panel = page.getByTestId('filter-panel');
    this.resultCount = page.getByTestId('result-count');
    this.cards = page.getByTestId('property-card');
    this.loadMore = page.getByRole('button', { name: '加载更多' });
  }

  async goto(base: string, query = ''): Promise<void> {
    await this.page.goto(`${base}/properties${query}`);
    await this.waitForResults();
  }

  /** Waits until the device has answered (count shown) and the page answers clicks. */
  async waitForResults(): Promise<void> {
    await this.heading.waitFor();
    await waitForReact(this.page);
    await this.page.waitForFunction(() =>
      /共找到\s*\d+\s*套房源/.test(
        document.querySelector('[data-testid="result-count"]')?.textContent ?? '',
      ),
    );
  }

  async count(): Promise<number> {
    const text = (await this.resultCount.textContent()) ?? '';
    return Number(/(\d+)/.exec(text)?.[1] ?? NaN);
  }

  /** Opens the filter panel and waits until it has finished opening (its height animates). */
  async openPanel(): Promise<void> {
    if ((await this.filterToggle.getAttribute('aria-expanded')) !== 'true')
      await this.filterToggle.click();
    await this.panel.waitFor();
    await this.page.waitForFunction(() =>
      document.getElementById('property-filter-panel')?.classList.contains('MuiCollapse-entered'),
    );
  }

  /** Clicks an option of a panel row (类型, 区域, 价格, 面积, 户型, 排序). */
  async choose(row: string, option: string): Promise<void> {
    const button = this.panel
      .getByRole('group', { name: row })
      .getByRole('button', { name: option, exact: true });
    await button.click();
    await this.page.waitForFunction(
      ([r, o]) =>
        document
          .querySelector(`[role="group"][aria-label="${r}"]`)
          ?.querySelector(`button[aria-pressed="true"]`)?.textContent === o,
      [row, option] as const,
    );
  }

  /** Ids of every listed card, loading further pages until all are shown. */
  async allIds(): Promise<string[]> {
    const total = await this.count();
    for (let i = 0; i < 100; i++) {
      const shown = await this.cards.count();
      if (shown >= total) break;
      // The button also loads by itself once scrolled into view (and is replaced): a plain event.
      if (await this.loadMore.isVisible())
        await this.loadMore.dispatchEvent('click').catch(() => undefined);
      else await this.page.mouse.wheel(0, 4000);
      // The next page shows up; if the click was lost to a replaced button, try again.
      await this.page
        .waitForFunction(
          (n) => document.querySelectorAll('[data-testid="property-card"]').length > n,
          shown,
          { timeout: 2_000 },
        )
        .catch(() => undefined);
    }
    return this.cards.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-property-id') ?? ''),
    );
  }

  /** For each card shown, in order: whether it carries the 置顶 badge. */
  async priorityBadged(): Promise<boolean[]> {
    return this.cards.evaluateAll((els) =>
      els.map((e) => e.querySelector('[data-testid="priority-badge"]') !== null),
    );
  }
}
