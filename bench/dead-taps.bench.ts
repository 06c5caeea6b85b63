/**
 * The dead window of a first visit (architecture §11): from the first paint of a page the gateway
 * rendered to the first tap that does what it should, on a phone (4× slowed CPU, slow 4G: the
 * profile of tests/helpers/slow-phone.ts), on home (打开菜单), the listing list (筛选) and a
 * listing's own page (电话咨询). Each probe is a fresh visit with one tap, made that long after the
 * first paint; a tap works when its effect shows (the menu, the filter panel, the login) by 5 s
 * after the app has loaded; the first probe taps at the first paint, then the window is narrowed
 * between a lost and a working tap, to --step-ms. Beside it, from the same visits: when the app
 * had loaded (React owned the page) after the first paint, the window a page has whose taps wait
 * for its app; the ratio is the dead window over it. Run `npm run build` first.
 *   npm run bench -- dead-taps [--pages home,listings,listing] [--step-ms 250]
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from '../tests/helpers/browser';
import { emulateSlowPhone, RECORD_PAINT_AND_REACT } from '../tests/helpers/slow-phone';
import { countyGateway } from '../tests/helpers/county-gateway';
import { sharedListingPath } from '../tests/helpers/shared-listing';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    pages: { type: 'string', default: 'home,listings,listing' },
    'step-ms': { type: 'string', default: '250' },
  },
  strict: false,
});
const STEP_MS = Number(values['step-ms']);
/** A tap that has not shown its effect this long after the app loaded is lost. */
const LOST_AFTER_APP_MS = 5_000;
/** A visit that never paints or never loads its app within this long is a failed run. */
const VISIT_MS = 90_000;

interface Target {
  name: string;
  path: (base: string) => Promise<string>;
  /** The control, as the page's own selector (the rendered page's markup). */
  control: string;
  /** Whether the tap's effect shows (in the page, or where it went). */
  done: (page: Page) => Promise<boolean>;
}

const TARGETS: Record<string, Target> = {
  home: {
    name: 'home 打开菜单',
    path: async () => '/',
    control: 'button[aria-label="打开菜单"]',
    done: (page) => page.getByRole('navigation', { name: '移动端菜单' }).isVisible(),
  },
  listings: {
    name: 'list 筛选',
    path: async () => '/properties',
    control: 'button[aria-controls="property-filter-panel"]',
    done: async (page) =>
      (await page
        .locator('button[aria-controls="property-filter-panel"]')
        .getAttribute('aria-expanded')) === 'true',
  },
  listing: {
    name: 'listing 电话咨询',
    path: sharedListingPath,
    control: '[data-testid="contact-bar"] :is(a, button):has-text("电话咨询")',
    done: async (page) => new URL(page.url()).pathname === '/login',
  },
};

interface Probe {
  /** Whether the tap did what it should. */
  worked: boolean;
  /** When the app had loaded (React owned the page), after the first paint; null: not seen. */
  appMs: number | null;
}

/** A fresh visit to `url`, with one tap on the target's control `delayMs` after the first paint. */
async function probe(
  browser: Browser,
  url: string,
  target: Target,
  delayMs: number,
): Promise<Probe> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.mobile,
    hasTouch: true,
    isMobile: true,
    locale: 'zh-CN',
  });
  try {
    const page = await context.newPage();
    await emulateSlowPhone(page);
    await page.addInitScript(RECORD_PAINT_AND_REACT);
    await page.goto(url, { waitUntil: 'commit', timeout: VISIT_MS });
    const paintAt = (await (
      await page.waitForFunction(() => window.__firstPaintAt ?? false, undefined, {
        timeout: VISIT_MS,
        polling: 20,
      })
    ).jsonValue()) as number;
    await page.waitForFunction((at) => performance.now() >= at, paintAt + delayMs, {
      timeout: VISIT_MS,
      polling: 20,
    });
    const appBefore = await page.evaluate(() => window.__reactAt ?? null);
    await page.locator(target.control).first().tap({ timeout: VISIT_MS });
    // Until the effect shows, or the app has loaded and had its time to answer.
    let appAt = appBefore;
    const deadline = Date.now() + VISIT_MS;
    for (;;) {
      if (await target.done(page).catch(() => false)) break;
      const state = await page
        .evaluate(() => ({ now: performance.now(), react: window.__reactAt ?? null }))
        .catch(() => null); // the page navigated meanwhile
      if (state?.react != null) appAt = state.react;
      if (state && state.react != null && state.now > state.react + LOST_AFTER_APP_MS)
        return { worked: false, appMs: state.react - paintAt };
      if (Date.now() > deadline) throw new Error(`${target.name}: the app never loaded`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { worked: true, appMs: appAt == null ? null : appAt - paintAt };
  } finally {
    await context.close();
  }
}

/** A fresh visit to `url` without a tap: when the app had loaded, after the first paint. */
async function appLoadedAfterPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.mobile,
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    await emulateSlowPhone(page);
    await page.addInitScript(RECORD_PAINT_AND_REACT);
    await page.goto(url, { waitUntil: 'commit', timeout: VISIT_MS });
    const handle = await page.waitForFunction(
      () => window.__reactAt !== undefined && window.__reactAt - window.__firstPaintAt!,
      undefined,
      { timeout: VISIT_MS, polling: 100 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)]!;
};

const gateway = await countyGateway(0);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  console.log(
    `dead window: first paint → first working tap (phone: 4× CPU, slow 4G; ${process.env.DIST_DIR ?? 'dist'})`,
  );
  console.log('page                 dead window   app loaded after   ratio   probes');
  for (const key of String(values.pages).split(',')) {
    const target = TARGETS[key];
    if (!target) throw new Error(`unknown page ${key}: ${Object.keys(TARGETS).join(', ')}`);
    const url = `${gateway.url}${await target.path(gateway.url)}`;
    const appMs: number[] = [];
    const run = async (delay: number) => {
      const result = await probe(browser, url, target, delay);
      if (result.appMs != null) appMs.push(result.appMs);
      return result.worked;
    };
    let dead: number;
    let probes = 1;
    if (await run(0)) dead = 0;
    else {
      // A lost tap at `lost`, a working one at `working`: narrowed down to the step.
      let lost = 0;
      let working = Math.ceil((median(appMs) + STEP_MS) / STEP_MS) * STEP_MS;
      while (!(await run(working))) {
        probes++;
        lost = working;
        working += 4 * STEP_MS;
      }
      probes++;
      while (working - lost > STEP_MS) {
        const mid = Math.round((lost + working) / 2 / STEP_MS) * STEP_MS;
        if (await run(mid)) working = mid;
        else lost = mid;
        probes++;
      }
      dead = working;
    }
    // A tap that left at once (a link) left before the app loaded: one visit more, untapped.
    if (appMs.length === 0) appMs.push(await appLoadedAfterPaint(browser, url));
    const app = median(appMs);
    console.log(
      `${target.name.padEnd(20)} ${`${dead} ms`.padStart(11)}   ${`${Math.round(app)} ms`.padStart(16)}   ${(dead / app).toFixed(2).padStart(5)}   ${probes}`,
    );
  }
} finally {
  await browser.close();
  await gateway.stop();
}
