/**
 * Real Chromium for e2e tests and screenshots (playwright-core, the system /usr/bin/chromium).
 * Each browser gets a fresh profile in a temp dir, so no state leaks between runs; a test that
 * restarts a browser (after killing it) passes a profile of its own.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags here: headless, no sandbox (root), no calls to the outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = fileURLToPath(new URL('../.artifacts/screenshots/', import.meta.url));

export interface Viewport {
  width: number;
  height: number;
}

/** The two sizes the UI is checked at: a phone and a laptop. */
export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const satisfies Record<string, Viewport>;

/**
 * How long a test waits for the UI to reach a state (hydration, a render after a click) on a loaded
 * machine: every locator wait's default (set on each context) and every `expect.poll` on the page.
 */
export const UI_WAIT = { timeout: 15_000 } as const;

/** How long a page's load waits for the app's code (a fresh browser's first load on a busy machine). */
const FIRST_LOAD_WAIT = { timeout: 30_000 } as const;

/** How long a test waits for what crosses the sync (a replication retry on a busy machine included). */
export const SYNC_WAIT = { timeout: 30_000 } as const;

export interface TestBrowser {
  context: BrowserContext;
  /** Opens a new page at this viewport and goes to `url`. */
  openPage(url: string, viewport?: Viewport): Promise<Page>;
  close(): Promise<void>;
  /**
   * Ends the browser as a phone that reclaims its memory does: SIGKILL to its process, nothing
   * shut down or written first. Resolves once every process of its profile has gone.
   */
  kill(): Promise<void>;
}

/**
 * Launches Chromium with a fresh user-data-dir; `close()` removes it. `touch`: a phone's touch
 * screen (a coarse pointer, taps) instead of a mouse. `profileDir`: the user-data-dir to use and
 * keep (the caller removes it), so a browser launched on it again finds what this one saved.
 */
export async function launchBrowser({
  touch = false,
  profileDir: keptProfile,
}: { touch?: boolean; profileDir?: string } = {}): Promise<TestBrowser> {
  const profileDir = keptProfile ?? (await mkdtemp(path.join(tmpdir(), 'cj-chromium-')));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: VIEWPORTS.desktop,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  context.setDefaultTimeout(UI_WAIT.timeout);
  await context.addInitScript(recordToasts);
  for (const page of context.pages()) preparePage(page);
  context.on('page', preparePage);

  return {
    context,
    async openPage(url, viewport = VIEWPORTS.desktop) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
      await page.goto(url);
      return page;
    },
    async close() {
      await context.close();
      if (!keptProfile) await rm(profileDir, { recursive: true, force: true });
    },
    async kill() {
      const closed = new Promise<void>((resolve) => context.once('close', () => resolve()));
      const browser = (await profileProcesses(profileDir)).find((p) => p.browser);
      if (!browser) throw new Error(`no browser process of ${profileDir}`);
      process.kill(browser.pid, 'SIGKILL');
      await closed;
      // Its helpers (renderers, the storage and network services) end when they lose it.
      const deadline = Date.now() + BROWSER_EXIT_WAIT.timeout;
      while ((await profileProcesses(profileDir)).length > 0) {
        if (Date.now() > deadline) throw new Error(`processes of ${profileDir} still running`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** How long a killed browser's helper processes may take to end. */
const BROWSER_EXIT_WAIT = { timeout: 15_000 } as const;

/**
 * The Chromium processes running on `profileDir` (Linux /proc): the browser itself (no `--type`)
 * and its helpers, which are given its user-data-dir too.
 */
async function profileProcesses(profileDir: string): Promise<{ pid: number; browser: boolean }[]> {
  const found: { pid: number; browser: boolean }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(`/proc/${entry}/cmdline`, 'utf8')
      .then((line) => line.split('\0'))
      .catch(() => null); // ended meanwhile
    if (!args?.includes(`--user-data-dir=${profileDir}`)) continue;
    found.push({ pid: Number(entry), browser: !args.some((a) => a.startsWith('--type=')) });
  }
  return found;
}

/** A toast as the page's log keeps it: its text and when it was put on the page. */
export interface ShownToast {
  text: string;
  at: number;
}

declare global {
  interface Window {
    /** Every toast put on the page since it loaded, in order (`recordToasts`). */
    __toastLog?: ShownToast[];
    /** How many of `__toastLog`'s entries a test's waits have already matched. */
    __toastsMatched?: number;
  }
}

/**
 * Runs in each page before its own scripts: logs every toast as it is put on the page. A toast
 * closes itself after a few seconds; a wait that polls could miss one shown and closed between two
 * of its looks on a busy machine, the log does not.
 */
function recordToasts(): void {
  const log: ShownToast[] = [];
  window.__toastLog = log;
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      log.push({ text: toast.textContent ?? '', at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Every page of a test browser: its events recorded, its loads waiting for React. */
function preparePage(page: Page): void {
  recordPageEvents(page);
  waitForReactOnLoad(page);
}

/**
 * Makes the page's `goto` and `reload` return only once React owns the app's page: the gateway
 * renders the public screens, and a click on its markup before the app's code has loaded is lost
 * (a test's click would then wait in vain for what it should have done).
 */
function waitForReactOnLoad(page: Page): void {
  const afterLoad = async (response: Response | null) => {
    const html = response?.headers()['content-type']?.includes('text/html') ?? false;
    // The app's page (a bench's own page has no #root).
    if (html && response!.ok() && (await page.locator('#root').count()) > 0)
      await waitForReact(page, FIRST_LOAD_WAIT);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => afterLoad(await goto(url, options));
  page.reload = async (options) => afterLoad(await reload(options));
}

/** How many of a page's latest console lines and failed requests a failure report shows. */
const PAGE_LOG_LINES = 40;
const pageLogs = new WeakMap<Page, string[]>();
/** A page's requests still waiting for their answer, with when each was sent. */
const pageRequests = new WeakMap<Page, Map<Request, number>>();

/** Keeps a page's latest console lines, errors and failed requests for `describePage`. */
function recordPageEvents(page: Page): void {
  if (pageLogs.has(page)) return;
  const lines: string[] = [];
  pageLogs.set(page, lines);
  const inFlight = new Map<Request, number>();
  pageRequests.set(page, inFlight);
  page.on('request', (req) => inFlight.set(req, Date.now()));
  page.on('requestfinished', (req) => inFlight.delete(req));
  page.on('requestfailed', (req) => inFlight.delete(req));
  const started = Date.now();
  const add = (line: string) => {
    lines.push(
      `+${((Date.now() - started) / 1000).toFixed(1)}s ${line.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
    if (lines.length > PAGE_LOG_LINES) lines.shift();
  };
  page.on('console', (msg) => add(`[${msg.type()}] ${msg.text()}`));
  page.on('pageerror', (err) => add(`[page error] ${err.message}`));
  page.on('requestfailed', (req) =>
    add(`[request failed] ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`),
  );
  page.on('response', (res) => {
    if (res.status() >= 400) add(`[${res.status()}] ${res.request().method()} ${res.url()}`);
  });
}

/**
 * What a page shows and logged, for a failed wait's message (the CI log keeps a failure's message
 * when it keeps little else): its address, its visible text and its latest console lines.
 */
export async function describePage(page: Page): Promise<string> {
  const shown = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '(unreadable)');
  const log = pageLogs.get(page) ?? [];
  const now = Date.now();
  const waiting = [...(pageRequests.get(page) ?? new Map<Request, number>())].map(
    ([req, sent]) => `  ${req.method()} ${req.url()} for ${((now - sent) / 1000).toFixed(1)}s`,
  );
  // Web locks (the session's renewals hold one): who holds them and who waits.
  const locks = await Promise.race([
    page.evaluate(async () => JSON.stringify(await navigator.locks.query())),
    new Promise<string>((resolve) => setTimeout(() => resolve('(no answer)'), 1_000)),
  ]).catch(() => '(unreadable)');
  const toasts = await page
    .evaluate(() => JSON.stringify(window.__toastLog ?? []))
    .catch(() => '(unreadable)');
  return [
    `page ${page.url()} shows: ${shown.replace(/\s+/g, ' ').slice(0, 400)}`,
    `its toasts since it loaded: ${toasts}`,
    `its requests without an answer yet (${waiting.length}):`,
    ...waiting,
    `its web locks: ${locks}`,
    `its latest console lines and failed requests (${log.length}):`,
    ...log.map((line) => `  ${line}`),
  ].join('\n');
}

/**
 * Runs a wait on `page`; when it fails, saves a screenshot named `name` and fails with what the page
 * showed and logged beside the wait's own message.
 */
export async function explainFailure<T>(
  page: Page,
  name: string,
  wait: () => Promise<T>,
): Promise<T> {
  try {
    return await wait();
  } catch (err) {
    if (page.isClosed()) throw err;
    await saveScreenshot(page, name).catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`${message}\n${await describePage(page)}`, { cause: err });
  }
}

/**
 * Saves a PNG under tests/.artifacts/screenshots/ and returns its path: the full page, or with
 * `fullPage: false` what the screen shows (fixed bars where they are on the phone).
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Waits until React owns the app's markup in #root (a page the gateway rendered answers clicks only
 * once it is hydrating: a click on the server's markup before that is lost). Every `goto` and
 * `reload` of a test browser's pages already waits for it.
 */
export async function waitForReact(page: Page, wait: { timeout: number } = UI_WAIT): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.getElementById('root')?.children ?? []).some((el) =>
        Object.keys(el).some((key) => key.startsWith('__reactFiber')),
      ),
    undefined,
    wait,
  );
}
