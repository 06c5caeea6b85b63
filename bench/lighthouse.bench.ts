/**
 * Lighthouse (performance, mobile settings) against the production gateway with demo data, in
 * Debian's Chromium: performance score, LCP, TBT and CLS for home and the listing page.
 * Goal (issue 4): performance ≥ 90 on both. Run `npm run build` first.
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
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
    console.log('page       score   LCP ms   TBT ms    CLS');
    for (const page of PAGES) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          `${gateway.url}${page.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${page.path}`);
        if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
        if (values.report) {
          await mkdir(values.report, { recursive: true });
          await writeFile(`${values.report}/${page.name}-${run + 1}.json`, JSON.stringify(lhr));
        }
        all.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      const figures: Figures = {
        score: median(all.map((f) => f.score)),
        lcpMs: median(all.map((f) => f.lcpMs)),
        tbtMs: median(all.map((f) => f.tbtMs)),
        cls: median(all.map((f) => f.cls)),
      };
      console.log(
        `${page.name.padEnd(9)} ${String(figures.score).padStart(6)} ${figures.lcpMs.toFixed(0).padStart(8)} ` +
          `${figures.tbtMs.toFixed(0).padStart(8)} ${figures.cls.toFixed(3).padStart(6)}`,
      );
    }
  } finally {
    chrome.kill();
    await gateway.stop();
  }
}

await main();
