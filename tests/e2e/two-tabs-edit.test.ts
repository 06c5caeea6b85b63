/**
 * Two tabs of one device editing the same listing (issue 61) in real Chromium against the real
 * gateway (embedded store, demo agent): both open its edit form; tab A changes the title and saves;
 * then tab B, still showing the form as it opened, changes the price and saves. A's change is not
 * lost without a word: the listing ends with both changes, on both tabs and on the server. Where
 * B changed the title too, B's save wins and B is told which field it replaced.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Property } from '@couchdb/model/property';
import { LISTING_FIELD_LABELS, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { SYNC_MESSAGES } from '@couchdb/model/sync';
import { SYNC_WAIT } from '../helpers/browser';
import { master } from '../helpers/sync-api';
import { editableListing, openEditForm, ownCard, saveEdit, synced } from './pages/listing-edits';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

const world = useWorld({ accounts: ['agent'] });

const onServer = async (id: string) => {
  const { title, price } = await master<Property>(
    world.url,
    world.accounts.agent,
    'properties',
    id,
  );
  return { title, price };
};

describe('two tabs editing the same listing', () => {
  it('keeps the first tab’s change when the second saves from the form it opened before', async () => {
    const stamp = Date.now() % 100000;
    const [t0, tA] = ['两个标签页 原标题', '两个标签页 A改的标题'].map((t) => `${t} ${stamp}`) as [
      string,
      string,
    ];
    const id = await editableListing(world.url, world.accounts.agent, t0);
    const device = await world.launch();
    const tabA = await world.signedIn(device, 'agent');
    const tabB = await device.openPage(`${world.url}/`);
    const [formA, formB] = await Promise.all([
      openEditForm(tabA, world.url, id),
      openEditForm(tabB, world.url, id),
    ]);

    await formA.title.fill(tA);
    await saveEdit(formA, PROPERTY_MESSAGES.updateSuccess);
    await expect.poll(() => onServer(id), SYNC_WAIT).toEqual({ title: tA, price: 880_000 });

    await formB.next.click();
    await formB.next.click();
    await tabB.getByLabel('售价').fill('99');
    await formB.toMediaStep();
    await formB.saveButton.click();
    await tabB.waitForURL((url) => url.pathname !== '/publish/property');
    const toldB = await tabB.evaluate(() => (window.__toastLog ?? []).map((t) => t.text));

    // Once both tabs have synced and loaded again: the listing on each tab and on the server, and
    // whether either tab was told that a change was replaced (a toast, or a change kept aside on
    // 发布管理).
    await Promise.all([synced(tabA), synced(tabB)]);
    const shown = await Promise.all(
      [tabA, tabB].map(async (tab) => {
        await tab.goto(`${world.url}/my-properties`);
        await synced(tab);
        const card = ownCard(tab, id);
        const title = await card.getByRole('heading', { level: 2 }).textContent();
        const price = (await card.innerText()).includes('99.0万') ? 990_000 : 'not 99.0万';
        await tab.goto(`${world.url}/manage`);
        await ownCard(tab, id).waitFor();
        const keptAside = await tab.getByText(SYNC_MESSAGES.clash).count();
        return { title, price, keptAside };
      }),
    );
    const both = { title: tA, price: 990_000 };
    expect({ toldB, shown, server: await onServer(id) }).toEqual({
      toldB: [PROPERTY_MESSAGES.updateSuccess],
      shown: [
        { ...both, keptAside: 0 },
        { ...both, keptAside: 0 },
      ],
      server: both,
    });
  });

  it('tells the second tab that its save replaced the first tab’s change of the same field', async () => {
    const stamp = Date.now() % 100000;
    const [t0, tA, tB] = ['两个标签页 原标题', '两个标签页 A改的', '两个标签页 B改的'].map(
      (t) => `${t} ${stamp}`,
    ) as [string, string, string];
    const id = await editableListing(world.url, world.accounts.agent, t0);
    const device = await world.launch();
    const tabA = await world.signedIn(device, 'agent');
    const tabB = await device.openPage(`${world.url}/`);
    const [formA, formB] = await Promise.all([
      openEditForm(tabA, world.url, id),
      openEditForm(tabB, world.url, id),
    ]);

    await formA.title.fill(tA);
    await saveEdit(formA, PROPERTY_MESSAGES.updateSuccess);
    await expect.poll(async () => (await onServer(id)).title, SYNC_WAIT).toBe(tA);

    await formB.title.fill(tB);
    await saveEdit(formB, PROPERTY_MESSAGES.updateReplacedOther([LISTING_FIELD_LABELS.title!]));
    await expect.poll(async () => (await onServer(id)).title, SYNC_WAIT).toBe(tB);
  });
});
