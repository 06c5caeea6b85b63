/**
 * Lighthouse (performance, mobile settings) against the production gateway with demo data, in
 * Debian's Chromium: performance score, FCP, speed index, LCP, TBT and CLS for home, the listing
 * list, a listing's own page (a shared link) and the map screen (/map), each run and the median
 * (3 runs by default). Each run is a first visit (Lighthouse clears the origin's storage), so the
 * gateway renders the first screen (sync-server/first-screen.ts).
 * Goal (issue 17): performance ≥ 95, TBT ≤ 150 ms, LCP ≤ 2 s on each. With --categories, the
 * other categories' scores too, each with the audits that failed (issue 66: accessibility and best
 * practices at 100 on home, the list, a listing, /news, an article and /login). Run `npm run build`
 * first (DIST_DIR for another build).
 *   npm run bench -- lighthouse [--runs 3] [--report DIR] [--pages home,listings,listing,map]
 *     [--categories performance,accessibility,best-practices]
 * --report keeps each run's full Lighthouse JSON (LCP element, long tasks, bootup time) in DIR.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import type { News } from '../couchdb/model/news';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/browser';
import { startGateway } from '../tests/helpers/gateway';
import { serverDocs } from '../tests/helpers/sync-api';
import { sharedListingPath } from './shared-listing';

/**
 * The pages measured; a listing's page is a public demo listing with photos, an article a
 * published demo article (see `main`). The map by default; the others on asking by name.
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
const DEFAULT_PAGES = ['home', 'listings', 'listing', 'map'];

/** Lighthouse's categories besides performance, scored out of 100 with their failed audits. */
const OTHER_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;

/** A published demo article's page (the demo data seeds some). */
async function articlePath(base: string): Promise<string> {
  const article = [...(await serverDocs<News>(base, null, 'news')).values()][0];
  if (!article) throw new Error('no published article in the demo data');
  return `/news/${encodeURIComponent(article.id)}`;
}

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
      pages: { type: 'string', default: DEFAULT_PAGES.join(',') },
      categories: { type: 'string', default: 'performance' },
    },
  });
  const pageNames = String(values.pages).split(',');
  const categories = String(values.categories).split(',');
  const others = OTHER_CATEGORIES.filter((c) => categories.includes(c));
  const runs = Math.max(1, Number(values.runs));
  const gateway = await startGateway({ embedded: true });
  const listingPath = await sharedListingPath(gateway.url);
  const paths: Record<string, string> = { listing: listingPath };
  if (pageNames.includes('article')) paths.article = await articlePath(gateway.url);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const { rttMs, throughputKbps, cpuSlowdownMultiplier } = constants.throttling.mobileSlow4G;
    console.log(
      `Lighthouse ${runs} run(s) per page, mobile: slow 4G simulated (${rttMs} ms round trip, ` +
        `${(throughputKbps / 1024).toFixed(1)} Mbit/s down), CPU ×${cpuSlowdownMultiplier}; ` +
        `FCP is when the page first paints on that network. ${gateway.url}`,
    );
    console.log(`${'page'.padEnd(15)} score  FCP ms   SI ms  LCP ms  TBT ms    CLS`);
    for (const page of PAGES.filter((p) => pageNames.includes(p.name))) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(
          `${gateway.url}${page.path || paths[page.name]}`,
          chrome.port,
          categories,
        );
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
        for (const category of others) {
          const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
          const failed = lhr.categories[category]?.auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          console.log(
            `${`${page.name} #${run + 1}`.padEnd(15)} ${category} ${score}` +
              (failed?.length ? ` (failed: ${failed.join(', ')})` : ''),
          );
        }
        if (!categories.includes('performance')) continue;
        all.push(figures);
        if (runs > 1) console.log(row(`${page.name} #${run + 1}`, figures));
      }
      if (all.length === 0) continue;
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
}

await main();
