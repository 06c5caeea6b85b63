/**
 * Uploads that finish with the app closed (issue 64): an agent publishes a listing with a photo
 * without a signal and closes the app; when the connection is back, the browser wakes the service
 * worker (Background Sync: Chromium fires it on reconnecting; the test also dispatches it through
 * DevTools, so it does not wait on the browser's timing),
 * which sends the photo; the next time the app opens, the listing goes out without sending the
 * photo again. Where the browser has no Background Sync, the outbox says the app must be open.
 * Real Chromium, real gateway. Run `npm run build` first.
 */
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OUTBOX_MESSAGES } from '@couchdb/model/media-checks';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { backgroundUploadTag } from '@client/data/media/background-upload';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { Layout } from './pages/layout';
import { photo, PublishPropertyPage } from './pages/publish-page';
import { PwaChrome } from './pages/pwa-chrome';
import { receivedUploadBytes, serverListingTitled } from './pages/upload-checks';
import { useWorld } from './world';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const world = useWorld({
  gateway: { embedded: true, env: { METRICS_TOKEN } },
  browser: 'test',
  accounts: ['admin'],
});

const TAG = backgroundUploadTag({ videoWifiOnly: false });

/** The service worker registration of the gateway's origin, as DevTools lists it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const scope = `${world.url}/`;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Publishes a listing with one photo while offline; the page is left on /manage. */
async function publishOffline(title: string) {
  const page = await world.signedIn(world.browser, 'agent', {
    viewport: VIEWPORTS.mobile,
    path: '/publish/property',
  });
  await new PwaChrome(page).waitForServiceWorker();
  await world.browser.context.setOffline(true);
  const form = new PublishPropertyPage(page);
  await form.fillValid(title);
  await page
    .getByLabel('选择图片或视频')
    .setInputFiles([{ name: '客厅.jpg', mimeType: 'image/jpeg', buffer: await photo(200) }]);
  await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
  await form.submitButton.click();
  await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSavedOffline);
  await page.waitForURL((url) => url.pathname === '/manage');
  await page.getByTestId('outbox-entry').filter({ hasText: title }).waitFor(UI_WAIT);
  return page;
}

describe('a photo of a listing published offline, with the app closed', () => {
  it('is sent by the service worker once the connection is back', async () => {
    const context = world.browser.context;
    const title = `后台上传 ${Date.now() % 100000}`;
    const page = await publishOffline(title);
    expect(await page.getByTestId('outbox-background').textContent()).toBe(
      OUTBOX_MESSAGES.background,
    );
    // The browser holds the request to wake the service worker once a connection is back.
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    });
    expect(tags).toContain(TAG);
    await saveScreenshot(page, 'manage-outbox-background-upload-mobile');

    // The agent closes the app; later the signal is back.
    await page.close();
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registration = await registrationId(cdp);
    await context.setOffline(false);
    const before = await receivedUploadBytes(world.url, METRICS_TOKEN);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: world.url,
      registrationId: registration,
      tag: TAG,
      lastChance: false,
    });
    await expect
      .poll(async () => (await receivedUploadBytes(world.url, METRICS_TOKEN)) - before, SYNC_WAIT)
      .toBeGreaterThan(0);

    // The app opens again, its uploads cut: the photo is on the gateway already, and the listing
    // goes out with it.
    let pageUploads = 0;
    await context.route(`${world.url}/api/uploads**`, (route) => {
      pageUploads += 1;
      return route.abort('connectionreset');
    });
    const reopened = await context.newPage();
    await reopened.goto(`${world.url}/manage`);
    await expect
      .poll(
        async () =>
          (await serverListingTitled(world.url, world.accounts.admin, title))?.images.map((i) =>
            i.url.startsWith('/media/'),
          ),
        SYNC_WAIT,
      )
      .toEqual([true]);
    expect(pageUploads).toBe(0);
    await reopened
      .getByTestId('outbox-entry')
      .filter({ hasText: title })
      .waitFor({
        state: 'detached',
        ...UI_WAIT,
      });
  });
});

describe('the outbox where the browser has no Background Sync', () => {
  it('says that the app must be open for the upload to go on', async () => {
    // As in Safari: no SyncManager.
    await world.browser.context.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
    });
    const page = await publishOffline(`打开应用上传 ${Date.now() % 100000}`);
    expect(await page.getByTestId('outbox-background').textContent()).toBe(
      OUTBOX_MESSAGES.openToContinue,
    );
    await saveScreenshot(page, 'manage-outbox-open-to-continue-mobile');
    await world.browser.context.setOffline(false);
  });
});
