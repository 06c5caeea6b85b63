/**
 * A phone whose clock ran ahead and was then corrected (issue 61) in real Chromium against the real
 * gateway (embedded store, demo agent): the agent sets a listing's title to T1 while the device's
 * clock is 10 minutes ahead, and to T2 once it is right again. T2 is the newer edit whatever the
 * clock said: after reloads the device shows T2 and the server keeps it, and T1 never comes back.
 * Also offline: T2 set offline (kept across a reload) reaches the server once the device is back.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it, vi } from 'vitest';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { explainFailure, SYNC_WAIT } from '../helpers/browser';
import { demoAccount } from './pages/browse-fixtures';
import { openOnClock, setDeviceClock } from './pages/device-clock';
import { explainingDevice, watchDevice } from './pages/device-watch';
import {
  editableListing,
  editTitle,
  serverTitle,
  serverTitlesDuring,
  shownTitles,
  synced,
} from './pages/listing-edits';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 240_000 });

/** How far ahead the phone's clock ran. */
const AHEAD_MS = 10 * 60 * 1000;

const world = useWorld({ accounts: ['agent'] });

describe('a listing edited while the phone’s clock ran ahead, then again once it was right', () => {
  it('keeps the later edit on the device and on the server across reloads', async () => {
    const stamp = Date.now() % 100000;
    const [t0, t1, t2] = ['原标题', '时钟超前时的标题', '时钟校正后的标题'].map(
      (t) => `${t} ${stamp}`,
    ) as [string, string, string];
    const id = await editableListing(world.url, world.accounts.agent, t0);
    const device = await world.launch();
    const { page, clock } = await openOnClock(device, world.url, demoAccount('agent'), AHEAD_MS);

    await editTitle(page, world.url, id, t1, PROPERTY_MESSAGES.updateSuccess);
    await expect.poll(() => serverTitle(world.url, world.accounts.agent, id), SYNC_WAIT).toBe(t1);
    await synced(page);

    await setDeviceClock(clock, page, 0);
    await editTitle(page, world.url, id, t2, PROPERTY_MESSAGES.updateSuccess);
    await expect.poll(() => serverTitle(world.url, world.accounts.agent, id), SYNC_WAIT).toBe(t2);
    await synced(page);

    // Two more loads: each time the device shows T2 once its sync is done, and the server keeps
    // T2 all along.
    const shown: { list: string; detail: string }[] = [];
    const onServer = await serverTitlesDuring(world.url, world.accounts.agent, id, async () => {
      for (let load = 0; load < 2; load++) {
        await page.reload();
        await synced(page);
        shown.push(await shownTitles(page, id));
        await synced(page);
      }
    });
    const t2Shown = { list: t2, detail: t2 };
    expect({ shown, onServer }).toEqual({ shown: [t2Shown, t2Shown], onServer: [t2] });
  });

  it('sends the later edit made offline once the device is back online', async () => {
    const stamp = Date.now() % 100000;
    const [t0, t1, t2] = ['原标题', '时钟超前时的标题', '离线校正后的标题'].map(
      (t) => `${t} ${stamp}`,
    ) as [string, string, string];
    const id = await editableListing(world.url, world.accounts.agent, t0);
    const device = await world.launch();
    const { page, clock } = await openOnClock(device, world.url, demoAccount('agent'), AHEAD_MS);
    const watch = watchDevice(page);

    await editTitle(page, world.url, id, t1, PROPERTY_MESSAGES.updateSuccess);
    await expect.poll(() => serverTitle(world.url, world.accounts.agent, id), SYNC_WAIT).toBe(t1);
    await synced(page);

    await setDeviceClock(clock, page, 0);
    await synced(page);
    await new PwaChrome(page).waitForServiceWorker();
    await device.context.setOffline(true);
    try {
      await editTitle(page, world.url, id, t2, PROPERTY_MESSAGES.updateSavedOffline);
      await page.reload();
      expect(await shownTitles(page, id)).toEqual({ list: t2, detail: t2 });
    } finally {
      await device.context.setOffline(false);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // The failure says what the device showed (its page) and what it pushed.
    await explainingDevice(watch, () =>
      explainFailure(page, 'clock-jump-offline-not-sent', () =>
        expect.poll(() => serverTitle(world.url, world.accounts.agent, id), SYNC_WAIT).toBe(t2),
      ),
    );
    const shown: { list: string; detail: string }[] = [];
    const onServer = await serverTitlesDuring(world.url, world.accounts.agent, id, async () => {
      await synced(page);
      await page.reload();
      await synced(page);
      shown.push(await shownTitles(page, id));
    });
    expect({ shown, onServer }).toEqual({ shown: [{ list: t2, detail: t2 }], onServer: [t2] });
  });
});
