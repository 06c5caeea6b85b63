/**
 * Small buttons on a phone's touch screen: an admin's listing card has a row of them (查看, 日志,
 * 优先, 下架, 删除), each about 31 px high. A touch a few pixels off such a button still lands on
 * it, and when the row wraps, a button does not take the touches meant for the one above or below.
 * The same for the small controls a visitor meets: a card's heart, the filter chips, the home
 * banner's dots.
 * Real Chromium with a touch screen against the real gateway (embedded store, demo data).
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { VIEWPORTS, waitForReact } from '../helpers/browser';
import { adminCard } from './pages/admin-pages';
import { PropertyListPage } from './pages/property-list-page';
import { useWorld } from './world';

/** How far off a button's edge the taps below land: within the 44 px a finger needs. */
const OFF_EDGE_PX = 6;

const world = useWorld({ devices: { phone: { touch: true } } });

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
  const page = await world.signedIn(world.devices.phone, 'admin', {
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

/**
 * For each of `targets`: its size, and whether a touch `vertical` px above and below it and
 * `horizontal` px to its left and right lands on it (the page's hit testing, the target scrolled to
 * the middle of the screen first). Unless `everySide`, a side without a target next to it on the
 * same line (the first or last of a wrapped line) is not asked: its reach may end at the edge of
 * what holds it.
 */
function reachOf(targets: Locator, vertical: number, horizontal: number, everySide = false) {
  return targets.evaluateAll(
    (elements, [v, h, all]) =>
      elements.map((el, i) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const lands = (px: number, py: number) =>
          document.elementFromPoint(px, py)?.closest('button, a') === el;
        const beside = (other: Element | undefined) =>
          all ||
          (other !== undefined &&
            other.parentElement === el.parentElement &&
            Math.abs(other.getBoundingClientRect().top - r.top) < 1);
        return {
          height: Math.round(r.height),
          above: lands(x, r.top - v),
          below: lands(x, r.bottom + v),
          left: beside(elements[i - 1]) ? lands(r.left - h, y) : 'no neighbour',
          right: beside(elements[i + 1]) ? lands(r.right + h, y) : 'no neighbour',
        };
      }),
    [vertical, horizontal, everySide] as const,
  );
}

/** Every side with a neighbour lands on the target. */
const landsEveryWay = (reach: Record<string, unknown>) =>
  ['above', 'below', 'left', 'right'].every((side) => reach[side] !== false);

it('lands a touch just off a card’s heart or a filter chip on it', async () => {
  const page = await world.devices.phone.openPage(`${world.url}/properties`, VIEWPORTS.mobile);
  const list = new PropertyListPage(page);
  await list.waitForResults();
  const hearts = await reachOf(
    list.cards.getByRole('button', { name: '收藏' }),
    OFF_EDGE_PX,
    OFF_EDGE_PX,
    true,
  );
  expect(hearts.length).toBeGreaterThanOrEqual(3);
  for (const heart of hearts) {
    expect(heart.height).toBeLessThan(44);
    expect(heart).toMatchObject({ above: true, below: true, left: true, right: true });
  }

  // The chips wrap onto several lines (区域's six townships): a touch between two lines goes to
  // the chip above or below it, never past it to the next line's.
  await list.openPanel();
  const chips = await reachOf(list.panel.locator('[role="group"] button'), 5, 3);
  expect(chips.length).toBeGreaterThanOrEqual(20);
  for (const chip of chips) {
    expect(chip.height).toBeLessThan(44);
    expect(landsEveryWay(chip), JSON.stringify(chip)).toBe(true);
  }
});

it('lands a touch near a dot of the home banner on that dot', async () => {
  const page = await world.devices.phone.openPage(`${world.url}/`, VIEWPORTS.mobile);
  const dots = page.getByRole('button', { name: /^第\d张$/ });
  await dots.first().waitFor();
  await waitForReact(page);
  const reach = await reachOf(dots, 12, 6, true);
  expect(reach).toHaveLength(3);
  for (const dot of reach) {
    expect(dot.height).toBeLessThan(20);
    expect(landsEveryWay(dot), JSON.stringify(dot)).toBe(true);
  }
});
