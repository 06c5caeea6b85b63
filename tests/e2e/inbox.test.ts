/**
 * Saved searches and the 消息 inbox in real Chromium against the real gateway (issue 19): a saved
 * search is told of another user's listing once it is approved, with the badge, also when the
 * device was offline during the approval; a daily search gathers its matches into one digest; a
 * demand and a listing that fits it: the listing's owner sees the count, the demand's owner gets
 * the listing. Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it, vi } from 'vitest';
import { newId } from '@couchdb/model/common-facts';
import { DEMAND_MATCH_MESSAGES, demandMatchesPath } from '@couchdb/model/saved-search-facts';
import { INBOX_MESSAGES, SAVED_SEARCH_MESSAGES } from '@couchdb/model/saved-search-facts';
import type { SavedSearch } from '@couchdb/model/saved-search';
import { describeFilter } from '@couchdb/rules/search-match';
import { buildNewDemand } from '../fixtures/builders';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { bearer, insert, serverDocs } from '../helpers/sync-api';
import { publishApproved } from './pages/browse-fixtures';
import { InboxPage, SaveSearchDialog } from './pages/inbox-page';
import { Layout } from './pages/layout';
import { PropertyListPage } from './pages/property-list-page';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 180_000 });

/** A sale listing no demo user's demand (a saved search too) asks for: only the saved search fits. */
const BEYOND_DEMANDS = { type: 'sale' as const, price: 98_000_000, area: 3_000 };

const world = useWorld({ browser: 'file', accounts: ['user', 'agent', 'admin'] });

async function savedSearchOnServer(name: string): Promise<SavedSearch> {
  let found: SavedSearch | undefined;
  await expect
    .poll(async () => {
      const docs = await serverDocs<SavedSearch>(world.url, world.accounts.user, 'saved_searches');
      found = [...docs.values()].find((s) => s.name === name);
      return found !== undefined;
    }, SYNC_WAIT)
    .toBe(true);
  return found!;
}

describe('saved searches and the inbox', () => {
  it('a saved search is told of a fitting listing once approved, also after being offline', async () => {
    const tag = `湖景${newId().slice(-6)}`;
    const page = await world.signedIn(world.browser, 'user');
    const list = new PropertyListPage(page);
    await list.goto(world.url, `?type=sale&keyword=${encodeURIComponent(tag)}`);
    const dialog = new SaveSearchDialog(page);
    await dialog.open();
    // Named after what it looks for, until the user names it.
    expect(await dialog.dialog.getByLabel(SAVED_SEARCH_MESSAGES.name).inputValue()).toBe(
      describeFilter({ type: 'sale', keyword: tag }),
    );
    await dialog.fill('湖景房', 'instant');
    await saveScreenshot(page, 'inbox-save-dialog-desktop');
    await dialog.save();
    await new Layout(page).waitForToast(SAVED_SEARCH_MESSAGES.saved);
    await savedSearchOnServer('湖景房');

    const inbox = new InboxPage(page);
    await expect.poll(() => inbox.headerBadge.count(), UI_WAIT).toBe(1);
    await expect(inbox.badgeCount(inbox.headerBadge).isVisible()).resolves.toBe(false);

    // Another user's listing that fits, and one that does not, are approved.
    const fits = await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      ...BEYOND_DEMANDS,
      title: `${tag}三室出售`,
    });
    await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: `${tag}出租`,
      type: 'rent',
      price: 2000,
    });
    await expect
      .poll(() => inbox.badgeCount(inbox.headerBadge).getAttribute('data-count'), SYNC_WAIT)
      .toBe('1');

    // Offline while the next one is approved: the badge follows once the device is back.
    await page.context().setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine), UI_WAIT).toBe(false);
    await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      ...BEYOND_DEMANDS,
      title: `${tag}离线期间通过`,
    });
    await page.context().setOffline(false);
    await expect
      .poll(() => inbox.badgeCount(inbox.headerBadge).getAttribute('data-count'), SYNC_WAIT)
      .toBe('2');

    await inbox.goto(world.url);
    await expect.poll(() => inbox.unreadEntries.count(), UI_WAIT).toBe(2);
    await expect.poll(() => inbox.entries.first().textContent(), UI_WAIT).toContain('离线期间通过');
    await saveScreenshot(page, 'inbox-messages-desktop');
    // Tapping an entry marks it read and opens the listing.
    await inbox.entry(`${tag}三室出售`).click();
    await page.waitForURL(`**/properties/${fits}`, UI_WAIT);
    await expect
      .poll(() => inbox.badgeCount(inbox.headerBadge).getAttribute('data-count'), UI_WAIT)
      .toBe('1');
    await inbox.goto(world.url);
    await inbox.markAllRead.click();
    await expect.poll(() => inbox.unreadEntries.count(), UI_WAIT).toBe(0);
    await expect.poll(() => inbox.badgeCount(inbox.headerBadge).isVisible(), UI_WAIT).toBe(false);
    await page.close();
  });

  it('a daily search gathers two matches into one digest entry (phone)', async () => {
    const tag = `每日${newId().slice(-6)}`;
    const page = await world.signedIn(world.browser, 'user', {
      viewport: VIEWPORTS.mobile,
    });
    const list = new PropertyListPage(page);
    await list.goto(world.url, `?type=rent&keyword=${encodeURIComponent(tag)}`);
    const dialog = new SaveSearchDialog(page);
    await dialog.open();
    await dialog.fill('租房汇总', 'daily', true);
    await saveScreenshot(page, 'inbox-save-dialog-mobile');
    await dialog.save();
    await savedSearchOnServer('租房汇总');

    await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: `${tag}一号`,
      type: 'rent',
      price: 1500,
    });
    await publishApproved(world.url, world.accounts.agent, world.accounts.admin, {
      title: `${tag}二号`,
      type: 'rent',
      price: 1800,
    });
    const inbox = new InboxPage(page);
    await inbox.goto(world.url);
    const digest = inbox.entry('租房汇总');
    await expect
      .poll(() => digest.textContent(), SYNC_WAIT)
      .toContain(INBOX_MESSAGES.digestBody(2));
    await expect(digest.count()).resolves.toBe(1);
    await expect
      .poll(() => page.getByRole('link', { name: `${tag}一号` }).count(), UI_WAIT)
      .toBe(1);
    await expect
      .poll(() => page.getByRole('link', { name: `${tag}二号` }).count(), UI_WAIT)
      .toBe(1);
    await expect.poll(() => inbox.badgeCount(inbox.tabBadge).isVisible(), UI_WAIT).toBe(true);
    await saveScreenshot(page, 'inbox-messages-mobile');
    await page.close();
  });

  it('a demand and a listing that fits: the owner sees the count, the demand’s owner the listing', async () => {
    const tag = `求购${newId().slice(-6)}`;
    const listingFields = {
      title: `${tag}五室大宅`,
      type: 'sale' as const,
      price: 7_777_000,
      area: 240,
      bedrooms: 5,
    };
    // The listing is published first (waiting for review), so the count before the demand is known.
    const page = await world.signedIn(world.browser, 'user');
    const now = new Date().toISOString();
    const demandTitle = `想买五室${tag.slice(-6)}`;
    await insert(
      world.url,
      world.accounts.user,
      'demands',
      buildNewDemand(world.accounts.user.userId, {
        title: demandTitle,
        type: 'buy',
        min_price: 7_700_000,
        max_price: 7_800_000,
        min_area: 200,
        max_area: 300,
        areas: ['凤麓街道'],
        rooms: [5],
        created_at: now,
        updated_at: now,
      }),
    );
    const listing = await publishApproved(
      world.url,
      world.accounts.agent,
      world.accounts.admin,
      listingFields,
    );
    const counted = await fetch(`${world.url}${demandMatchesPath(listing)}`, {
      headers: bearer(world.accounts.agent),
    }).then((r) => r.json() as Promise<{ count: number }>);
    expect(counted.count).toBeGreaterThanOrEqual(1);

    // The agent on a browser of their own (one browser holds one session).
    const agentBrowser = await world.launch();
    const agentPage = await world.signedIn(agentBrowser, 'agent', {
      path: `/properties/${listing}`,
    });
    await expect
      .poll(() => agentPage.getByTestId('demand-match-count').textContent(), UI_WAIT)
      .toBe(DEMAND_MATCH_MESSAGES.count(counted.count));
    await agentBrowser.close();

    const inbox = new InboxPage(page);
    await inbox.goto(world.url);
    await expect
      .poll(() => inbox.entry(INBOX_MESSAGES.demandName(demandTitle)).count(), SYNC_WAIT)
      .toBe(1);
    await expect(
      inbox.entry(INBOX_MESSAGES.demandName(demandTitle)).textContent(),
    ).resolves.toContain(listingFields.title);
    await page.close();
  });
});
