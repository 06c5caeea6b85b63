/**
 * GET /media/w<width>/<photo> against the real gateway: a stored photo's sized WebP copy, made on
 * its first request under the upload's decode limits, kept on disk and cacheable forever; unknown
 * widths and missing photos are refused.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_VARIANT_MESSAGES,
  PHOTO_VARIANT_WIDTHS,
  photoVariantUrl,
} from '../../../couchdb/model/photo-variant-facts';
import { IMAGE_MAX_PIXELS, UPLOAD_LIMIT_MESSAGES } from '../../../couchdb/model/upload-limits';
import { putMediaBuffer } from '../../../sync-server/media/storage';
import { imageDecodeStats } from '../../../sync-server/media/media-service';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let token: string;
let photoUrl: string;

const mediaDir = () => path.join(gw.config.dataDir, 'media');

/** A JPEG `width`×`height` of one colour. */
function jpeg(width: number, height: number, r = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** Reads a binary answer's body whole (supertest leaves image/webp unparsed otherwise). */
const binary = (url: string) =>
  request(gw.app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

beforeAll(async () => {
  gw = await startTestGateway();
  token = (await gw.createUser('agent')).accessToken;
  const res = await request(gw.app)
    .post('/api/media')
    .set('Authorization', `Bearer ${token}`)
    .attach('file', await jpeg(3000, 2000), { filename: '客厅.jpg', contentType: 'image/jpeg' });
  expect(res.status).toBe(201);
  photoUrl = (res.body as { files: { url: string }[] }).files[0]!.url;
});
afterAll(async () => {
  await gw?.cleanup();
});

describe('GET /media/w<width>/<photo>', () => {
  it.each(PHOTO_VARIANT_WIDTHS)(
    'answers the photo %i pixels wide as WebP, cacheable forever, made once',
    async (width) => {
      const url = photoVariantUrl(photoUrl, width)!;
      const first = await binary(url);
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(first.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 1365) / 2048));
      // Kept on disk: the next request sends the same file.
      const kept = await readdir(path.join(gw.config.dataDir, 'media-variants', String(width)));
      expect(kept).toEqual([`${path.basename(photoUrl)}.webp`]);
      const again = await binary(url);
      expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    },
  );

  it('refuses a width it does not make, and answers 404 for a photo that is not stored', async () => {
    const name = path.basename(photoUrl);
    const odd = await request(gw.app).get(`/media/w481/${name}`);
    expect(odd.status).toBe(400);
    expect(odd.body.error.message).toBe(PHOTO_VARIANT_MESSAGES.unknownWidth('481'));
    const missing = await request(gw.app).get(`/media/w480/${'0'.repeat(64)}.jpg`);
    expect(missing.status).toBe(404);
    // Only stored photos' names: no path out of the media folder, no videos.
    for (const bad of ['..%2F..%2Fconfig.json', `${'a'.repeat(64)}.mp4`, 'x.jpg']) {
      expect((await request(gw.app).get(`/media/w480/${bad}`)).status).toBe(404);
    }
    expect(await readdir(path.join(gw.config.dataDir, 'media-variants', '480'))).toEqual([
      `${name}.webp`,
    ]);
  });

  it('makes copies one decode at a time, and refuses a photo over the pixel limit unopened', async () => {
    // Photos stored before copies existed (the demo data, earlier uploads): written straight in.
    const names = await Promise.all(
      [40, 80, 120, 160].map(async (r) =>
        path.basename(await putMediaBuffer(mediaDir(), await jpeg(1600, 1200, r), 'jpg')),
      ),
    );
    const before = imageDecodeStats().decoded;
    const answers = await Promise.all(
      names.flatMap((name) => PHOTO_VARIANT_WIDTHS.map((w) => binary(`/media/w${w}/${name}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Each copy decoded its photo through the upload's decode slots, never two at once.
    expect(imageDecodeStats().decoded - before).toBe(names.length * PHOTO_VARIANT_WIDTHS.length);
    expect(imageDecodeStats().mostAtOnce).toBe(1);

    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 10;
    const bomb = await sharp({
      create: { width: side, height: side, channels: 3, background: '#ffffff' },
    })
      .jpeg({ quality: 10 })
      .toBuffer();
    const bombName = `${'b'.repeat(64)}.jpg`;
    await writeFile(path.join(mediaDir(), bombName), bomb);
    const res = await request(gw.app).get(`/media/w960/${bombName}`);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(UPLOAD_LIMIT_MESSAGES.imageTooManyPixels(bombName));
    expect(await readdir(path.join(gw.config.dataDir, 'media-variants', '960'))).not.toContain(
      `${bombName}.webp`,
    );
  });
});
