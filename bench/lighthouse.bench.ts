/**
 * Lighthouse (performance, mobile settings) against the production gateway with demo data, in
 * Debian's Chromium: performance score, FCP, speed index, LCP, TBT and CLS for home and the listing
 * page, each run and the median. Each run is a first visit (Lighthouse clears the origin's storage),
 * so the gateway renders the first screen (sync-server/first-screen.ts).
 * Goal (issue 4): performance ≥ 90 on both. Run `npm run build` first (DIST_DIR for another build).
 *   npm run bench -- lighthouse [--runs 3] [--report DIR]
 * --report keeps each run's full Lighthouse JSON (LCP element, long tasks, bootup time) in DIR.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/helpers/browser';
import { startGateway } from '../tests/helpers/gateway';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listings', path: '/properties' },
];

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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
  `${label.padEnd(12)} ${String(f.score).padStart(5)} ${f.fcpMs.toFixed(0).padStart(7)} ` +
  `${f.siMs.toFixed(0).padStart(7)} ${f.lcpMs.toFixed(0).padStart(7)} ` +
  `${f.tbtMs.toFixed(0).padStart(7)} ${f.cls.toFixed(3).padStart(6)}`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Tries a run that failed to record (Lighthouse's own glitches, e.g. NO_NAVSTART) up to 3 times. */
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
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
    options: { runs: { type: 'string', default: '1' }, report: { type: 'string' } },
  });
  const runs = Math.max(1, Number(values.runs));
  const gateway = await startGateway({ embedded: true });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    console.log(`Lighthouse ${runs} run(s) per page, mobile (default throttling), ${gateway.url}`);
    console.log('page         score  FCP ms   SI ms  LCP ms  TBT ms    CLS');
    for (const page of PAGES) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(`${gateway.url}${page.path}`, chrome.port);
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
}

await main();
