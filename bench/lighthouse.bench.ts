/**
 * Lighthouse (mobile settings) against the production gateway with demo data, in Debian's
 * Chromium: performance score, FCP, speed index, LCP, TBT and CLS for home, the listing list, a
 * listing's own page (a shared link), the map screen (/map), news, an article's own page and
 * /login, each run and the median (3 runs by default). Each run is a first visit (Lighthouse
 * clears the origin's storage), so the gateway renders the first screen (sync-server/first-screen.ts).
 * Goal (issue 17): performance ≥ 95, TBT ≤ 150 ms, LCP ≤ 2 s on each. Run `npm run build` first
 * (DIST_DIR for another build).
 *   npm run bench -- lighthouse [--runs 3] [--report DIR] [--pages home,listings,listing,map,news,article,login]
 *     [--categories seo,accessibility,best-practices]
 * --report keeps each run's full Lighthouse JSON (LCP element, long tasks, bootup time) in DIR.
 * --categories measures those categories instead of performance: each one's score, and the audits
 * that failed (goal, issue 66: 100 on each page).
 * --listings N adds N generated public listings to the demo data (a county-sized store, as the
 * long-tasks bench does): a first visit is then also the device's first sync of every public listing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/browser';
import { countyGateway } from '../tests/helpers/county-gateway';
import { sharedArticlePath, sharedListingPath } from '../tests/helpers/shared-listing';

/**
 * The pages measured; a listing's page is a public demo listing with photos, an article's a
 * published demo article (see `main`).
 */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listings', path: '/properties' },
  { name: 'listing', path: '' },
  { name: 'map', path: '/map' },
  { name: 'news', path: '/news' },
  { name: 'article', path: '' },
  { name: 'login', path: '/login' },
];

interface Figures {
  score: number;
  fcpMs: number;
  siMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const row = (label: string, f: Figures) =>
  `${label.padEnd(15)} ${String(f.score).padStart(5)} ${f.fcpMs.toFixed(0).padStart(7)} ` +
  `${f.siMs.toFixed(0).padStart(7)} ${f.lcpMs.toFixed(0).padStart(7)} ` +
  `${f.tbtMs.toFixed(0).padStart(7)} ${f.cls.toFixed(3).padStart(6)}`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Tries a run that failed to record (Lighthouse's own glitches, e.g. NO_NAVSTART) up to 3 times. */
async function measure(url: string, port: number, categories: string[]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: categories },
      undefined,
    );
    const lhr = result?.lhr;
    const failure = !lhr ? 'no result' : lhr.runtimeError?.message;
    if (lhr && !failure) return lhr;
    if (attempt >= 3) throw new Error(`${url}: ${failure}`);
    console.log(`(${url}: ${failure}; measuring again)`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      report: { type: 'string' },
      pages: { type: 'string', default: PAGES.map((p) => p.name).join(',') },
      categories: { type: 'string', default: 'performance' },
      listings: { type: 'string', default: '0' },
    },
  });
  const pageNames = String(values.pages).split(',');
  const categories = String(values.categories).split(',');
  const runs = Math.max(1, Number(values.runs));
  const extraListings = Number(values.listings);
  const gateway = await countyGateway(extraListings);
  const ownPaths: Record<string, string> = {
    listing: await sharedListingPath(gateway.url),
    article: await sharedArticlePath(gateway.url),
  };
  const urlOf = (page: (typeof PAGES)[number]) =>
    `${gateway.url}${page.path || ownPaths[page.name]}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const { rttMs, throughputKbps, cpuSlowdownMultiplier } = constants.throttling.mobileSlow4G;
    console.log(
      `Lighthouse ${runs} run(s) per page, mobile: slow 4G simulated (${rttMs} ms round trip, ` +
        `${(throughputKbps / 1024).toFixed(1)} Mbit/s down), CPU ×${cpuSlowdownMultiplier}; ` +
        `FCP is when the page first paints on that network. ` +
        `Demo data${extraListings > 0 ? ` + ${extraListings} listings` : ''}, ${gateway.url}`,
    );
    const pages = PAGES.filter((p) => pageNames.includes(p.name));
    if (!categories.includes('performance')) {
      await scoreCategories(pages.map((p) => ({ name: p.name, url: urlOf(p) })));
      return;
    }
    console.log(`${'page'.padEnd(15)} score  FCP ms   SI ms  LCP ms  TBT ms    CLS`);
    for (const page of pages) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(urlOf(page), chrome.port, ['performance']);
        if (values.report) {
          await mkdir(values.report, { recursive: true });
          await writeFile(`${values.report}/${page.name}-${run + 1}.json`, JSON.stringify(lhr));
        }
        const figures: Figures = {
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          siMs: lhr.audits['speed-index']?.numericValue ?? NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        };
        all.push(figures);
        if (runs > 1) console.log(row(`${page.name} #${run + 1}`, figures));
      }
      const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
      console.log(
        row(`${page.name}${runs > 1 ? ' median' : ''}`, {
          score: pick('score'),
          fcpMs: pick('fcpMs'),
          siMs: pick('siMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
        }),
      );
    }
  } finally {
    chrome.kill();
    await gateway.stop();
  }

  /** Each page's score in each category per run, and the audits that kept one below 100. */
  async function scoreCategories(targets: { name: string; url: string }[]) {
    console.log(`${'page'.padEnd(15)} ${categories.map((c) => c.padStart(15)).join(' ')}`);
    for (const { name, url } of targets) {
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(url, chrome.port, categories);
        if (values.report) {
          await mkdir(values.report, { recursive: true });
          await writeFile(`${values.report}/${name}-${run + 1}.json`, JSON.stringify(lhr));
        }
        const scores = categories.map((c) =>
          String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(15),
        );
        console.log(`${`${name} #${run + 1}`.padEnd(15)} ${scores.join(' ')}`);
        const failed = categories.flatMap((c) =>
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
        );
        if (failed.length > 0) console.log(`${''.padEnd(15)} failed: ${failed.join(', ')}`);
      }
    }
  }
}

await main();
