/**
 * What Lighthouse's best practices check on each public page, checked as a visitor opens it
 * (issue 66): no error in the console, no Content Security Policy violation, and no `unload`
 * listener (deprecated; it keeps the page out of the back/forward cache), once the tab leads the
 * device's tabs (RxDB's leader election, which gives leadership up when the page goes).
 * Real Chromium against the real gateway (embedded store, demo data). Run `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { News } from '@couchdb/model/news';
import type { Property } from '@couchdb/model/property';
import { SYNC_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { useWorld } from './world';

const world = useWorld({ browser: 'file' });

const paths: string[] = [];

beforeAll(async () => {
  const listing = [...(await serverDocs<Property>(world.url, null, 'properties')).values()][0]!;
  const article = [...(await serverDocs<News>(world.url, null, 'news')).values()][0]!;
  paths.push(
    '/',
    '/properties',
    `/properties/${listing.id}`,
    '/news',
    `/news/${article.id}`,
    '/login',
    '/register',
    '/areas',
    '/help',
    '/tools/mortgage',
  );
});

declare global {
  interface Window {
    /** The CSP violations the page reported since it loaded. */
    __cspViolations?: string[];
  }
}

/** Runs in each page before its scripts: keeps each CSP violation it reports. */
function recordCspViolations(): void {
  const seen: string[] = [];
  window.__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(
      `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
    ),
  );
}

/** The types of the listeners on `window`, as DevTools lists them. */
async function windowListeners(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId!,
    });
    return listeners.map((l) => l.type);
  } finally {
    await cdp.detach();
  }
}

/** Whether this tab holds the lock of the device's leading tab (broadcast-channel's web lock). */
function leads(page: Page): Promise<boolean> {
  return page.evaluate(async () =>
    ((await navigator.locks.query()).held ?? []).some((lock) =>
      lock.name?.startsWith('pubkey-bc||'),
    ),
  );
}

it('logs no error and no CSP violation, and listens for no unload, on each public page', async () => {
  await world.browser.context.addInitScript(recordCspViolations);
  const found: string[] = [];
  for (const path of paths) {
    const page = await world.browser.context.newPage();
    await page.setViewportSize(VIEWPORTS.mobile);
    page.on('console', (msg) => {
      if (msg.type() === 'error') found.push(`${path}: console error ${msg.text()}`);
    });
    page.on('pageerror', (err) => found.push(`${path}: page error ${err.message}`));
    await page.goto(`${world.url}${path}`);
    await expect.poll(() => leads(page), SYNC_WAIT).toBe(true);
    for (const violation of await page.evaluate(() => window.__cspViolations ?? [])) {
      found.push(`${path}: CSP violation ${violation}`);
    }
    if ((await windowListeners(page)).includes('unload')) found.push(`${path}: an unload listener`);
    await page.close();
  }
  expect(found).toEqual([]);
});
