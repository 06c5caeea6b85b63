/**
 * An upload the gateway refuses reaches the user with the gateway's own reason (issue 16): an
 * agent who has used up today's upload quota publishes a listing with a photo, and /manage shows
 * the photo failed with the quota message, without retrying it in a loop. Real Chromium, real
 * gateway (embedded store, demo accounts). Run `npm run build` first.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MEDIA_DAILY_QUOTA_BYTES, UPLOAD_LIMIT_MESSAGES } from '@couchdb/model/upload-limits';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { Layout } from './pages/layout';
import { PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent'] });

/**
 * One video upload whose whole request is exactly `length` bytes; resolves with the status. The
 * quota keeps the video's bytes, so six of a sixth of the quota leave less than a photo needs.
 */
function uploadOfLength(length: number): Promise<number> {
  const boundary = '----cjfill';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fill.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const video = Buffer.alloc(length - head.length - tail.length, 1);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f326d703431', 'hex').copy(video);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${world.url}/api/media`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${world.accounts.agent.accessToken}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(Buffer.concat([head, video, tail]));
  });
}

describe('an upload over today’s quota', () => {
  it('shows the gateway’s quota message on the photo in /manage', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await uploadOfLength(MEDIA_DAILY_QUOTA_BYTES / 6));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);

    const title = `额度用完 湖景两居 ${Date.now() % 100000}`;
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.desktop,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    await form.fillValid(title);
    await form.choosePhotos(['客厅.jpg']);
    await expect.poll(() => form.media.locator('img').count(), UI_WAIT).toBe(1);
    await form.submitButton.click();
    await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSuccess);
    await page.waitForURL((url) => url.pathname === '/manage');

    const entry = page.getByTestId('outbox-entry').filter({ hasText: title });
    const file = entry.locator('[data-testid="outbox-file"][data-status="failed"]');
    await file.waitFor(SYNC_WAIT);
    expect(await file.getByTestId('outbox-file-error').textContent()).toBe(
      UPLOAD_LIMIT_MESSAGES.overDailyQuota,
    );
    await saveScreenshot(page, 'upload-quota-manage-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await file.getByTestId('outbox-file-error').waitFor();
    await saveScreenshot(page, 'upload-quota-manage-mobile');
    await page.close();
  });
});
