import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generateDemoImages,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  THUMB_HEIGHT,
  THUMB_WIDTH,
} from '@couchdb/seed/demo-images';
import { putMediaBuffer } from '@server/media/storage';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('generateDemoImages', () => {
  let dir: string;
  const putMedia = (bytes: Buffer, ext: string) => putMediaBuffer(dir, bytes, ext);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'demo-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores distinct JPEG pictures with WebP thumbnails under /media URLs', async () => {
    const media = await generateDemoImages(putMedia, { propertyCount: 4 });
    expect(media.properties).toHaveLength(4);
    expect(media.news).toHaveLength(4);
    const urls = [...media.properties, ...media.news].flatMap((m) => [m.url, m.thumbnail_url]);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.(jpg|webp)$/);

    const first = media.properties[0];
    if (!first) throw new Error('no picture');
    const full = await sharp(path.join(dir, path.basename(first.url))).metadata();
    expect([full.format, full.width, full.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);
    const thumb = await sharp(path.join(dir, path.basename(first.thumbnail_url))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', THUMB_WIDTH, THUMB_HEIGHT]);
  });

  it('writes the same files again for the same seed (content-addressed, idempotent)', async () => {
    const before = (await readdir(dir)).sort();
    const again = await generateDemoImages(putMedia, { propertyCount: 4 });
    expect((await readdir(dir)).sort()).toEqual(before);
    expect(again.properties[0]?.url).toMatch(/^\/media\//);
  });
});
