/**
 * Moving around the app as a phone's user does, with the app's own history
 * (client/app/app-history.ts): the back button returns to where a list was scrolled, a new screen
 * starts at its top, and the back button asks before leaving a half-filled form, as a link does;
 * the tab's title follows the screen.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNSAVED_CHANGES_MESSAGES } from '@client/pwa/unsaved-changes-messages';
import { UI_WAIT, VIEWPORTS, waitForReact } from '../helpers/browser';
import { PropertyDetailPage } from './pages/property-detail-page';
import { Layout } from './pages/layout';
import { PropertyListPage } from './pages/property-list-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', browserOptions: { touch: true } });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const pathname = (page: Page) => new URL(page.url()).pathname;

describe('scroll positions', () => {
  it('a listing opens at its top; back on the list, the list is where it was left', async () => {
    const page = await world.browser.openPage(`${world.url}/properties`, VIEWPORTS.mobile);
    const list = new PropertyListPage(page);
    await list.waitForResults();
    // Scrolled down to the fifth listing, which the user opens.
    const card = list.cards.nth(4);
    await card.scrollIntoViewIfNeeded();
    // An instant scroll a little further (a wheel's smooth scroll could still be moving when read).
    await page.evaluate(() => window.scrollTo({ top: window.scrollY + 120, behavior: 'instant' }));
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(300);
    await card.getByRole('link').first().click();
    await new PropertyDetailPage(page).title.waitFor(UI_WAIT);
    expect(pathname(page)).toMatch(/^\/properties\/./);
    await expect.poll(() => scrollY(page), UI_WAIT).toBe(0);

    await page.evaluate(() => window.history.back());
    await list.heading.waitFor(UI_WAIT);
    await expect.poll(() => scrollY(page), UI_WAIT).toBe(left);
    await page.close();
  });

  it('a link opened in the same tab starts at its top; a reload keeps where the page was', async () => {
    const page = await world.browser.openPage(`${world.url}/properties`, VIEWPORTS.mobile);
    const list = new PropertyListPage(page);
    await list.waitForResults();
    await list.cards.nth(4).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo({ top: window.scrollY + 120, behavior: 'instant' }));
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(300);
    // A shared listing's link, opened in this tab: a new page, at its top.
    const href = await list.cards.nth(1).getByRole('link').first().getAttribute('href');
    await page.goto(`${world.url}${href}`);
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    // The page is tall enough for the list's position: it would have been put there at once.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      left + 844,
    );
    expect(await scrollY(page)).toBe(0);

    // Scrolled, then reloaded: the same entry, where it was.
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await page.reload();
    await detail.title.waitFor(UI_WAIT);
    await expect.poll(() => scrollY(page), UI_WAIT).toBe(400);
    await page.close();
  });
});

describe('a half-filled form', () => {
  it('the back button asks before leaving it; staying keeps the input, leaving goes back', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/',
    });
    await waitForReact(page);
    await page
      .getByRole('navigation', { name: '快捷入口' })
      .getByRole('link', { name: /找房/ })
      .click();
    const title = page.getByLabel('需求标题');
    await title.fill('写了一半的需求');
    const leave = page.getByRole('dialog', { name: UNSAVED_CHANGES_MESSAGES.title });

    await page.evaluate(() => window.history.back());
    await leave.waitFor(UI_WAIT);
    await leave.getByRole('button', { name: UNSAVED_CHANGES_MESSAGES.stay }).click();
    await leave.waitFor({ state: 'detached', ...UI_WAIT });
    expect(pathname(page)).toBe('/publish/demand');
    expect(await title.inputValue()).toBe('写了一半的需求');

    // Asked again the next time; leaving goes where the back button led.
    await page.evaluate(() => window.history.back());
    await leave.waitFor(UI_WAIT);
    await leave.getByRole('button', { name: UNSAVED_CHANGES_MESSAGES.leave, exact: true }).click();
    await expect.poll(() => pathname(page), UI_WAIT).toBe('/');
    await page.getByRole('navigation', { name: '快捷入口' }).waitFor(UI_WAIT);
    await page.close();
  });
});

describe('the tab’s title', () => {
  it('is the screen’s own on arrival and as the user moves on; the app’s name elsewhere', async () => {
    const page = await world.browser.openPage(`${world.url}/news`, VIEWPORTS.mobile);
    expect(await page.title()).toBe('房产资讯 - 澄江房产');
    await waitForReact(page);
    const tabs = new Layout(page).bottomTabBar;
    await tabs.getByRole('link', { name: '房源' }).click();
    await expect.poll(() => page.title(), UI_WAIT).toBe('房源列表 - 澄江房产');
    const list = new PropertyListPage(page);
    await list.waitForResults();
    // A listing opened in the app: not the list's title any more.
    await list.cards.first().getByRole('link').first().click();
    await new PropertyDetailPage(page).title.waitFor(UI_WAIT);
    await expect.poll(() => page.title(), UI_WAIT).toBe('澄江房产');
    await page.evaluate(() => window.history.back());
    await expect.poll(() => page.title(), UI_WAIT).toBe('房源列表 - 澄江房产');
    await tabs.getByRole('link', { name: '首页' }).click();
    await expect.poll(() => page.title(), UI_WAIT).toBe('澄江房产 - 澄江本地房产信息平台');
    // 我的: a visitor is asked to sign in (the login screen's title); a signed-in user (the file's
    // browser may hold an earlier test's session) sees their profile, an account screen.
    await tabs.getByRole('link', { name: '我的' }).click();
    await page.waitForURL(/\/(login|profile)$/, UI_WAIT);
    const titles: Record<string, string> = { '/login': '登录 - 澄江房产', '/profile': '澄江房产' };
    await expect.poll(() => page.title(), UI_WAIT).toBe(titles[pathname(page)]);
    await page.close();
  });
});
