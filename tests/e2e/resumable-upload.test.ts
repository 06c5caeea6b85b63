/**
 * A video from a weak signal (issue 64): the connection drops in the middle of a 20 MB upload,
 * once while the app stays open and once before a reload; each time the device goes on from the
 * bytes the gateway holds, and the gateway receives every byte once (its upload metric). The
 * outbox shows each file's bytes and percent meanwhile. Real Chromium, real gateway; the drops
 * are the page's upload requests cut by route interception. Run `npm run build` first.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MB } from '@couchdb/model/constants';
import { OUTBOX_MESSAGES } from '@couchdb/model/media-checks';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { RESUMABLE_CHUNK_BYTES } from '@couchdb/model/upload-limits';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { Layout } from './pages/layout';
import { PwaChrome } from './pages/pwa-chrome';
import { receivedUploadBytes, serverListingTitled } from './pages/upload-checks';
import { photo, PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const world = useWorld({
  gateway: { embedded: true, env: { METRICS_TOKEN } },
  browser: 'file',
  accounts: ['agent', 'admin'],
});

const VIDEO_BYTES = 20 * MB;
/** An MP4's first box (what the type checks read), then zeros. */
function video(): Buffer {
  const file = Buffer.alloc(VIDEO_BYTES);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f326d703431', 'hex').copy(file);
  return file;
}

const receivedBytes = () => receivedUploadBytes(world.url, METRICS_TOKEN);
const serverListing = (title: string) =>
  serverListingTitled(world.url, world.accounts.admin, title);

/**
 * The upload requests that reach the gateway, and a cut: the video's byte-carrying requests
 * (PATCH) from an offset on are dropped, as a lost signal drops them, until the signal is back.
 */
class UploadLine {
  /** Offsets of the video's byte requests let through, in order. */
  readonly sentFrom: number[] = [];
  /** Sizes the device declared for its uploads (photo and video). */
  readonly declared: number[] = [];
  private cutFrom = Infinity;
  private onCut: (offset: number) => void = () => undefined;

  readonly handle = async (route: Route, request: Request) => {
    const headers = await request.allHeaders();
    if (request.method() === 'POST') {
      const size = Number(headers['upload-length']);
      this.declared.push(size);
      const response = await route.fetch();
      if (size === VIDEO_BYTES) this.videoAddress = response.headers()['location'] ?? null;
      return route.fulfill({ response });
    }
    if (request.method() === 'PATCH') {
      const offset = Number(headers['upload-offset']);
      const isVideo = this.videoAddress !== null && request.url().endsWith(this.videoAddress);
      // No signal from the cut on: every later try from there is dropped too.
      if (isVideo && offset >= this.cutFrom) {
        this.onCut(offset);
        this.onCut = () => undefined;
        return route.abort('connectionreset');
      }
      if (isVideo) this.sentFrom.push(offset);
    }
    return route.continue();
  };

  /** The video's upload address on the gateway, once created. */
  videoAddress: string | null = null;

  /** The signal is back for good. */
  restore(): void {
    this.cutFrom = Infinity;
  }

  /** Resolves with the offset of the request cut, once a video request from `from` is cut. */
  cutAt(from: number): Promise<number> {
    this.cutFrom = from;
    return new Promise((resolve) => (this.onCut = resolve));
  }
}

describe('a 20 MB video whose connection drops half way', () => {
  it('goes on from the bytes the gateway holds, online again and after a reload', async () => {
    const context = world.browser.context;
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    // Installed, as an agent's phone is: the app opens without a signal.
    await new PwaChrome(page).waitForServiceWorker();
    const line = new UploadLine();
    const uploads = `${world.url}/api/uploads**`;
    await context.route(uploads, line.handle);
    const before = await receivedBytes();
    const title = `断点续传 视频看房 ${Date.now() % 100000}`;
    // The first cut: about half of the video is on the gateway when the signal goes.
    const firstCut = line.cutAt(VIDEO_BYTES / 2 - RESUMABLE_CHUNK_BYTES);
    const form = new PublishPropertyPage(page);
    await form.fillValid(title);
    // From disk: the browser reads the files itself, as from a phone's gallery.
    const folder = await mkdtemp(path.join(tmpdir(), 'cj-video-'));
    const files = [path.join(folder, '客厅.jpg'), path.join(folder, '看房.mp4')];
    await writeFile(files[0]!, await photo(30));
    await writeFile(files[1]!, video());
    await page.getByLabel('选择图片或视频').setInputFiles(files);
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(2);
    await form.submitButton.click();
    await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSuccess);
    await page.waitForURL((url) => url.pathname === '/manage');

    const held = await firstCut;
    await context.setOffline(true);
    const videoRow = page.getByTestId('outbox-file').filter({ hasText: '看房.mp4' });
    // The outbox says how far the video got, in bytes and percent.
    await expect
      .poll(() => videoRow.getByTestId('outbox-file-sent').textContent(), UI_WAIT)
      .toBe(OUTBOX_MESSAGES.sent(held, VIDEO_BYTES));
    await page.getByRole('status', { name: '同步状态：离线（1）' }).waitFor(UI_WAIT);
    await saveScreenshot(page, 'outbox-video-half-sent-offline-mobile');

    // Online again: the video goes on from where the gateway is, until the second cut.
    const secondCut = line.cutAt(held + 2 * RESUMABLE_CHUNK_BYTES);
    await context.setOffline(false);
    const heldAgain = await secondCut;
    expect(line.sentFrom.filter((offset) => offset === held)).toHaveLength(1);

    // The phone loses its signal and the app is reloaded: the upload's address was kept.
    await context.setOffline(true);
    // The try is over and stored with what the gateway holds (not the bytes the browser sent).
    await expect
      .poll(
        async () => [
          (await videoRow.getAttribute('data-status')) === 'uploading' ? 'trying' : 'stored',
          await videoRow.getByTestId('outbox-file-sent').textContent(),
        ],
        UI_WAIT,
      )
      .toEqual(['stored', OUTBOX_MESSAGES.sent(heldAgain, VIDEO_BYTES)]);
    await page.reload();
    await videoRow.getByTestId('outbox-file-sent').waitFor(UI_WAIT);
    expect(await videoRow.getByTestId('outbox-file-sent').textContent()).toBe(
      OUTBOX_MESSAGES.sent(heldAgain, VIDEO_BYTES),
    );
    line.restore();
    await context.setOffline(false);

    await expect
      .poll(
        async () =>
          (await serverListing(title))?.media_items.filter((m) => m.type === 'video').length ?? 0,
        SYNC_WAIT,
      )
      .toBe(1);
    // Every byte of each file reached the gateway once: nothing was sent again.
    expect(line.sentFrom).toEqual(
      Array.from(
        { length: VIDEO_BYTES / RESUMABLE_CHUNK_BYTES },
        (_, i) => i * RESUMABLE_CHUNK_BYTES,
      ),
    );
    await expect
      .poll(async () => (await receivedBytes()) - before, UI_WAIT)
      .toBe(line.declared.reduce((sum, size) => sum + size, 0));
    await context.unroute(uploads, line.handle);
    await page.close();
    await rm(folder, { recursive: true, force: true });
  });
});
