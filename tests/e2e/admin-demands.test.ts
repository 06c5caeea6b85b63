/**
 * /admin/demands in real Chromium against the real gateway (embedded store, demo data): the admin
 * sees every demand, searches, filters by type and status, pages through them 20 at a time, changes
 * a demand's state and deletes one, each reaching the server; a user opening the same route sees
 * 我的需求 with only their own, and changes the state of one of them. Run `npm run build` first (`npm run test:e2e` does).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Demand } from '@couchdb/model/demand';
import { DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { PAGE_SIZE } from '@couchdb/model/constants';
import { buildNewDemand } from '../fixtures/builders';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { pushAccepted, serverDocs, type Session } from '../helpers/sync-api';
import { demoAccount } from './pages/browse-fixtures';
import { AdminDemandsPage } from './pages/demands-page';
import { Layout } from './pages/layout';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

/** Tells this run's demands apart from the demo data's. */
const TAG = `测${Date.now() % 100_000}`;
const USER_DEMANDS = PAGE_SIZE + 2;

const world = useWorld({ devices: ['admin', 'user'], accounts: ['admin', 'user', 'agent'] });
const { accounts } = world;
const ids = { user: [] as string[], agentRent: [] as string[], agentCompleted: '' };

/** Publishes demands as `who` through the sync API; returns their ids. */
async function seed(who: Session, demands: Omit<Demand, 'user'>[]): Promise<string[]> {
  await pushAccepted(
    world.url,
    who,
    'demands',
    demands.map((d) => ({ assumedMasterState: null, newDocumentState: d as never })),
  );
  return demands.map((d) => d.id);
}

/** A rent demand's monthly range. */
const rent = { type: 'rent', min_price: 1500, max_price: 3000 } as const;

const serverDemands = () => serverDocs<Demand>(world.url, accounts.admin, 'demands');

beforeAll(async () => {
  const { user, agent } = accounts;
  ids.user = await seed(
    user,
    Array.from({ length: USER_DEMANDS }, (_, i) =>
      buildNewDemand(user.userId, { title: `求购两室${TAG}-${i + 1}` }),
    ),
  );
  ids.agentRent = await seed(agent, [
    buildNewDemand(agent.userId, { title: `求租商铺${TAG}-1`, ...rent, areas: ['右所镇'] }),
    buildNewDemand(agent.userId, { title: `求租商铺${TAG}-2`, ...rent }),
  ]);
  ids.agentCompleted = (
    await seed(agent, [
      buildNewDemand(agent.userId, { title: `求购别墅${TAG}`, status: 'completed' }),
    ])
  )[0]!;
});

describe('/admin/demands as an admin', () => {
  it('lists every demand, searches, filters, pages, changes a state and deletes, all reaching the server', async () => {
    const page = await world.signedIn(world.devices.admin, 'admin', { path: '/admin/demands' });
    const demands = new AdminDemandsPage(page);
    const layout = new Layout(page);
    await demands.heading('需求管理').waitFor();

    // Every demand on the server, 20 a page.
    const total = (await serverDemands()).size;
    const pages = Math.ceil(total / PAGE_SIZE);
    expect(pages).toBeGreaterThanOrEqual(2);
    await demands.pageLabel(1, pages).waitFor(SYNC_WAIT);
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(PAGE_SIZE);
    await saveScreenshot(page, 'admin-demands-desktop');
    await demands.goTo('下一页');
    await demands.pageLabel(2, pages).waitFor();
    await expect
      .poll(() => demands.cards.count(), UI_WAIT)
      .toBe(pages === 2 ? total - PAGE_SIZE : PAGE_SIZE);

    // The search narrows to this run's demands (back to page 1), the filters narrow further.
    await demands.search.fill(TAG);
    await demands.pageLabel(1, 2).waitFor();
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(PAGE_SIZE);
    await demands.filter('类型', '求租');
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(2);
    await demands.card(ids.agentRent[0]!).waitFor();
    await expect(demands.pager.count()).resolves.toBe(0);
    // The publisher line: the agent's name and role.
    await demands
      .card(ids.agentRent[0]!)
      .getByText(`${demoAccount('agent').name}（经纪人）`)
      .waitFor();
    await demands.filter('类型', '全部');
    await demands.filter('状态', '已完成');
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(1);
    await demands.card(ids.agentCompleted).waitFor();
    await demands.filter('状态', '全部');
    await demands.search.fill(`求租商铺${TAG}-1`);
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(1);

    // The admin pauses the user's newest demand: on the card, then on the server.
    const target = ids.user.at(-1)!;
    await demands.search.fill(`求购两室${TAG}-${USER_DEMANDS}`);
    await demands.card(target).waitFor();
    await demands.changeStatus(target, '已暂停');
    await layout.waitForToast(DEMAND_MESSAGES.statusChanged('已暂停'));
    await demands.card(target).getByText('已暂停', { exact: true }).waitFor();
    await expect
      .poll(async () => (await serverDemands()).get(target)?.status, SYNC_WAIT)
      .toBe('inactive');

    // And deletes it after confirming.
    await demands.delete(target);
    await layout.waitForToast(DEMAND_MESSAGES.deleteSuccess);
    await demands.card(target).waitFor({ state: 'detached' });
    await expect.poll(async () => (await serverDemands()).has(target), SYNC_WAIT).toBe(false);

    // At a phone's width.
    await page.setViewportSize(VIEWPORTS.mobile);
    await demands.search.fill(TAG);
    await demands.pageLabel(1, 2).waitFor();
    await saveScreenshot(page, 'admin-demands-mobile');
  });
});

describe('/admin/demands as a user', () => {
  it('is titled 我的需求 and lists only their own demands', async () => {
    const page = await world.signedIn(world.devices.user, 'user', {
      path: '/admin/demands',
      viewport: VIEWPORTS.mobile,
    });
    const demands = new AdminDemandsPage(page);
    await demands.heading('我的需求').waitFor();
    await demands.search.fill(TAG);
    // This run's demands of theirs still on the server (the admin may have deleted one).
    const mine = [...(await serverDemands()).values()].filter(
      (d) => d.user_id === accounts.user.userId && d.title.includes(TAG),
    ).length;
    expect(mine).toBeGreaterThan(PAGE_SIZE);
    await demands.pageLabel(1, 2).waitFor(SYNC_WAIT);
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(PAGE_SIZE);
    await saveScreenshot(page, 'my-demands-admin-route-mobile');
    await demands.goTo('下一页');
    await demands.pageLabel(2, 2).waitFor();
    await expect.poll(() => demands.cards.count(), UI_WAIT).toBe(mine - PAGE_SIZE);
    // The owner marks their first demand completed; it reaches the server.
    const first = ids.user[0]!;
    await demands.search.fill(`求购两室${TAG}-1`);
    await demands.card(first).waitFor();
    await demands.changeStatus(first, '已完成');
    await new Layout(page).waitForToast(DEMAND_MESSAGES.statusChanged('已完成'));
    await expect
      .poll(async () => (await serverDemands()).get(first)?.status, SYNC_WAIT)
      .toBe('completed');
    // The agent's demands, found by the admin with this search, are not on the user's device.
    await demands.search.fill(`求租商铺${TAG}`);
    await page.getByText(DEMAND_MESSAGES.noMatch).waitFor();
    expect(await demands.cards.count()).toBe(0);

    // /my-demands offers the same change of state: back to 待处理.
    await page.goto(`${world.url}/my-demands`);
    await demands.card(first).waitFor(UI_WAIT);
    await demands.changeStatus(first, '待处理');
    await new Layout(page).waitForToast(DEMAND_MESSAGES.statusChanged('待处理'));
    await expect
      .poll(async () => (await serverDemands()).get(first)?.status, SYNC_WAIT)
      .toBe('active');
  });
});
