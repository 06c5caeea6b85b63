/**
 * Offline reload of an installed app to a rendered listing page (architecture §11: ≤ 1 s). A fresh
 * Chromium profile visits the app online until its service worker has the app cached and the device
 * holds the listings, opens a demo listing's page, then loses the connection and reloads it. Timed
 * from the reload's navigation start until the listing's title is on screen, at a phone's and a
 * laptop's width, as the machine runs and with the CPU slowed 4× (Lighthouse's mobile profile).
 * Printed beside it, from the same reload: the floor, the first paint (the service worker's cached
 * page, before any of the app's code has run).
 * --listings N adds N generated public listings to the demo data (a county-sized store, which the
 * device reads back from its storage on every reload).
 * Run `npm run build` first.
 *
 *   npm run bench -- offline-reload [--runs 3] [--listings 10000]
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import type { Property } from '../couchdb/model/property';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '../tests/helpers/browser';
import { serverDocs } from '../tests/helpers/sync-api';
import { countyGateway } from '../tests/helpers/county-gateway';
import { sharedListingPath } from '../tests/helpers/shared-listing';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '3' },
    listings: { type: 'string', default: '0' },
  },
  strict: false,
});
const runs = Number(values.runs);
const extraListings = Number(values.listings);
const BUDGET_MS = 1_000;
const SLOWED = 4;
/** Waits for what crosses the network or the device's first sync (a busy machine included). */
const WAIT_MS = 60_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** Online: until a service worker controls the page with the app cached and the device has synced. */
async function installAndSync(page: Page, base: string, listingPath: string): Promise<void> {
  await page.goto(`${base}${listingPath}`);
  // Polled from here: waitForFunction does not wait for an async predicate's promise. A string,
  // not a function: tsx's helpers (__name) do not exist in the page.
  const cached = `(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(
      navigator.serviceWorker.controller &&
        registration?.active?.state === 'activated' &&
        (await caches.match('/index.html', { ignoreSearch: true })),
    );
  })()`;
  const until = Date.now() + WAIT_MS;
  while (!(await page.evaluate(cached))) {
    if (Date.now() > until) throw new Error('no service worker took control of the page');
    await page.waitForTimeout(250);
  }
  await page.getByLabel('同步状态：已同步').first().waitFor({ timeout: WAIT_MS });
}

/**
 * Reloads the page and gives, from the reload's navigation start, when the first paint came and
 * when a heading with the listing's title was first on screen (checked every animation frame).
 */
async function timedReload(
  page: Page,
  title: string,
): Promise<{ paintMs: number; listingMs: number }> {
  await page.reload({ waitUntil: 'commit' });
  // A function, not a string: the page's CSP (script-src 'self') refuses a string predicate's eval.
  const listingMs = await (
    await page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('h1, h2')].some(
          (h) => h.textContent?.includes(text) && h.getBoundingClientRect().height > 0,
        )
          ? performance.now()
          : 0,
      title,
      { timeout: WAIT_MS, polling: 'raf' },
    )
  ).jsonValue();
  const paintMs = (await page.evaluate(
    `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`,
  )) as number;
  return { paintMs, listingMs };
}

const gateway = await countyGateway(extraListings);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const listingPath = await sharedListingPath(gateway.url);
  const id = decodeURIComponent(listingPath.split('/').pop()!);
  const title = (await serverDocs<Property>(gateway.url, null, 'properties')).get(id)!.title;
  console.log(
    `offline reload to a listing's page (installed app, device synced), median of ${runs},` +
      ` demo data${extraListings > 0 ? ` + ${extraListings} listings` : ''}, ${gateway.url}`,
  );
  for (const [width, viewport] of Object.entries({
    phone: VIEWPORTS.mobile,
    laptop: VIEWPORTS.desktop,
  })) {
    const figures = new Map<number, { paint: number[]; listing: number[] }>([
      [1, { paint: [], listing: [] }],
      [SLOWED, { paint: [], listing: [] }],
    ]);
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({
        viewport,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        ...(width === 'phone' ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await installAndSync(page, gateway.url, listingPath);
      await context.setOffline(true);
      const cdp = await context.newCDPSession(page);
      for (const [rate, into] of figures) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const { paintMs, listingMs } = await timedReload(page, title);
        into.paint.push(paintMs);
        into.listing.push(listingMs);
      }
      await context.close();
    }
    for (const [rate, { paint, listing }] of figures) {
      const label = `${width}, ${rate === 1 ? 'CPU as is' : `CPU ${rate}× slower`}`;
      const ms = median(listing);
      console.log(
        `  ${label.padEnd(24)} listing on screen ${ms.toFixed(0).padStart(5)} ms` +
          `   runs: ${listing.map((x) => x.toFixed(0)).join(', ')} ms` +
          `   (floor, first paint ${median(paint).toFixed(0)} ms; ×${(ms / median(paint)).toFixed(2)})` +
          `   budget ≤ ${BUDGET_MS} ms: ${ms <= BUDGET_MS ? 'met' : 'MISSED'}`,
      );
    }
  }
} finally {
  await browser.close();
  await gateway.stop();
}
