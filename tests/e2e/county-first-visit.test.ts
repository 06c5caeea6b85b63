/**
 * A first visit on a county's store, with more public listings than the page's first pull holds
 * (500, by id): the first screen shows what the device shows once it holds them all, so the cards
 * stay as they are when the device takes over from the page's carried listings. Run `npm run
 * build` first (`npm run test:e2e` does).
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_LIMIT, PAGE_SIZE } from '../../couchdb/model/constants';
import { FIRST_PULL_URL, type PullResponse } from '../../couchdb/model/sync';
import { launchBrowser, SYNC_WAIT, VIEWPORTS, type TestBrowser } from '../helpers/browser';
import { countyGateway } from '../helpers/county-gateway';
import { serverDocs } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { PropertyListPage } from './pages/property-list-page';

/** Generated listings beside the demo's: more than a first pull holds. */
const EXTRA_LISTINGS = 600;
/** A county's store starts twice and its listings are written in between. */
const START_TIMEOUT_MS = 120_000;

let county: Awaited<ReturnType<typeof countyGateway>>;
let browser: TestBrowser;

beforeAll(async () => {
  // Made up to a year before now: many are newer than the demo's, beyond the first pull by id.
  county = await countyGateway(EXTRA_LISTINGS, new Date());
  browser = await launchBrowser();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await county?.stop();
});

/** The ids of the listing cards on the screen, in order. */
const cardIds = (page: Page) =>
  page
    .getByTestId('property-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-property-id')));

describe('a first visit on a county’s store', () => {
  it('keeps the list’s and home’s cards when the device takes over', async () => {
    const firstPull = (await (
      await fetch(`${county.url}${FIRST_PULL_URL}`)
    ).json()) as PullResponse;
    const inFirstPull = new Set(firstPull.documents.map((doc) => doc.id));
    const visible = await serverDocs<{ id: string; _deleted?: boolean }>(
      county.url,
      null,
      'properties',
    );
    const total = [...visible.values()].filter((doc) => !doc._deleted).length;
    expect(total).toBeGreaterThan(firstPull.documents.length);

    // The device database's code is held back: the screens show the page's carried listings.
    const held: Route[] = [];
    let release = false;
    await browser.context.route(/\/assets\/device-data-[^/]*\.js$/, (route) => {
      if (release) void route.continue();
      else held.push(route);
    });
    const page = await browser.openPage(`${county.url}/`, VIEWPORTS.mobile);
    // Home's 12, all rendered (cards render a few at a time), then the list's first page.
    await expect
      .poll(() => cardIds(page).then((ids) => ids.length), SYNC_WAIT)
      .toBe(FEATURED_LIMIT);
    const homeCarried = await cardIds(page);
    const tabs = new Layout(page).bottomTabBar;
    await tabs.getByRole('link', { name: '房源' }).click();
    const list = new PropertyListPage(page);
    await expect.poll(() => list.cards.count(), SYNC_WAIT).toBe(PAGE_SIZE);
    const listCarried = await cardIds(page);
    // What this test is about: both show listings the first pull does not hold.
    expect(homeCarried.some((id) => !inFirstPull.has(id!))).toBe(true);
    expect(listCarried.some((id) => !inFirstPull.has(id!))).toBe(true);

    release = true;
    for (const route of held.splice(0)) await route.continue();
    // The device has taken over once the list counts every public listing.
    await expect.poll(() => list.count(), SYNC_WAIT).toBe(total);
    expect(await cardIds(page)).toEqual(listCarried);
    await tabs.getByRole('link', { name: '首页' }).click();
    await page.waitForURL(`${county.url}/`);
    await expect.poll(() => cardIds(page), SYNC_WAIT).toEqual(homeCarried);
  });
});
