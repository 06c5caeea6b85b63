/** Page model of /news and /news/:id. */
import type { Locator, Page } from 'playwright-core';

export class NewsPage {
  readonly headlines: Locator;
  readonly moreHeading: Locator;
  readonly items: Locator;
  readonly content: Locator;
  readonly likeButton: Locator;

  constructor(readonly page: Page) {
    this.headlines = page.getByTestId('news-headline');
    this.moreHeading = page.getByRole('heading', { name: '更多资讯' });
    this.items = page.getByTestId('news-item');
    this.content = page.getByTestId('news-content');
    this.likeButton = page.getByRole('button', { name: '点赞' });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tablist', { name: '资讯分类' }).getByRole('tab', { name });
  }
}
