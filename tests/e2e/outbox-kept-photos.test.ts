/**
 * An edit's photos whose listing is no longer on the device: /manage keeps them and says so, and
 * they go only when the user discards them, after a confirmation. The device holds such an edit
 * as a previous run left it (its photos uploaded, its listing gone from this device). Real
 * Chromium, real gateway (embedded store, demo accounts). Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OUTBOX_MESSAGES } from '@couchdb/model/media-checks';
import { OUTBOX_DB_NAME, OUTBOX_DB_VERSION } from '@client/data/media/outbox-db';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { Layout } from './pages/layout';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent'] });

interface QueuedEdit {
  id: string;
  userId: string;
  title: string;
  editOf: string;
}

/**
 * The ids of the listings waiting in the device's media outbox, after putting `edit` there (an
 * edit of `editOf` with one uploaded photo) when given, as the outbox stores it: plain IndexedDB
 * beside the app's own connection, creating the stores as the app does if it has not yet.
 */
function outboxIds(page: Page, edit?: QueuedEdit): Promise<string[]> {
  return page.evaluate(
    ({ name, version, edit }) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name, version);
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => {
          const db = open.result;
          const stores = db.objectStoreNames;
          if (!stores.contains('publications'))
            db.createObjectStore('publications', { keyPath: 'id' });
          if (!stores.contains('files'))
            db.createObjectStore('files', { keyPath: 'id' }).createIndex(
              'publication',
              'publication',
            );
          if (!stores.contains('draft_files'))
            db.createObjectStore('draft_files', { keyPath: 'id' }).createIndex('draft', 'draft');
        };
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['publications', 'files'], 'readwrite');
          if (edit) {
            tx.objectStore('publications').put({
              id: edit.id,
              userId: edit.userId,
              listing: { id: edit.editOf, title: edit.title },
              createdAt: new Date().toISOString(),
              editOf: edit.editOf,
            });
            tx.objectStore('files').put({
              id: `${edit.id}:0`,
              publication: edit.id,
              sort: 0,
              name: '客厅.jpg',
              kind: 'image',
              blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
              status: 'done',
              progress: 100,
              attempts: 1,
              url: '/media/kept-living-room.jpg',
              thumbnail_url: '/media/kept-living-room_thumb.jpg',
            });
          }
          const keys = tx.objectStore('publications').getAllKeys();
          tx.oncomplete = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          tx.onabort = () => {
            db.close();
            reject(tx.error);
          };
        };
      }),
    { name: OUTBOX_DB_NAME, version: OUTBOX_DB_VERSION, edit },
  );
}

describe('an edit’s photos whose listing is not on the device', () => {
  it('are kept and shown on /manage, and go only when the user confirms', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/manage',
    });
    const run = Date.now() % 100000;
    const edit = {
      id: `kept-edit-${run}`,
      userId: world.accounts.agent.userId,
      title: `照片保留测试 ${run}`,
      editOf: `p-not-on-device-${run}`,
    };
    expect(await outboxIds(page, edit)).toContain(edit.id);
    // The outbox looks at what waits when the page opens.
    await page.reload();

    const entry = page.getByTestId('outbox-entry').filter({ hasText: edit.title });
    const missing = entry.getByTestId('outbox-listing-missing');
    await missing.waitFor(SYNC_WAIT);
    expect(await missing.textContent()).toContain(OUTBOX_MESSAGES.listingMissing);
    expect(await entry.getByTestId('outbox-status').textContent()).toBe(
      OUTBOX_MESSAGES.listingMissingStatus,
    );
    expect(await entry.locator('[data-testid="outbox-file"][data-status="done"]').count()).toBe(1);
    await saveScreenshot(page, 'manage-outbox-kept-photos-mobile');

    // 删除照片 asks first: 取消 keeps them.
    await entry.getByRole('button', { name: OUTBOX_MESSAGES.discardKept }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(OUTBOX_MESSAGES.discardKeptConfirm).waitFor(UI_WAIT);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await outboxIds(page)).toContain(edit.id);

    await entry.getByRole('button', { name: OUTBOX_MESSAGES.discardKept }).click();
    await dialog.getByRole('button', { name: OUTBOX_MESSAGES.discardKept }).click();
    await new Layout(page).waitForToast(OUTBOX_MESSAGES.discardedKept);
    await entry.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await outboxIds(page)).not.toContain(edit.id);
    await page.close();
  });
});
