/** Page model of the main layout's chrome: header, user menu, toasts, mobile tab bar. */
import type { Locator, Page } from 'playwright-core';
import { explainFailure, UI_WAIT } from '../../helpers/browser';

/** How long before a wait for a toast a toast may have shown and still be the one it waits for. */
const TOAST_RECENT_MS = 10_000;

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

  /**
   * Waits until a toast with this text shows: one put on the page since the last toast a wait
   * matched, and at most `TOAST_RECENT_MS` before this wait (the page's log, `recordToasts`, keeps
   * a toast that closed itself before the wait could look).
   */
  async waitForToast(text: string): Promise<Locator> {
    const since = Date.now() - TOAST_RECENT_MS;
    await explainFailure(this.page, 'toast-wait-timeout', () =>
      this.page.waitForFunction(
        ({ text, since }) => {
          const log = window.__toastLog ?? [];
          const from = window.__toastsMatched ?? 0;
          const index = log.findIndex(
            (t, i) => i >= from && t.at >= since && t.text.includes(text),
          );
          if (index < 0) return false;
          window.__toastsMatched = index + 1;
          return true;
        },
        { text, since },
        UI_WAIT,
      ),
    );
    return this.page.getByTestId('toast').filter({ hasText: text });
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
