/**
 * A screen whose code cannot be downloaded (the connection dropped before the app was kept for
 * offline use) shows 页面出错了 with the reason inside the layout (the header stays), says it
 * reloads once online, and does so: the user gets the screen back without looking for the refresh
 * button.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_ERROR_MESSAGES } from '@client/app/route-error-messages';
import { saveScreenshot, UI_WAIT, waitForReact } from '../helpers/browser';
import { Layout } from './pages/layout';
import { useWorld } from './world';

const world = useWorld({ browser: 'file' });

describe('a screen whose code did not load', () => {
  it('says so, and loads it again once the connection is back', async () => {
    // The help screen's code does not come through (for the page and its service worker alike).
    const helpChunk = /\/assets\/help-screen-[^/]*\.js$/;
    await world.browser.context.route(helpChunk, (route) => route.abort('internetdisconnected'));
    const page = await world.browser.openPage(`${world.url}/`);
    // A click on the gateway's markup before the app owns it is a page load, not the app's move.
    await waitForReact(page);
    await page.getByRole('link', { name: '帮助中心' }).first().click();
    await page.getByRole('heading', { name: ROUTE_ERROR_MESSAGES.title }).waitFor(UI_WAIT);
    await page.getByText(ROUTE_ERROR_MESSAGES.chunkFailed).waitFor(UI_WAIT);
    // Inside the layout: the header stays, to go on to another screen.
    expect(await new Layout(page).header.isVisible()).toBe(true);

    await world.browser.context.setOffline(true);
    await page.getByTestId('reloads-online').waitFor(UI_WAIT);
    expect(await page.getByTestId('reloads-online').textContent()).toBe(
      ROUTE_ERROR_MESSAGES.reloadsOnline,
    );
    await saveScreenshot(page, 'route-error-offline');
    await world.browser.context.unroute(helpChunk);
    const reloaded = page.waitForEvent('load', UI_WAIT);
    await world.browser.context.setOffline(false);
    await reloaded;
    await page.getByRole('heading', { name: '帮助中心', level: 1 }).waitFor(UI_WAIT);
    expect(page.url()).toBe(`${world.url}/help`);
    await expect(
      page.getByRole('heading', { name: ROUTE_ERROR_MESSAGES.title }).count(),
    ).resolves.toBe(0);
  });
});
