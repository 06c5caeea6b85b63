/**
 * The device's clock set ahead of the real one, as a phone's clock that has run ahead: `Date.now()`
 * and `new Date()` (not `performance.now()`, which counts from the page's start) in the app's pages,
 * where RxDB stamps each write, and in their storage worker (storage-worker.ts), where the
 * catch-up pull stamps the documents it writes. Playwright's `page.clock` reaches pages only, and a
 * context's init script runs in pages only, so the worker's clock is set through Playwright as soon
 * as the worker runs (the page has yet to connect to it then); `aheadOf` tells whether it was.
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import type { TestBrowser } from '../../helpers/browser';
import { openSignedIn, type Credentials } from './login-page';
import { STORAGE_WORKER_URL, storageWorker } from './storage-worker';

/** How close a device's clock, once set, is to what it was set to (a busy machine's delays). */
const CLOCK_SLACK_MS = 30_000;

/** Where a page reads, as it loads, how far ahead its clock runs (the app's origin). */
const AHEAD_KEY = 'cj-test-clock-ahead-ms';

/** Runs in a page before its scripts, or in a worker: its clock runs `ahead` ms ahead. */
function setClockAhead(ahead: number | { key: string }): void {
  let ms = 0;
  if (typeof ahead === 'number') ms = ahead;
  else {
    try {
      ms = Number(localStorage.getItem(ahead.key)) || 0;
    } catch {
      // A page without storage (about:blank): its clock is left as it is.
    }
  }
  const original = (globalThis as { __realDate?: DateConstructor }).__realDate ?? Date;
  (globalThis as { __realDate?: DateConstructor }).__realDate = original;
  if (ms === 0) {
    globalThis.Date = original;
    return;
  }
  const now = () => original.now() + ms;
  const Shifted = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new original(now()).toString();
    return args.length === 0
      ? new original(now())
      : new (original as unknown as new (...a: unknown[]) => Date)(...args);
  } as unknown as DateConstructor;
  Object.setPrototypeOf(Shifted, original);
  Object.defineProperty(Shifted, 'prototype', { value: original.prototype });
  Object.defineProperty(Shifted, 'now', { value: now, writable: true, configurable: true });
  globalThis.Date = Shifted;
}

export class DeviceClock {
  private ahead = 0;
  /** Workers whose clock is being set. */
  private readonly setting = new Set<Promise<void>>();

  /** From now on every page of `context` and its storage worker run on the device's clock. */
  static async install(context: BrowserContext): Promise<DeviceClock> {
    const clock = new DeviceClock();
    await context.addInitScript(setClockAhead, { key: AHEAD_KEY });
    const watch = (page: Page) => page.on('worker', (worker) => clock.setWorker(worker));
    context.pages().forEach(watch);
    context.on('page', watch);
    return clock;
  }

  /**
   * The device's clock runs `ms` ahead of the real one from the next load of `page` on (a page's
   * clock is set as it loads, and its storage worker's as it starts).
   */
  async setAhead(page: Page, ms: number): Promise<void> {
    this.ahead = ms;
    await page.evaluate(({ key, ms }) => localStorage.setItem(key, String(ms)), {
      key: AHEAD_KEY,
      ms,
    });
  }

  /** How far ahead of the real clock `page` and its storage worker are now (ms). */
  async aheadOf(page: Page): Promise<{ page: number; worker: number }> {
    const read = () => Date.now();
    const worker = await storageWorker(page);
    await Promise.all(this.setting);
    const [pageNow, workerNow] = await Promise.all([page.evaluate(read), worker.evaluate(read)]);
    const real = Date.now();
    return { page: pageNow - real, worker: workerNow - real };
  }

  private setWorker(worker: Worker): void {
    if (!STORAGE_WORKER_URL.test(worker.url())) return;
    // A worker that ended at once (its page closed or reloaded) needs no clock; any other failure
    // shows in `aheadOf`, which a test checks before it relies on the clock.
    const setting = worker
      .evaluate(setClockAhead, this.ahead)
      .catch((err: unknown) =>
        console.warn(`[device clock] worker ${worker.url()}: ${String(err)}`),
      )
      .finally(() => this.setting.delete(setting));
    this.setting.add(setting);
  }
}

/**
 * The device's clock runs `ahead` ms ahead from the page's next load on: `page` is reloaded, and
 * its page and storage worker checked to run on that clock.
 */
export async function setDeviceClock(clock: DeviceClock, page: Page, ahead: number): Promise<void> {
  await clock.setAhead(page, ahead);
  await page.reload();
  const now = await clock.aheadOf(page);
  expect(Math.abs(now.page - ahead), 'the page’s clock').toBeLessThan(CLOCK_SLACK_MS);
  expect(Math.abs(now.worker - ahead), 'the storage worker’s clock').toBeLessThan(CLOCK_SLACK_MS);
}

/** Signs `who` in on `device` and sets its clock `ahead` ms ahead (setDeviceClock). */
export async function openOnClock(
  device: TestBrowser,
  base: string,
  who: Credentials,
  ahead: number,
): Promise<{ page: Page; clock: DeviceClock }> {
  const clock = await DeviceClock.install(device.context);
  const page = await openSignedIn(device, base, who);
  await setDeviceClock(clock, page, ahead);
  return { page, clock };
}
