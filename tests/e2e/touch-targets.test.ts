/**
 * Small buttons on a phone's touch screen: an admin's listing card has a row of them (查看, 日志,
 * 优先, 下架, 删除), each about 31 px high. A touch a few pixels off such a button still lands on
 * it, and when the row wraps, a button does not take the touches meant for the one above or below.
 * Real Chromium with a touch screen against the real gateway (embedded store, demo data).
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { launchBrowser, VIEWPORTS, type TestBrowser } from '../helpers/browser';
import { startGateway, type RunningGateway } from '../helpers/gateway';
import { demoAccount } from './pages/browse-fixtures';
import { openSignedIn } from './pages/login-page';
import { adminCard } from './pages/admin-pages';

/** How far off a button's edge the taps below land: within the 44 px a finger needs. */
const OFF_EDGE_PX = 6;

let gateway: RunningGateway;
let phone: TestBrowser;

beforeAll(async () => {
  gateway = await startGateway({ embedded: true });
  phone = await launchBrowser({ touch: true });
});

afterAll(async () => {
  await phone?.close();
  await gateway?.stop();
});

/**
 * For each small button of the card: its label, height, and what a touch a little above and a little
 * below it presses (the button or link there, by its text). Read in one go from the page's hit
 * testing, the card scrolled to the middle of the screen (clear of the sticky bulk-action bar and
 * the tab bar), so a render in between cannot move it. (Chromium's own touch adjustment moves a tap
 * onto a button near it too, but a browser without it, such as Safari on a phone, does not.)
 */
function touchesAround(
  card: Locator,
): Promise<{ label: string; height: number; above: string | null; below: string | null }[]> {
  return card.evaluate((el, off) => {
    el.scrollIntoView({ block: 'center' });
    const pressed = (x: number, y: number) =>
      document.elementFromPoint(x, y)?.closest('button, a')?.textContent?.trim() ?? null;
    return [...el.querySelectorAll('.MuiButton-sizeSmall')].map((button) => {
      const r = button.getBoundingClientRect();
      const x = r.left + r.width / 2;
      return {
        label: button.textContent!.trim(),
        height: r.height,
        above: pressed(x, r.top - off),
        below: pressed(x, r.bottom + off),
      };
    });
  }, OFF_EDGE_PX);
}

it('lands a touch just above or below a small button on an admin’s card on that button', async () => {
  const page = await openSignedIn(phone, gateway.url, demoAccount('admin'), {
    viewport: VIEWPORTS.mobile,
    path: '/admin/properties',
  });
  const first = page.getByTestId('admin-property-card').first();
  const card = adminCard(page, (await first.getAttribute('data-property-id'))!);

  // Every small button of the card, the wrapped line's included, owns the strips above and below it.
  const touches = await touchesAround(card);
  expect(touches.length).toBeGreaterThanOrEqual(4);
  for (const t of touches) {
    expect(t.height).toBeLessThan(44);
    expect(t).toMatchObject({ above: t.label, below: t.label });
  }
});
