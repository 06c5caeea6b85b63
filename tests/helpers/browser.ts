/**
 * Real Chromium for e2e tests and screenshots (playwright-core, the system /usr/bin/chromium).
 * Each browser gets a fresh profile in a temp dir, so no state leaks between runs.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

/** How long a test waits for what crosses the sync (a replication retry on a busy machine included). */
export const SYNC_WAIT = { timeout: 30_000 } as const;

export interface TestBrowser {
  context: BrowserContext;
  /** Opens a new page at this viewport and goes to `url`. */
  openPage(url: string, viewport?: Viewport): Promise<Page>;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh user-data-dir; `close()` removes it. */
export async function launchBrowser(): Promise<TestBrowser> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'cj-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: VIEWPORTS.desktop,
  });
  context.setDefaultTimeout(UI_WAIT.timeout);

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
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page PNG under tests/.artifacts/screenshots/ and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until React owns the page's <main> (a page the gateway rendered answers clicks only once
 * it is hydrated: a click on the server's markup before that is lost).
 */
export async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    UI_WAIT,
  );
}
