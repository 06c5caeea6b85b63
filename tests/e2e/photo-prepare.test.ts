/**
 * A phone's photo is made small on the device as it is picked (architecture §7): a 4000×3000 camera
 * photo of about 8 MB, turned by its EXIF orientation and tagged with where it was taken, is
 * accepted on the publish form; what the page uploads for it is at most 1920 px on its long side,
 * upright, and carries no EXIF location or camera. Real Chromium, real gateway (embedded store,
 * demo accounts). Run `npm run build` first.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Route } from 'playwright-core';
import { IMAGE_MAX_BYTES, PHOTO_PREPARED_LONG_EDGE } from '@couchdb/model/constants';
import { PHOTO_PREPARE_MESSAGES } from '@couchdb/model/media-checks';
import type { Property } from '@couchdb/model/property';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { cameraPhoto } from '../helpers/camera-photo';
import { serverDocs } from '../helpers/sync-api';
import { Layout } from './pages/layout';
import { PublishPropertyPage } from './pages/publish-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'file', accounts: ['agent', 'admin'] });

/**
 * The files as the page sends them to the gateway's resumable uploads, by name: each upload's
 * name from its creation (POST, `Upload-Metadata`), its bytes from its requests (PATCH), in order.
 */
async function captureUploads(
  context: BrowserContext,
  base: string,
): Promise<{ files: Map<string, Buffer>; stop(): Promise<void> }> {
  const files = new Map<string, Buffer>();
  /** The file name of each upload, by its path on the gateway. */
  const names = new Map<string, string>();
  const url = `${base}/api/uploads**`;
  const capture = async (route: Route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const metadata = (await request.headerValue('upload-metadata')) ?? '';
      const encoded = /(?:^|,)filename ([^,]*)/.exec(metadata)?.[1] ?? '';
      const response = await route.fetch();
      const where = response.headers()['location'];
      if (where)
        names.set(new URL(where, base).pathname, Buffer.from(encoded, 'base64').toString());
      return route.fulfill({ response });
    }
    const body = request.postDataBuffer();
    const name = names.get(new URL(request.url()).pathname);
    if (request.method() === 'PATCH' && body && name)
      files.set(name, Buffer.concat([files.get(name) ?? Buffer.alloc(0), body]));
    await route.continue();
  };
  await context.route(url, capture);
  return { files, stop: () => context.unroute(url, capture) };
}

/**
 * `bytes` as a file named `name` in a folder of this run: a picker handed a path reads the file
 * itself, where bytes would cross to the browser through the protocol (slow for several MB).
 */
async function onDisk(name: string, bytes: Buffer): Promise<string> {
  folder ??= await mkdtemp(path.join(tmpdir(), 'cj-photo-prepare-'));
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return file;
}
let folder: string | undefined;
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function serverListing(title: string): Promise<Property | null> {
  const all = await serverDocs<Property>(world.url, world.accounts.admin, 'properties');
  return [...all.values()].find((p) => p.title === title && p.status !== 'deleted') ?? null;
}

/** The mean red, green and blue of a `side`-pixel square of `image` at (`left`, `top`). */
async function colourAt(image: Buffer, left: number, top: number, side = 40): Promise<number[]> {
  const pixels = await sharp(image)
    .extract({ left, top, width: side, height: side })
    .removeAlpha()
    .raw()
    .toBuffer();
  const sums = [0, 0, 0];
  for (let i = 0; i < pixels.length; i++) sums[i % 3]! += pixels[i]!;
  return sums.map((sum) => Math.round(sum / (side * side)));
}

describe('a camera photo picked on the publish form', () => {
  /** About 8 MB; made once (a while on a busy machine), picked under several names. */
  let original: Buffer;
  beforeAll(async () => {
    original = await cameraPhoto();
  });

  it('is accepted, and uploads at most 1920 px, upright, without its location', async () => {
    // Over the 5 MB a photo may be sent at: as taken, it would have been refused.
    expect(original.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(24.67, 2);

    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const uploads = await captureUploads(world.browser.context, world.url);
    try {
      const form = new PublishPropertyPage(page);
      const title = `相机照片 ${Date.now() % 100000}`;
      await form.fillValid(title);
      await page.getByLabel('选择图片或视频').setInputFiles(await onDisk('客厅.jpg', original));
      await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(1);
      await form.waitUntilKept();
      await form.submitButton.click();
      await new Layout(page).waitForToast(PROPERTY_MESSAGES.publishSuccess);
      await expect
        .poll(async () => (await serverListing(title))?.images.length ?? 0, SYNC_WAIT)
        .toBe(1);
    } finally {
      await uploads.stop();
    }

    const sent = uploads.files.get('客厅.jpg');
    expect(sent, 'the upload of 客厅.jpg').toBeDefined();
    expect(sent!.length).toBeLessThan(original.length / 4);
    const meta = await sharp(sent!).metadata();
    expect(meta.format).toBe('jpeg');
    // Upright: the sensor's 4000×3000 turned a quarter, scaled to 1920 on the long side.
    expect([meta.width, meta.height]).toEqual([1440, PHOTO_PREPARED_LONG_EDGE]);
    expect(meta.orientation ?? 1).toBe(1);
    // The sensor's red top-left corner is the upright photo's top-right, and only that.
    const [r, g, b] = await colourAt(sent!, 1440 - 80, 20);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(100);
    expect((await colourAt(sent!, 20, 20))[0]).toBeLessThan(200);
    // Neither where it was taken nor with what.
    expect(meta.exif).toBeUndefined();
    expect(await exifr.gps(sent!)).toBeUndefined();
    expect(await exifr.parse(sent!, { tiff: true, gps: true })).toBeUndefined();
    await page.close();
  });

  it('says which photo it is making small while it does, then shows them all', async () => {
    const page = await world.signedIn(world.browser, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/publish/property',
    });
    const form = new PublishPropertyPage(page);
    await form.fillValid(`处理中 ${Date.now() % 100000}`);
    const photos = await Promise.all([1, 2, 3].map((n) => onDisk(`房间${n}.jpg`, original)));
    await page.getByLabel('选择图片或视频').setInputFiles(photos);
    const status = page.getByTestId('photo-preparing');
    await status.waitFor(UI_WAIT);
    expect(await status.textContent()).toMatch(
      new RegExp(`^${PHOTO_PREPARE_MESSAGES.preparing(0, 3).replace('0/3', '[123]/3')}$`),
    );
    // Nothing more is picked, and nothing is sent, until they are ready.
    expect(await page.getByLabel('选择图片或视频').count()).toBe(0);
    expect(await form.submitButton.isDisabled()).toBe(true);
    await saveScreenshot(page, 'publish-photos-preparing-mobile');
    await status.waitFor({ state: 'detached', ...UI_WAIT });
    await expect.poll(() => form.tiles.count(), UI_WAIT).toBe(3);
    await form.waitUntilKept();
    expect(await form.submitButton.isDisabled()).toBe(false);
    await saveScreenshot(page, 'publish-photos-prepared-mobile');
    await form.discardDraft();
    await page.close();
  });
});
