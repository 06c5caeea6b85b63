/**
 * Content-addressed media storage: the same bytes stored by several requests at once land in one
 * file, every request gets its address, and no temp file is left.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveMediaFile, putMediaBuffer } from '../../../../sync-server/media/storage';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cj-storage-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('putMediaBuffer', () => {
  it('stores the same bytes from 20 requests at once as one file', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const urls = await Promise.all(
      Array.from({ length: 20 }, () => putMediaBuffer(path.join(dir, 'media'), bytes, 'jpg')),
    );
    expect(new Set(urls).size).toBe(1);
    expect(await readdir(path.join(dir, 'media'))).toEqual([path.basename(urls[0]!)]);
    expect((await readFile(path.join(dir, urls[0]!))).equals(bytes)).toBe(true);
  });
});

describe('moveMediaFile', () => {
  it('moves a temp file into place under its hash, or drops nothing when already stored', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 9);
    const first = path.join(dir, 'upload-1');
    const second = path.join(dir, 'upload-2');
    await writeFile(first, bytes);
    await writeFile(second, bytes);
    const url = await moveMediaFile(path.join(dir, 'media'), first, 'mp4');
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.mp4$/);
    expect(await moveMediaFile(path.join(dir, 'media'), second, 'mp4')).toBe(url);
    expect((await readFile(path.join(dir, url))).equals(bytes)).toBe(true);
    // The first was moved; the second is left for the request to remove with its temp files.
    expect((await readdir(dir)).sort()).toEqual(['media', 'upload-2']);
  });
});
