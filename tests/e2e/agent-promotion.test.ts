/**
 * Promotion links (issue 15 item 1) in real Chromium against the real gateway: a visitor opens an
 * agent's link, the address bar is cleaned, the listing's contact dialog shows the agent (after
 * signing in) while the promotion lasts and the listing's own contact 24 hours later; the agent's
 * 推广效果 counts the visit once however often the link is opened again. Run `npm run build` first.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { PROMOTION_VALIDITY_MS } from '@couchdb/model/constants';
import { favoriteId } from '@couchdb/model/favorite-facts';
import { PROMOTION_MESSAGES, promotionQuery } from '@couchdb/model/promotion-facts';
import {
  PROMOTION_OUTBOX_KEY,
  PROMOTION_PARAMS,
  PROMOTION_STORAGE_KEY,
} from '@couchdb/model/promotion-link-facts';
import { SHARE_LIST_MAX } from '@couchdb/rules/share-list';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { DEMO_ACCOUNTS } from '@couchdb/seed/demo-data';
import { bearer, insert, signIn } from '../helpers/sync-api';
import {
  demoAccount,
  publishApproved,
  publishPending,
  type Session,
} from './pages/browse-fixtures';
import { LoginPage } from './pages/login-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({ devices: ['visitor', 'agent'] });

let listingId: string;

beforeAll(async () => {
  // The second demo user publishes: the user who follows the links sees someone else's listing
  // (a listing's own publisher is shown its own contact, whatever link they came by).
  const owner = DEMO_ACCOUNTS.filter((a) => a.role === 'user')[1]!;
  const publisher: Session = await signIn(world.url, owner.phone, owner.password);
  const admin: Session = await world.demo('admin');
  // A listing of someone else than the agent, with a contact of its own.
  listingId = await publishApproved(world.url, publisher, admin, {
    title: '推广测试房源',
    contact: { name: '房东老张', phone: '13912345678' },
    contact_phone: '13912345678',
  });
});

/**
 * Runs in the page: records every name the 联系人 card shows (visible), from now on, in
 * `window.__contactNames`. Given to `page.evaluate`, or to `addInitScript` to start before the
 * page's own markup is parsed.
 */
function recordContactCardNames(): void {
  const shown: string[] = [];
  (window as unknown as { __contactNames: string[] }).__contactNames = shown;
  const record = () => {
    const name = document.querySelector('[data-testid="contact-card-name"]');
    if (name && getComputedStyle(name).visibility !== 'hidden') shown.push(name.textContent ?? '');
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

/** Runs in the page: the names `recordContactCardNames` recorded. */
function shownContactCardNames(): string[] {
  return (window as unknown as { __contactNames: string[] }).__contactNames;
}

/** Opens the link and waits until the app took the parameters off and sent the visit. */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '', UI_WAIT);
  await page.waitForFunction(
    (key) => window.localStorage.getItem(key) === null,
    PROMOTION_OUTBOX_KEY,
    SYNC_WAIT,
  );
}

describe('the agent’s links and listings', () => {
  it('cleans the address, shows the agent for 24 hours, and counts the visit once', async () => {
    const agent = demoAccount('agent');
    const link = `${world.url}/?${promotionQuery({ id: agent.id, name: agent.name, phone: agent.phone })}`;

    const page = await world.devices.visitor.openPage(`${world.url}/`, VIEWPORTS.mobile);
    await openLink(page, link);
    expect(new URL(page.url()).search).toBe('');
    // Opened again and again (a reload of a link, the same QR scanned): still one visit.
    for (let i = 0; i < 10; i++) await openLink(page, link);

    await new LoginPage(page).goto(world.url);
    await new LoginPage(page).signIn(demoAccount('user'));
    const detail = new PropertyDetailPage(page);
    await detail.goto(world.url, listingId);
    // The first name the dialog shows is the agent's (it names no one while the device's
    // promotion is being read, never the publisher first).
    const shown = await detail.openContact();
    expect(shown.name).toContain(agent.name);
    expect(shown.phone).toContain(agent.phone);
    await saveScreenshot(page, 'promotion-contact-agent-mobile');
    await page.keyboard.press('Escape');
    await detail.contactDialog.waitFor({ state: 'hidden', ...UI_WAIT });

    // A day later the promotion is over: the listing's own contact.
    await page.clock.setSystemTime(Date.now() + PROMOTION_VALIDITY_MS + 60_000);
    await detail.goto(world.url, listingId);
    const publisher = await detail.openContact();
    expect(publisher.name).toContain('房东老张');
    expect(publisher.phone).toContain('13912345678');
    await page.close();

    // The agent's 推广效果: one visit, one listing view, one contact.
    const stats = await world.signedIn(world.devices.agent, agent, {
      path: '/tools/promotion',
    });
    await stats.getByTestId('promotion-recent-visit').waitFor(UI_WAIT);
    expect(await stats.getByTestId('promotion-recent-visit').textContent()).toBe('1');
    expect(await stats.getByTestId('promotion-recent-view').textContent()).toBe('1');
    expect(await stats.getByTestId('promotion-recent-contact').textContent()).toBe('1');
    await saveScreenshot(stats, 'promotion-stats-desktop');
    await stats.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(stats, 'promotion-stats-mobile');
    await stats.close();
  });

  it('a link straight to a listing shows the agent on that page at once, without a reload', async () => {
    // A fresh browser: the first test moved its clock a day on.
    const own = await world.launch();
    const agent = demoAccount('agent');
    const page = await world.signedIn(own, 'user', {
      viewport: VIEWPORTS.mobile,
      path: `/properties/${listingId}?${promotionQuery({ id: agent.id, name: agent.name, phone: agent.phone })}`,
    });
    await page.waitForURL((url) => url.search === '', UI_WAIT);
    const detail = new PropertyDetailPage(page);
    await detail.title.waitFor(UI_WAIT);
    // The page's 联系人 card names the agent too, not the listing's publisher.
    await expect
      .poll(() => page.getByTestId('contact-card-name').textContent(), UI_WAIT)
      .toBe(agent.name);
    const called = await detail.openContact();
    expect(called.name).toContain(agent.name);
    expect(called.phone).toContain(agent.phone);
    await page.keyboard.press('Escape');
    await detail.contactDialog.waitFor({ state: 'hidden', ...UI_WAIT });

    // Opened again from the list (in the app, no page load): the 联系人 card never shows the
    // publisher first. Every name it shows, from its first render on, is recorded.
    await page.evaluate(recordContactCardNames);
    await page.locator('a:visible', { hasText: '返回房源列表' }).click();
    const card = page.getByTestId('property-card').filter({ hasText: '推广测试房源' });
    await card.getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('contact-card-name').textContent(), UI_WAIT)
      .toBe(agent.name);
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              getComputedStyle(document.querySelector('[data-testid="contact-card-name"]')!)
                .visibility,
          ),
        UI_WAIT,
      )
      .toBe('visible');
    const shown = await page.evaluate(shownContactCardNames);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([agent.name]));
  });

  it('a visitor’s first visit by a link to a listing names the agent from the first paint', async () => {
    const own = await world.launch();
    const agent = demoAccount('agent');
    // Every name the 联系人 card shows, from the gateway's markup being parsed on.
    await own.context.addInitScript(recordContactCardNames);
    const page = await own.context.newPage();
    await page.setViewportSize(VIEWPORTS.mobile);
    const rerendered: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().includes('rendered again')) rerendered.push(msg.text());
    });
    // The link's name was edited: the page names the agent as their account says.
    const query = promotionQuery({ id: agent.id, name: '链接里的名字', phone: agent.phone });
    const response = await page.goto(`${world.url}/properties/${listingId}?${query}`);
    expect(await response!.text()).toContain('data-ssr');
    await page.waitForURL((url) => url.search === '', UI_WAIT);
    // Kept on the device as the gateway confirmed the agent.
    await expect
      .poll(
        () =>
          page.evaluate(
            (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'),
            PROMOTION_STORAGE_KEY,
          ),
        SYNC_WAIT,
      )
      .toMatchObject({ agentId: agent.id, agentName: agent.name, verified: true });
    await page.getByTestId('contact-card-name').waitFor(UI_WAIT);
    expect(await page.getByTestId('contact-card-name').textContent()).toBe(agent.name);
    const shown = await page.evaluate(shownContactCardNames);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([agent.name]));
    expect(rerendered).toEqual([]);
  });

  it('我的房源数据 shows each of the agent’s listings with its views, favourites and contacts', async () => {
    const [agentSession, user, admin] = [
      await world.demo('agent'),
      await world.demo('user'),
      await world.demo('admin'),
    ];
    const id = await publishApproved(world.url, agentSession, admin, { title: '数据统计房源' });
    await publishPending(world.url, agentSession, { title: '数据统计 待审核房源' });
    await fetch(`${world.url}/api/properties/${id}/view`, {
      method: 'POST',
      headers: { [DEVICE_ID_HEADER]: 'e2e-device-1234' },
    });
    await fetch(`${world.url}/api/properties/${id}/contact`, {
      method: 'POST',
      headers: bearer(user),
    });
    const favorite = {
      id: favoriteId(user.userId, id),
      user_id: user.userId,
      property_id: id,
      created_at: new Date().toISOString(),
    };
    await insert(world.url, user, 'favorites', favorite);

    const page = await world.signedIn(world.devices.agent, 'agent', {
      path: '/tools/listings',
    });
    const row = page.getByTestId('listing-stats-row').filter({ hasText: '数据统计房源' });
    await row.waitFor(UI_WAIT);
    expect(await row.getByTestId('stat-views').textContent()).toBe('1');
    expect(await row.getByTestId('stat-favorites').textContent()).toBe('1');
    expect(await row.getByTestId('stat-contacts').textContent()).toBe('1');
    expect(await row.getByTestId('stat-days').textContent()).toBe('0');
    // Not on the market while in review: no days counted.
    const pending = page
      .getByTestId('listing-stats-row')
      .filter({ hasText: '数据统计 待审核房源' });
    await pending.waitFor(UI_WAIT);
    expect(await pending.getByTestId('stat-days').textContent()).toBe('—');
    await saveScreenshot(page, 'listing-stats-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'listing-stats-mobile');
    await page.close();
  });

  it('房源分享清单 composes a message of the agent’s public listings with their links, offline too', async () => {
    const [agentSession, admin] = [await world.demo('agent'), await world.demo('admin')];
    const id = await publishApproved(world.url, agentSession, admin, { title: '分享清单房源' });
    const page = await world.signedIn(world.devices.agent, 'agent', {
      path: '/tools/share-list',
    });
    const text = page.getByTestId('share-list-text');
    const box = page.getByRole('checkbox', { name: /分享清单房源/ });
    const picked = page.getByTestId('share-list-picked');
    // Nothing is ticked at first: the message waits for the agent's choice.
    await box.waitFor(SYNC_WAIT);
    expect(await box.isChecked()).toBe(false);
    expect(await text.inputValue()).toBe('');
    expect(await picked.textContent()).toBe(PROMOTION_MESSAGES.listPicked(0, SHARE_LIST_MAX));
    // 选前N套 ticks the newest, at most SHARE_LIST_MAX; the rest cannot be ticked beyond it.
    const boxes = page.getByRole('checkbox');
    const count = await boxes.count();
    const first = Math.min(count, SHARE_LIST_MAX);
    await page
      .getByRole('button', { name: PROMOTION_MESSAGES.listPickFirst(first), exact: true })
      .click();
    await expect
      .poll(() => picked.textContent(), UI_WAIT)
      .toBe(PROMOTION_MESSAGES.listPicked(first, SHARE_LIST_MAX));
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(first);
    if (count > SHARE_LIST_MAX) expect(await boxes.nth(SHARE_LIST_MAX).isDisabled()).toBe(true);
    await page.getByRole('button', { name: PROMOTION_MESSAGES.listClear, exact: true }).click();
    await expect.poll(() => text.inputValue(), UI_WAIT).toBe('');
    await world.devices.agent.context.setOffline(true);
    try {
      await box.check();
      await expect.poll(() => text.inputValue(), UI_WAIT).toContain('分享清单房源');
      const message = await text.inputValue();
      const link = message
        .split('\n')
        .find((l) => l.includes(`/properties/${id}?`))!
        .trim();
      const url = new URL(link);
      expect(url.searchParams.get('ref')).toBe('list');
      expect(url.searchParams.get('agent_id')).toBe(demoAccount('agent').id);
      // A short link: who (id, name, phone) and when; the gateway reads the rest from the account.
      expect([...url.searchParams.keys()].sort()).toEqual(
        [
          PROMOTION_PARAMS.ref,
          PROMOTION_PARAMS.id,
          PROMOTION_PARAMS.name,
          PROMOTION_PARAMS.phone,
          PROMOTION_PARAMS.timestamp,
        ].sort(),
      );
      expect(message).toContain(`联系我：${demoAccount('agent').name}`);
      await saveScreenshot(page, 'share-list-desktop');
    } finally {
      await world.devices.agent.context.setOffline(false);
    }
    await page.close();
  });
});
