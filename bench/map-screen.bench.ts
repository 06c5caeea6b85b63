/**
 * The map screen (/map, issue 65) of the real app on a visitor's phone, against the production
 * gateway: once with the demo data alone, once with a county-sized store (the demo data and
 * --listings generated public listings, spread around their townships). Each run is a new browser
 * in a phone's profile (390×844, touch) whose device first syncs every public listing (CPU not
 * slowed), then, with the CPU slowed 4× (the page's main thread; the device storage's worker runs
 * unslowed):
 *  - first pins: /map opened again on the warm device, from navigation to the first pin or cluster
 *    in the page, and to the marks accounting for every listing the device holds (the map opens on
 *    all of them); on the way, when the screen and the map (its library loaded) appeared;
 *  - pans: two drags of a finger and their fling (real touch input) at the county's zoom and at a
 *    street zoom, each frame's interval from the first touch until the map has drawn where it
 *    stopped, and the frames over 50 ms.
 * Each figure is the median of the runs, the county store's as a ratio to the demo's.
 * Uses the build in DIST_DIR (default dist/; `npm run build` first).
 *   npm run bench -- map-screen [--listings 10000] [--runs 3] [--slowdown 4] [--profile]
 * --profile first samples the main thread while each store's first pins load (a visit of their
 * own, not in the figures) and prints where its time went, by function (self time) and by the app's own functions with their
 * callees, mapped through the build's source maps.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { COUNTY_CENTER } from '../couchdb/model/location-facts';
import { MAP_ZOOMS, TOWNSHIP_PLACES } from '../couchdb/model/map-view-facts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '../tests/helpers/browser';
import { countyGateway } from '../tests/helpers/county-gateway';
import {
  DRAGS,
  LONG_FRAME_MS,
  longFrames,
  median,
  percentile,
  PHONE_UA,
  sleep,
  touchDrag,
} from './touch-pan';
import { sourcePositions } from './source-position';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '3' },
    listings: { type: 'string', default: '10000' },
    slowdown: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
  },
  strict: false,
});
const runs = Number(values.runs);
const extraListings = Number(values.listings);
const slowdown = Number(values.slowdown);
const profile = values.profile === true;
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
/** The street zoom of the pans: a township's streets, where most marks are single pins. */
const STREET_ZOOM = 15;
/** The map has settled once its view has not changed for this long after the last drag's end. */
const SETTLE_MS = 800;
/** Frames recorded after the map's last view change: its pins and the list under it drawn. */
const AFTER_MOVE_MS = 250;
/** The device holds every listing once its count and its pulls have been still this long. */
const SYNC_QUIET_MS = 5_000;
const SYNC_MAX_MS = 600_000;
const PAGE_WAIT = { timeout: 180_000 };

/**
 * Watches the page from before its first script (a string: tsx's helpers do not exist in the
 * page): when the first pin or cluster entered the page and how many listings it drew, when the
 * marks first accounted for `window.__expected` listings, each change of the map's view
 * (data-bounds, set once the pins and the list of a new view are drawn), and frames on request.
 */
const PROBE = `(() => {
  const probe = (window.__mapBench = {
    screen: null, map: null, firstPins: null, firstDrawn: 0, allPins: null,
    boundsAt: 0, boundsChanges: 0, frames: [], request: 0,
  });
  const drawn = () => document.querySelectorAll('[data-testid=map-pin]').length +
    [...document.querySelectorAll('[data-testid=map-cluster]')].reduce((s, e) => s + Number(e.textContent), 0);
  const marks = '[data-testid=map-pin], [data-testid=map-cluster]';
  new MutationObserver((records) => {
    const now = performance.now();
    let added = false;
    for (const r of records) {
      if (r.type === 'attributes') { probe.boundsAt = now; probe.boundsChanges++; }
      else added = true;
    }
    if (!added || probe.allPins !== null) return;
    const count = document.querySelector('[data-testid=map-count]');
    if (probe.screen === null && count) probe.screen = now;
    if (probe.map === null && document.querySelector('.leaflet-container')) probe.map = now;
    if (probe.firstPins === null && document.querySelector(marks)) {
      probe.firstPins = now;
      probe.firstDrawn = drawn();
    }
    if (window.__expected && drawn() >= window.__expected) probe.allPins = now;
  }).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-bounds'],
  });
  const onFrame = (time) => { probe.frames.push(time); probe.request = requestAnimationFrame(onFrame); };
  probe.startFrames = () => { cancelAnimationFrame(probe.request); probe.frames = []; probe.request = requestAnimationFrame(onFrame); };
  probe.stopFrames = (until) => {
    cancelAnimationFrame(probe.request);
    const times = probe.frames.filter((t) => t <= until);
    return times.slice(1).map((t, i) => t - times[i]);
  };
})();`;

interface Probe {
  screen: number | null;
  map: number | null;
  firstPins: number | null;
  firstDrawn: number;
  allPins: number | null;
  boundsAt: number;
  boundsChanges: number;
  startFrames(): void;
  stopFrames(until: number): number[];
}
declare global {
  interface Window {
    __mapBench: Probe;
  }
}

interface Pan {
  frames: number[];
  /** Single pins and clusters drawn in the view the pan started from. */
  pins: number;
  clusters: number;
}

interface Run {
  /** Public listings the device holds (all placed on the map). */
  held: number;
  /** From navigation: the screen drawn, the map's library loaded (its container in the page). */
  screenMs: number;
  mapMs: number;
  firstPinsMs: number;
  /** Listings the first marks drew (the device's own, or the first page's stand-ins). */
  firstDrawn: number;
  allPinsMs: number;
  county: Pan;
  street: Pan;
}

const viewQuery = (latitude: number, longitude: number, zoom: number) =>
  `/map?lat=${latitude}&lng=${longitude}&z=${zoom}`;

/** 视野内 N 套房源: N, or null while the device's listings are being read. */
async function inView(page: Page): Promise<number | null> {
  const text = await page.getByTestId('map-count').textContent();
  const n = /视野内 (\d+) 套房源/.exec(text ?? '')?.[1];
  return n === undefined ? null : Number(n);
}

/** Waits until the screen has read the device's listings and drawn its first marks. */
async function mapReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      /视野内 \d+ 套房源/.test(
        document.querySelector('[data-testid="map-count"]')?.textContent ?? '',
      ) &&
      document.querySelector('[data-testid="listings-map"]')?.hasAttribute('data-bounds') &&
      document.querySelector('[data-testid=map-pin], [data-testid=map-cluster]') !== null,
    undefined,
    PAGE_WAIT,
  );
}

/**
 * The device's first sync: the whole county in view, until the count in view and the pulls have
 * been still for SYNC_QUIET_MS. Gives the listings the device holds.
 */
async function syncAll(page: Page, base: string): Promise<number> {
  let lastPull = performance.now();
  const onPull = (request: { url(): string }) => {
    if (request.url().includes('/pull?')) lastPull = performance.now();
  };
  page.on('request', onPull);
  page.on('requestfinished', onPull);
  try {
    await page.goto(`${base}${viewQuery(COUNTY_CENTER.latitude, COUNTY_CENTER.longitude, 9)}`);
    await mapReady(page);
    const started = performance.now();
    let count = await inView(page);
    let countSince = performance.now();
    for (;;) {
      await sleep(500);
      const now = await inView(page);
      if (now !== count) {
        count = now;
        countSince = performance.now();
      }
      const quiet = Math.min(performance.now() - countSince, performance.now() - lastPull);
      if (count !== null && quiet >= SYNC_QUIET_MS) return count;
      if (performance.now() - started > SYNC_MAX_MS)
        throw new Error(`the device's listings did not settle (${count} in view)`);
    }
  } finally {
    page.off('request', onPull);
    page.off('requestfinished', onPull);
  }
}

/** Opens /map at a view, waits for it to settle, then pans it with DRAGS and records the frames. */
async function pan(page: Page, cdp: CDPSession, base: string, query: string): Promise<Pan> {
  await page.goto(`${base}${query}`);
  await mapReady(page);
  // Still: the view drawn and no view change for a while (the list's own work done).
  await page.waitForFunction(
    (quiet) => performance.now() - window.__mapBench.boundsAt > quiet,
    SETTLE_MS,
    PAGE_WAIT,
  );
  const pins = await page.getByTestId('map-pin').count();
  const clusters = await page.getByTestId('map-cluster').count();
  const box = await page.getByTestId('listings-map').boundingBox();
  if (!box) throw new Error('the map is not on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const before = await page.evaluate(() => {
    window.__mapBench.startFrames();
    return window.__mapBench.boundsChanges;
  });
  for (const step of DRAGS) await touchDrag(cdp, centre, step);
  const dragsEnd = await page.evaluate(() => performance.now());
  // Each drag ends in a new view; allow for the two being drawn as one.
  await page.waitForFunction(
    ({ before, dragsEnd, settle }) => {
      const p = window.__mapBench;
      const now = performance.now();
      return (
        (p.boundsChanges >= before + 2 && now - p.boundsAt > settle) ||
        (p.boundsChanges >= before + 1 && now - Math.max(p.boundsAt, dragsEnd) > 3 * settle)
      );
    },
    { before, dragsEnd, settle: SETTLE_MS },
    PAGE_WAIT,
  );
  const frames = await page.evaluate(
    (after) => window.__mapBench.stopFrames(window.__mapBench.boundsAt + after),
    AFTER_MOVE_MS,
  );
  return { frames, pins, clusters };
}

const sourceOf = sourcePositions(distDir);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/**
 * Where the main thread's time went in a CPU profile: by function (self time), and by the app's own
 * functions with their callees.
 */
async function printProfile(
  store: string,
  nodes: ProfileNode[],
  samples: number[],
  deltas: number[],
) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const labels = new Map<number, string>();
  const labelOf = async (n: ProfileNode) => {
    let label = labels.get(n.id);
    if (label === undefined) {
      const f = n.callFrame;
      label = f.url
        ? `${f.functionName || '(anonymous)'} ${await sourceOf(f.url, f.lineNumber, f.columnNumber)}`
        : `(${f.functionName || 'native'})`;
      labels.set(n.id, label);
    }
    return label;
  };
  const self = new Map<string, number>();
  const app = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the delta to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const node = byId.get(samples[i]!);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    total += ms;
    const label = await labelOf(node);
    self.set(label, (self.get(label) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: ProfileNode | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const caller = await labelOf(n);
      if (/ (client|couchdb)\//.test(caller) && !seen.has(caller)) {
        seen.add(caller);
        app.set(caller, (app.get(caller) ?? 0) + ms);
      }
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([label, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${label}`)
      .join('\n');
  console.log(
    `\nmain thread from navigation to every pin drawn (${store}, CPU ${slowdown}×): ` +
      `${total.toFixed(0)} ms busy\n  by function (self time):\n${top(self, 15)}` +
      `\n  the app's functions, callees included:\n${top(app, 15)}`,
  );
}

/** One visitor's phone in a new browser: first sync, then first pins and both pans, CPU slowed. */
async function measure(base: string, profileOf: string | null): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
    const cdp = await context.newCDPSession(page);
    const held = await syncAll(page, base);
    await context.addInitScript(`window.__expected = ${held};`);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    if (profileOf) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}/map`);
    await page.waitForFunction(() => window.__mapBench.allPins !== null, undefined, PAGE_WAIT);
    if (profileOf) {
      const { profile: p } = await cdp.send('Profiler.stop');
      await printProfile(profileOf, p.nodes as ProfileNode[], p.samples ?? [], p.timeDeltas ?? []);
    }
    const first = await page.evaluate(() => {
      const { screen, map, firstPins, firstDrawn, allPins } = window.__mapBench;
      return { screen, map, firstPins, firstDrawn, allPins };
    });
    const county = await pan(
      page,
      cdp,
      base,
      viewQuery(COUNTY_CENTER.latitude, COUNTY_CENTER.longitude, MAP_ZOOMS.county),
    );
    const town = TOWNSHIP_PLACES.凤麓街道;
    const street = await pan(
      page,
      cdp,
      base,
      viewQuery(town.latitude, town.longitude, STREET_ZOOM),
    );
    return {
      held,
      screenMs: first.screen ?? NaN,
      mapMs: first.map ?? NaN,
      firstPinsMs: first.firstPins ?? NaN,
      firstDrawn: first.firstDrawn,
      allPinsMs: first.allPins ?? NaN,
      county,
      street,
    };
  } finally {
    await browser.close();
  }
}

/** A store's figures: medians over the runs (the frame figures over each run's own). */
const summaryOf = (all: Run[]) => ({
  held: median(all.map((r) => r.held)),
  screenMs: median(all.map((r) => r.screenMs)),
  mapMs: median(all.map((r) => r.mapMs)),
  firstPinsMs: median(all.map((r) => r.firstPinsMs)),
  allPinsMs: median(all.map((r) => r.allPinsMs)),
  countyMedian: median(all.map((r) => median(r.county.frames))),
  countyP95: median(all.map((r) => percentile(r.county.frames, 95))),
  countyLong: median(all.map((r) => longFrames(r.county.frames))),
  streetMedian: median(all.map((r) => median(r.street.frames))),
  streetP95: median(all.map((r) => percentile(r.street.frames, 95))),
  streetLong: median(all.map((r) => longFrames(r.street.frames))),
});

const describePan = (pan: Pan) =>
  `${pan.pins} pins + ${pan.clusters} clusters, ${pan.frames.length} frames, median ` +
  `${median(pan.frames).toFixed(1)} ms, p95 ${percentile(pan.frames, 95).toFixed(1)} ms, ` +
  `${longFrames(pan.frames)} over ${LONG_FRAME_MS} ms`;

const stores = [
  { name: 'demo', extra: 0 },
  { name: `+${extraListings.toLocaleString('en')}`, extra: extraListings },
];
const gateways = await Promise.all(stores.map((s) => countyGateway(s.extra)));
try {
  console.log(
    `/map on a visitor's phone (${VIEWPORTS.mobile.width}×${VIEWPORTS.mobile.height}, touch), ` +
      `CPU slowed ${slowdown}× after the first sync; demo data, and demo data + ${extraListings} ` +
      `listings; ${runs} run(s) each, a new browser each run; build ${distDir}`,
  );
  // The profile's visit is one of its own: sampling slows the page it measures.
  if (profile)
    for (const [i, store] of stores.entries())
      await measure(gateways[i]!.url, `${store.name} store`);
  const results: Run[][] = stores.map(() => []);
  for (let run = 1; run <= runs; run++) {
    // Alternate which goes first, so a change in the machine's load falls on both.
    const order = run % 2 === 1 ? [0, 1] : [1, 0];
    for (const i of order) {
      const r = await measure(gateways[i]!.url, null);
      results[i]!.push(r);
      console.log(
        `  ${stores[i]!.name.padEnd(8)} #${run}: ${r.held} listings held; screen ` +
          `${r.screenMs.toFixed(0)} ms, map ${r.mapMs.toFixed(0)} ms, first pins ` +
          `${r.firstPinsMs.toFixed(0)} ms (${r.firstDrawn} listings drawn), every pin ` +
          `${r.allPinsMs.toFixed(0)} ms\n${' '.repeat(14)}county z${MAP_ZOOMS.county} pan: ` +
          `${describePan(r.county)}\n${' '.repeat(14)}street z${STREET_ZOOM} pan: ${describePan(r.street)}`,
      );
    }
  }

  if (runs > 0) printTable(summaryOf(results[0]!), summaryOf(results[1]!));
} finally {
  await Promise.all(gateways.map((g) => g.stop()));
}

type Summary = ReturnType<typeof summaryOf>;
function printTable(base: Summary, county: Summary) {
  const columns: [string, keyof typeof base, number][] = [
    ['public listings on the device', 'held', 0],
    [`screen drawn ms (${slowdown}×)`, 'screenMs', 0],
    [`map library loaded ms (${slowdown}×)`, 'mapMs', 0],
    [`first pins ms (${slowdown}×)`, 'firstPinsMs', 0],
    [`every pin drawn ms (${slowdown}×)`, 'allPinsMs', 0],
    [`county z${MAP_ZOOMS.county} pan frame median ms`, 'countyMedian', 1],
    [`county z${MAP_ZOOMS.county} pan frame p95 ms`, 'countyP95', 1],
    [`county z${MAP_ZOOMS.county} pan frames > ${LONG_FRAME_MS} ms`, 'countyLong', 0],
    [`street z${STREET_ZOOM} pan frame median ms`, 'streetMedian', 1],
    [`street z${STREET_ZOOM} pan frame p95 ms`, 'streetP95', 1],
    [`street z${STREET_ZOOM} pan frames > ${LONG_FRAME_MS} ms`, 'streetLong', 0],
  ];
  console.log(
    `\nmedians of ${runs} run(s), pans at CPU ${slowdown}×; ratio: ${stores[1]!.name} listings ×N of the demo's`,
  );
  console.log(
    `  ${''.padEnd(34)} ${'demo'.padStart(8)} ${stores[1]!.name.padStart(8)} ${'ratio'.padStart(7)}`,
  );
  for (const [label, key, digits] of columns) {
    const ratio = base[key] === 0 ? '—' : `×${(county[key] / base[key]).toFixed(2)}`;
    console.log(
      `  ${label.padEnd(34)} ${base[key].toFixed(digits).padStart(8)} ` +
        `${county[key].toFixed(digits).padStart(8)} ${ratio.padStart(7)}`,
    );
  }
}
