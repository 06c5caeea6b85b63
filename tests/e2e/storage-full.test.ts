/**
 * A full disk on the device: the storage worker's IndexedDB refuses the write (QuotaExceededError)
 * as the agent publishes a demand or saves a listing's edit. The toast says, in the model's words,
 * that the change was not saved and what to do, never with the document's contents (its contact's
 * name and phone); the storage-full banner shows; the form stays with what was typed, to send
 * again. The console is not given the document either. Real Chromium against the real gateway;
 * the fault is injected in the worker (pages/storage-worker.ts).
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_FULL_MESSAGES } from '@couchdb/model/errors';
import type { Property } from '@couchdb/model/property';
import { saveScreenshot, SYNC_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import { demoAccount } from './pages/browse-fixtures';
import { chooseOption } from './pages/favorites-page';
import { Layout } from './pages/layout';
import { PublishPropertyPage } from './pages/publish-page';
import { fillDeviceStorage } from './pages/storage-worker';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 90_000 });

/** A mainland mobile number, anywhere in a text. */
const PHONE = /1[3-9]\d{9}/;

const agent = demoAccount('agent');
const world = useWorld();

beforeAll(async () => {
  // The demo data is seeded after the gateway has started listening.
  await vi.waitFor(
    async () => expect((await serverDocs(world.url, null, 'properties')).size).toBeGreaterThan(0),
    { timeout: SYNC_WAIT.timeout, interval: 500 },
  );
});

/** The texts of the toasts the page showed from the `from`-th on. */
const toastsFrom = (page: Page, from: number) =>
  page.evaluate((from) => (window.__toastLog ?? []).slice(from).map((t) => t.text), from);

/** Every console line of the page (and its workers) from now on. */
function consoleLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

/**
 * What a user relies on once a write was refused for lack of space: the toast names what was not
 * saved and what to do, with nothing of the document (`contents`, and no phone number); the banner
 * shows; neither toasts nor the console carry the document.
 */
async function expectStorageFullSaid(
  page: Page,
  toastsBefore: number,
  lines: string[],
  contents: readonly string[],
): Promise<void> {
  await new Layout(page).waitForToast(STORAGE_FULL_MESSAGES.notSaved);
  const banner = page.getByTestId('storage-full');
  await banner.waitFor();
  expect(await banner.textContent()).toContain(STORAGE_FULL_MESSAGES.banner);
  const toasts = await toastsFrom(page, toastsBefore);
  expect(toasts.length).toBeGreaterThan(0);
  for (const text of [...toasts, ...lines]) {
    expect(text).not.toMatch(PHONE);
    for (const content of contents.filter(Boolean)) expect(text).not.toContain(content);
  }
}

describe('a full disk on the device', () => {
  it('publishing a demand: says it was not saved, shows the banner, keeps the form', async () => {
    const browser = await world.launch();
    const page = await world.signedIn(browser, agent, { path: '/publish/demand' });
    const title = `凤麓街道求购三居室 ${Date.now() % 100000}`;
    const description = '想要南北通透的三居室，近学校，预算一百万左右。';
    await page.getByLabel('需求标题').fill(title);
    await chooseOption(page, '期望区域', '凤麓街道');
    await page.getByLabel('需求描述').fill(description);
    // The demand carries the agent's name and phone as its contact.
    expect(await page.getByLabel('联系电话').inputValue()).toBe(agent.phone);
    expect(await page.getByLabel('联系人').inputValue()).toBe(agent.name);

    await fillDeviceStorage(page, '--demands');
    const toastsBefore = (await toastsFrom(page, 0)).length;
    const lines = consoleLines(page);
    await page.getByRole('button', { name: '发布需求', exact: true }).last().click();

    await expectStorageFullSaid(page, toastsBefore, lines, [title, description, agent.name]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'storage-full-demand-mobile');
    // Still the form, with what was typed: it can be sent again once there is space.
    expect(new URL(page.url()).pathname).toBe('/publish/demand');
    expect(await page.getByLabel('需求标题').inputValue()).toBe(title);
    expect(await page.getByLabel('需求描述').inputValue()).toBe(description);
    expect(await page.getByLabel('联系电话').inputValue()).toBe(agent.phone);
  });

  it('saving a listing’s edit: says it was not saved, shows the banner, keeps the form', async () => {
    const session = await world.demo('agent');
    const listing = [...(await serverDocs<Property>(world.url, session, 'properties')).values()]
      .filter((p) => p.user_id === session.userId && p.status === 'active')
      .sort((a, b) => a.id.localeCompare(b.id))[0];
    if (!listing) throw new Error('the demo agent has no listing');
    const browser = await world.launch();
    const page = await world.signedIn(browser, agent);
    const form = new PublishPropertyPage(page);
    await form.goto(world.url, listing.id);
    await form.toFirstStep();
    await form.title.waitFor({ state: 'visible' });
    await expect.poll(() => form.title.inputValue(), SYNC_WAIT).toBe(listing.title);
    const title = `${listing.title} 降价急售`;
    await form.title.fill(title);
    await form.toMediaStep();

    await fillDeviceStorage(page, 'cjfc-packed');
    const toastsBefore = (await toastsFrom(page, 0)).length;
    const lines = consoleLines(page);
    await form.saveButton.click();

    await expectStorageFullSaid(page, toastsBefore, lines, [
      listing.title,
      listing.description,
      agent.name,
    ]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await saveScreenshot(page, 'storage-full-listing-mobile');
    // Still the edit form, with the new title: it can be saved again once there is space.
    const url = new URL(page.url());
    expect(url.pathname).toBe('/publish/property');
    expect(url.searchParams.get('edit')).toBe(listing.id);
    await form.toFirstStep();
    expect(await form.title.inputValue()).toBe(title);
  });
});
