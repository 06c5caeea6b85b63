/**
 * The device database's storage runs in a worker of its own
 * (client/data/storage/worker-storage.ts): a visitor's listings reach the device's IndexedDB
 * through it, and the page itself never loads Dexie. When the worker's script does not load, the
 * storage runs on the page and the listings still reach the device. Two tabs, each with its own
 * worker, see each other's writes. Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RECENT_MESSAGES } from '@couchdb/model/constants';
import { explainFailure, SYNC_WAIT } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { PropertyListPage } from './pages/property-list-page';
import { STORAGE_WORKER_URL } from './pages/storage-worker';
import { deviceListings } from './pages/device-listings';
import { useWorld } from './world';

const world = useWorld();

beforeAll(async () => {
  // The demo data is seeded after the gateway has started listening.
  await vi.waitFor(
    async () => expect((await serverDocs(world.url, null, 'properties')).size).toBeGreaterThan(0),
    { timeout: SYNC_WAIT.timeout, interval: 500 },
  );
});

/** The ids of the listings (not deleted) the visitor database holds in IndexedDB. */
async function deviceListingIds(page: Page): Promise<string[]> {
  const held = (await deviceListings(page)).cjfc_anon ?? [];
  return held
    .filter((doc) => !doc._deleted)
    .map((doc) => doc.id)
    .sort();
}

/** Opens the listing list as a visitor's first visit, noting the page's workers and requests. */
async function firstVisit(): Promise<{ page: Page; workers: string[]; requests: string[] }> {
  const browser = await world.launch();
  const page = await browser.context.newPage();
  const workers: string[] = [];
  const requests: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${world.url}/properties`);
  await new PropertyListPage(page).waitForResults();
  return { page, workers, requests };
}

/** Waits until the device holds exactly the listings a visitor pulls. */
async function waitForDeviceListings(page: Page): Promise<void> {
  const expected = [...(await serverDocs(world.url, null, 'properties')).keys()].sort();
  await explainFailure(page, 'device-storage-listings', () =>
    vi.waitFor(async () => expect(await deviceListingIds(page)).toEqual(expected), {
      ...SYNC_WAIT,
      interval: 250,
    }),
  );
}

const DEXIE_ON_THE_PAGE = /\/assets\/data-dexie-[^/]*\.js$/;

describe('the device storage', () => {
  it("runs in its worker: the visitor's listings reach IndexedDB, Dexie never loads on the page", async () => {
    const { page, workers, requests } = await firstVisit();
    await waitForDeviceListings(page);
    expect(workers.some((url) => STORAGE_WORKER_URL.test(url))).toBe(true);
    expect(requests.filter((url) => DEXIE_ON_THE_PAGE.test(url))).toEqual([]);
  });

  it("runs on the page when the worker's script does not load, and the listings still arrive", async () => {
    const browser = await world.launch();
    await browser.context.route(STORAGE_WORKER_URL, (route) => route.abort());
    const page = await browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${world.url}/properties`);
    await new PropertyListPage(page).waitForResults();
    await waitForDeviceListings(page);
    expect(requests.filter((url) => DEXIE_ON_THE_PAGE.test(url))).not.toEqual([]);
  });

  it('shows a write made in one tab in another, each tab with a worker of its own', async () => {
    const browser = await world.launch();
    const listing = [...(await serverDocs(world.url, null, 'properties')).keys()][0]!;
    const recent = await world.signedIn(browser, 'user', {
      path: '/recent',
    });
    await recent.getByText(RECENT_MESSAGES.empty).waitFor();
    // Viewing a listing in another tab writes it to the device's recently viewed.
    const other = await browser.openPage(`${world.url}/properties/${listing}`);
    await explainFailure(recent, 'device-storage-other-tab', () =>
      recent
        .locator(`[data-testid="property-card"][data-property-id="${listing}"]`)
        .waitFor(SYNC_WAIT),
    );
    for (const page of [recent, other])
      expect(page.workers().filter((w) => STORAGE_WORKER_URL.test(w.url()))).toHaveLength(1);
  });
});
