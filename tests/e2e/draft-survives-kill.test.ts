/**
 * A draft survives a killed browser: the agent types into the publish form (发布房源) and the demand
 * form (发布需求), and 200 ms after the last keystroke the browser's process gets SIGKILL, as a
 * phone that reclaims its memory ends it. Chromium started again on the same profile reopens the
 * form with that last keystroke in it. Run `npm run build` first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser, UI_WAIT, VIEWPORTS, type TestBrowser } from '../helpers/browser';
import { demoAccount } from './pages/browse-fixtures';
import { LoginPage } from './pages/login-page';
import { PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

/** How long after the last keystroke the browser is killed: "a moment", well under a second. */
const KILLED_AFTER_MS = 200;

const agent = demoAccount('agent');
const world = useWorld();

/**
 * Types `text` into `field` (all but its end at once, its end key by key), then kills `browser`
 * KILLED_AFTER_MS after the last keystroke showed in the field.
 */
async function typeThenKill(browser: TestBrowser, field: Locator, text: string, keyed: string) {
  await field.fill(text);
  await field.pressSequentially(keyed);
  await expect.poll(() => field.inputValue(), UI_WAIT).toBe(`${text}${keyed}`);
  // The moment between the last keystroke and the kill is what this test is about.
  await new Promise((resolve) => setTimeout(resolve, KILLED_AFTER_MS));
  await browser.kill();
}

/**
 * The killed browser started again on its profile, at `path`, signed in anew. What survived of
 * its session is whatever its lazy writes reached (cookies too are written seconds later), and
 * a renewed session's older cookie is refused: its cookies are cleared, so the app always asks
 * for the sign-in and then goes back to `path`.
 */
async function restartSignedIn(profileDir: string, pathname: string) {
  const browser = await launchBrowser({ profileDir });
  await browser.context.clearCookies();
  const page = await browser.openPage(`${world.url}${pathname}`, VIEWPORTS.mobile);
  const login = new LoginPage(page);
  await login.heading.waitFor();
  await login.login(agent.phone, agent.password);
  await page.waitForURL((url) => url.pathname === pathname);
  return { browser, page };
}

/** Runs `test` with a profile of its own, removed after it. */
async function withProfile(test: (profileDir: string) => Promise<void>) {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'cj-killed-'));
  try {
    await test(profileDir);
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}

/** Closes a browser still running; one killed already has nothing left to close. */
async function closeQuietly(browser: TestBrowser | undefined) {
  await browser?.close().catch(() => undefined);
}

describe('a draft in a browser killed a moment after the last keystroke', () => {
  it('publish form: reopens with the last keystroke', async () => {
    await withProfile(async (profileDir) => {
      const stamp = String(Date.now() % 100000);
      const first = await launchBrowser({ profileDir, touch: true });
      let again: { browser: TestBrowser; page: Page } | undefined;
      try {
        const page = await world.signedIn(first, agent, {
          viewport: VIEWPORTS.mobile,
          path: '/publish/property',
        });
        const form = new PublishPropertyPage(page);
        await form.step(1).waitFor();
        await typeThenKill(first, form.title, '杀掉浏览器前写的房源 ', stamp);

        again = await restartSignedIn(profileDir, '/publish/property');
        const reopened = new PublishPropertyPage(again.page);
        await reopened.step(1).waitFor();
        expect(await reopened.title.inputValue()).toBe(`杀掉浏览器前写的房源 ${stamp}`);
        await reopened.discardDraft();
      } finally {
        await closeQuietly(first);
        await closeQuietly(again?.browser);
      }
    });
  });

  it('demand form: reopens with the last keystroke', async () => {
    await withProfile(async (profileDir) => {
      const stamp = String(Date.now() % 100000);
      const first = await launchBrowser({ profileDir, touch: true });
      let again: { browser: TestBrowser; page: Page } | undefined;
      try {
        const page = await world.signedIn(first, agent, {
          viewport: VIEWPORTS.mobile,
          path: '/publish/demand',
        });
        await typeThenKill(first, page.getByLabel('需求标题'), '杀掉浏览器前写的需求 ', stamp);

        again = await restartSignedIn(profileDir, '/publish/demand');
        const title = again.page.getByLabel('需求标题');
        await title.waitFor();
        expect(await title.inputValue()).toBe(`杀掉浏览器前写的需求 ${stamp}`);
      } finally {
        await closeQuietly(first);
        await closeQuietly(again?.browser);
      }
    });
  });
});
