/** Page model of the PWA chrome: service worker state, update prompt, install entry, offline banner. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SYNC_WAIT } from '../../helpers/browser';

export class PwaChrome {
  readonly updatePrompt: Locator;
  readonly refreshButton: Locator;
  readonly saveFirstMessage: Locator;
  readonly offlineBanner: Locator;
  readonly installButton: Locator;
  readonly storageUsage: Locator;

  constructor(readonly page: Page) {
    this.updatePrompt = page.getByTestId('update-prompt');
    this.refreshButton = page.getByRole('button', { name: '刷新', exact: true });
    this.saveFirstMessage = this.updatePrompt.getByText('请先保存当前填写的内容');
    this.offlineBanner = page.getByTestId('offline-banner');
    this.installButton = page.locator('header').getByRole('button', { name: '安装应用' });
    this.storageUsage = page.getByTestId('storage-usage-figures');
  }

  /** Opens the profile's 高级设置, where this device's storage is shown. */
  async openAdvancedSettings(): Promise<void> {
    const section = this.page.getByRole('button', { name: /高级设置/ });
    await section.waitFor();
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  }

  /** Waits until a service worker controls the page and has finished its precache. */
  async waitForServiceWorker(timeout = SYNC_WAIT.timeout): Promise<void> {
    // Polled from here: waitForFunction does not wait for an async predicate's promise.
    const ready = () =>
      this.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(
          navigator.serviceWorker.controller &&
          registration?.active?.state === 'activated' &&
          (await caches.match('/index.html', { ignoreSearch: true })),
        );
      });
    await expect
      .poll(ready, { timeout, message: 'no service worker took control of the page' })
      .toBe(true);
  }

  /** The state of a new version's service worker waiting to take over ('installed'), if any. */
  async waitingVersion(): Promise<string | null> {
    return this.page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
    );
  }

  /** The build id stamped into index.html (absent in a build without APP_BUILD_ID). */
  async buildId(): Promise<string | null> {
    return this.page.evaluate(
      () => document.querySelector('meta[name="app-build"]')?.getAttribute('content') ?? null,
    );
  }

  /**
   * The user comes back to the app a few minutes later (the page clock moves on, then the window
   * gets focus), which makes it look for a new version.
   */
  async returnToAppLater(): Promise<void> {
    await this.page.evaluate(() => {
      const now = Date.now.bind(Date);
      Date.now = () => now() + 5 * 60 * 1000;
      window.dispatchEvent(new Event('focus'));
    });
  }
}
