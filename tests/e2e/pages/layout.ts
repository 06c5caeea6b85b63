/** Page model of the main layout's chrome: header, user menu, toasts, mobile tab bar. */
import type { Locator, Page } from 'playwright-core';
import { explainFailure } from '../../helpers/browser';

export class Layout {
  readonly header: Locator;
  readonly loginLink: Locator;
  readonly registerLink: Locator;
  readonly userMenuButton: Locator;
  readonly bottomTabBar: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header');
    this.loginLink = this.header.getByRole('link', { name: '登录', exact: true });
    this.registerLink = this.header.getByRole('link', { name: '注册', exact: true });
    this.userMenuButton = this.header.getByRole('button', { name: '用户菜单' });
    this.bottomTabBar = page.getByRole('navigation', { name: '底部导航' });
  }

  /** A toast with this text (waits until it shows). */
  async waitForToast(text: string): Promise<Locator> {
    const toast = this.page.getByTestId('toast').filter({ hasText: text });
    await explainFailure(this.page, 'toast-wait-timeout', () =>
      toast.waitFor({ state: 'visible' }),
    );
    return toast;
  }

  /** Waits until every finite animation or transition on the page has ended (e.g. a dialog's fade-in). */
  async animationsFinished(): Promise<void> {
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  }

  async signOut(): Promise<void> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: '退出登录' }).click();
  }
}
