/**
 * The built app's files as the gateway sends them: the build's own Brotli and gzip files
 * (scripts/precompress.ts), whichever the browser accepts, with the same caching as the file
 * itself; a file the build did not compress is still compressed on the way.
 */
import { readFile, mkdir, mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, precompress } from '../../../scripts/precompress';
import { rawRequest } from '../../helpers/raw-http';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let dir: string;
let listening: { url: string; close(): Promise<void> };

/** Some script: repetitive enough to compress, as a bundle does. */
const script = (name: string, bytes: number) =>
  Array.from(
    { length: Math.ceil(bytes / 60) },
    (_, i) => `export const ${name}${i} = () => console.log("${name} ${i}");\n`,
  ).join('');

const APP = script('app', 8_000);
const WORKER = script('worker', 4_000);
const TINY = script('tiny', 200).slice(0, COMPRESS_MIN_BYTES - 1);
const LATE = script('late', 6_000);

/** A GET with exactly these headers (no client decompression), body as sent. */
const get = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cj-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'app-abc.js'), APP);
  await writeFile(path.join(dir, 'assets', 'app-abc.js.map'), JSON.stringify({ mappings: APP }));
  await writeFile(path.join(dir, 'assets', 'tiny-abc.js'), TINY);
  await writeFile(path.join(dir, 'sw.js'), WORKER);
  await precompress(dir);
  // Not compressed by the build (e.g. `vite build` run alone).
  await writeFile(path.join(dir, 'assets', 'late-abc.js'), LATE);
  gw = await startTestGateway({ staticDir: dir });
  listening = await gw.listen();
});

afterAll(async () => {
  await listening?.close();
  await gw?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes a Brotli and a gzip file beside each text file worth compressing, and only those', async () => {
    const files = (await readdir(dir, { recursive: true })).map(String).sort();
    expect(files).toEqual(
      [
        'assets',
        'assets/app-abc.js',
        'assets/app-abc.js.br',
        'assets/app-abc.js.gz',
        'assets/app-abc.js.map',
        'assets/late-abc.js',
        'assets/tiny-abc.js',
        'index.html',
        'sw.js',
        'sw.js.br',
        'sw.js.gz',
      ].sort(),
    );
    const br = await readFile(path.join(dir, 'assets', 'app-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(APP);
    expect(gunzipSync(gz).toString()).toBe(APP);
    expect(br.length).toBeLessThan(gz.length);
  });
});

describe('precompress run again over a changed folder', () => {
  it('removes the compressed versions of a file that no longer gets them', async () => {
    const again = await mkdtemp(path.join(tmpdir(), 'cj-static-again-'));
    try {
      const file = path.join(again, 'sw.js');
      await writeFile(file, WORKER);
      await precompress(again);
      await writeFile(file, TINY);
      await precompress(again);
      expect((await readdir(again)).sort()).toEqual(['sw.js']);
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });
});

describe('the app as the gateway sends it', () => {
  it('sends the Brotli file to a browser that accepts it, cached as the script itself', async () => {
    const res = await get(`${listening.url}/assets/app-abc.js`, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // The build's file as it is, not compressed again on the way.
    expect(res.body.equals(await readFile(path.join(dir, 'assets', 'app-abc.js.br')))).toBe(true);
    expect(brotliDecompressSync(res.body).toString()).toBe(APP);
  });

  it('sends the gzip file where Brotli is not accepted, and the script itself where neither is', async () => {
    const gz = await get(`${listening.url}/assets/app-abc.js`, {
      'accept-encoding': 'gzip, deflate',
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(await readFile(path.join(dir, 'assets', 'app-abc.js.gz')))).toBe(true);

    const plain = await get(`${listening.url}/assets/app-abc.js`, {
      'accept-encoding': 'identity',
    });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP);
  });

  it('keeps the service worker revalidated, whichever file is sent', async () => {
    const res = await get(`${listening.url}/sw.js`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(WORKER);
  });

  it('still compresses a file the build left alone, and sends a small one as it is', async () => {
    const late = await get(`${listening.url}/assets/late-abc.js`, { 'accept-encoding': 'gzip' });
    expect(late.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(late.body).toString()).toBe(LATE);

    const tiny = await get(`${listening.url}/assets/tiny-abc.js`, {
      'accept-encoding': 'gzip, br',
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(TINY);
  });

  it('has the browser revalidate the web app manifest', async () => {
    await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: '澄江房产' }));
    const res = await get(`${listening.url}/manifest.webmanifest`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves a build put in place under the running gateway as it is on disk', async () => {
    // A new build's service worker, not compressed; and a new hashed file with its Brotli file.
    const NEW_WORKER = script('next', 8_000);
    await unlink(path.join(dir, 'sw.js.br'));
    await unlink(path.join(dir, 'sw.js.gz'));
    await writeFile(path.join(dir, 'sw.js'), NEW_WORKER);
    const ADDED = script('added', 5_000);
    await writeFile(path.join(dir, 'assets', 'added-abc.js'), ADDED);
    await writeFile(path.join(dir, 'assets', 'added-abc.js.br'), brotliCompressSync(ADDED));

    const changed = await get(`${listening.url}/sw.js`, { 'accept-encoding': 'gzip' });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(changed.body).toString()).toBe(NEW_WORKER);

    const added = await get(`${listening.url}/assets/added-abc.js`, { 'accept-encoding': 'br' });
    expect(added.headers['content-encoding']).toBe('br');
    expect(added.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(added.body).toString()).toBe(ADDED);
  });
});
