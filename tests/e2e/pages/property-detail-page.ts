/**
 * Page model of /properties/:id: media carousel, video, panorama, share, phone dialog, the phone's
 * contact bar, the loan estimate.
 */
import type { Locator, Page } from 'playwright-core';
import { waitForReact } from '../../helpers/browser';

export class PropertyDetailPage {
  readonly title: Locator;
  readonly video: Locator;
  readonly panoramaButton: Locator;
  readonly panorama: Locator;
  readonly shareButton: Locator;
  readonly phoneButton: Locator;
  readonly contactDialog: Locator;
  readonly favoriteButton: Locator;
  readonly notFound: Locator;
  readonly views: Locator;
  /** The phone's contact bar at the bottom (hidden on laptops). */
  readonly contactBar: Locator;
  /**
   * Its 电话咨询: a tel: link when the number may be called at once, a visitor's link to the
   * login, else a button.
   */
  readonly barCall: Locator;
  readonly barFavorite: Locator;
  readonly barShare: Locator;
  /** The loan estimate's 首付 and 参考月供 (sale listings). */
  readonly loanDownPayment: Locator;
  readonly loanMonthly: Locator;
  /** What the video slide shows until it plays. */
  readonly videoPoster: Locator;
  /** 相似房源's section, and its anchor: where the section goes until the reader scrolls near it. */
  readonly similar: Locator;
  readonly similarAnchor: Locator;
  /** 房源位置: the point as text (absent when the listing has none). */
  readonly locationPoint: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 });
    this.locationPoint = page.getByTestId('detail-location-point');
    this.video = page.getByTestId('video-player');
    this.panoramaButton = page.getByRole('button', { name: '360°全景' });
    this.panorama = page.getByTestId('panorama-overlay');
    this.shareButton = page
      .getByRole('region', { name: '房源概要' })
      .getByRole('button', { name: '分享' });
    // A visitor's is a link to the login (working before the app has loaded).
    this.phoneButton = page
      .getByRole('region', { name: '房源概要' })
      .locator('a, button')
      .filter({ hasText: '电话咨询' });
    this.contactDialog = page.getByRole('dialog', { name: '电话咨询' });
    this.favoriteButton = page
      .getByRole('region', { name: '房源概要' })
      .getByRole('button', { name: /收藏/ });
    this.notFound = page.getByText('房源不存在或已下架');
    this.views = page.getByTestId('detail-views');
    this.contactBar = page.getByRole('region', { name: '联系栏' });
    this.barCall = this.contactBar.locator('a, button').filter({ hasText: '电话咨询' });
    this.barFavorite = this.contactBar.getByRole('button', { name: /收藏/ });
    this.barShare = this.contactBar.getByRole('button', { name: '分享' });
    this.loanDownPayment = page.getByTestId('loan-down-payment');
    this.loanMonthly = page.getByTestId('loan-monthly');
    this.videoPoster = this.video.getByTestId('video-poster');
    this.similar = page.getByTestId('similar-listings');
    this.similarAnchor = page.getByTestId('similar-listings-anchor');
  }

  /**
   * Scrolls to 相似房源 until it is there: to its anchor, which the section replaces once near the
   * viewport (the anchor may go while the page scrolls to it), then to the section.
   */
  async scrollToSimilar(timeout: number): Promise<void> {
    const selector = '[data-testid="similar-listings"], [data-testid="similar-listings-anchor"]';
    const deadline = Date.now() + timeout;
    while ((await this.similar.count()) === 0) {
      if (Date.now() > deadline) throw new Error('相似房源 did not render after scrolling to it');
      await this.page.evaluate(
        (s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }),
        selector,
      );
      await this.similar.waitFor({ timeout: 1000 }).catch(() => undefined);
    }
  }

  /** A row of the 房源信息 grid by its key (rooms, area, floor, orientation, decoration …). */
  fact(key: string): Locator {
    return this.page.getByTestId(`fact-${key}`);
  }

  /** The 价格走势 section's changes, newest first ('2025-03-01 88.0万'). */
  async priceHistory(): Promise<string[]> {
    return this.page
      .getByTestId('price-history-point')
      .evaluateAll((els) =>
        els.map((e) => [...e.children].map((c) => c.textContent ?? '').join(' ')),
      );
  }

  async goto(base: string, id: string): Promise<void> {
    await this.page.goto(`${base}/properties/${encodeURIComponent(id)}`);
    await this.title.waitFor();
    await waitForReact(this.page);
  }

  /**
   * Opens 电话咨询 and returns whom its dialog names and the number it gives, as first shown: the
   * dialog names no one while whom to call is still being worked out (a promotion being read).
   */
  async openContact(): Promise<{ name: string; phone: string }> {
    await this.phoneButton.click();
    const name = this.contactDialog.getByTestId('contact-name');
    await name.waitFor();
    return {
      name: (await name.textContent()) ?? '',
      phone: (await this.contactDialog.getByTestId('contact-phone').textContent()) ?? '',
    };
  }

  /** Shows the first video slide of the carousel. */
  async showVideo(): Promise<void> {
    await this.page.getByRole('tab', { name: /^视频/ }).first().click();
    await this.video.waitFor();
  }
}
