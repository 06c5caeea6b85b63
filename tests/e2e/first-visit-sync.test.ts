/**
 * A visitor's first visit shows the listings the page prefetched, and the device's database loads
 * after them. A listing taken down before that database listened to the server's changes must
 * still leave the visitor's screen: the prefetched page is followed by a pull of the device's own.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Route } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { SYNC_WAIT } from '../helpers/browser';
import { serverDocs, updateAccepted } from '../helpers/sync-api';
import { PropertyListPage } from './pages/property-list-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['admin'] });

describe('a first visit', () => {
  it('drops a listing taken down before the device database loaded', async () => {
    // The demo data is seeded after the gateway has started listening.
    await vi.waitFor(
      async () => expect((await serverDocs(world.url, null, 'properties')).size).toBeGreaterThan(0),
      { timeout: SYNC_WAIT.timeout, interval: 500 },
    );
    // The device database's code is held back until the listing has been taken down.
    const held: Route[] = [];
    let release = false;
    await world.browser.context.route(/\/assets\/device-data-[^/]*\.js$/, (route) => {
      if (release) void route.continue();
      else held.push(route);
    });
    const page = await world.browser.openPage(`${world.url}/properties`);
    const list = new PropertyListPage(page);
    await list.waitForResults();
    // The first listing on the screen, shown from the page's prefetched pull.
    const id = await page.getByTestId('property-card').first().getAttribute('data-property-id');
    expect(id).toBeTruthy();
    const card = page.locator(`[data-testid="property-card"][data-property-id="${id}"]`);
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), SYNC_WAIT);

    await updateAccepted(world.url, world.accounts.admin, 'properties', id!, {
      status: 'inactive',
    });
    release = true;
    for (const route of held.splice(0)) await route.continue();

    await card.waitFor({ state: 'detached', ...SYNC_WAIT });
  });
});
