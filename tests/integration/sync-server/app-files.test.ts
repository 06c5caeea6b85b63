/**
 * The app's hashed files kept in memory once read (sync-server/middleware/app-files.ts
 * hashedFiles), over real HTTP and real files: what is sent from memory, what is left to the disk,
 * and the memory's bound.
 */
import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashedFiles, type Caching } from '../../../sync-server/middleware/app-files';
import { rawRequest } from '../../helpers/raw-http';

let dir: string;
let server: http.Server;
let base: string;

const immutable: Caching = (res) =>
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');

/** As the gateway serves them: the hashed files, then the disk (express.static), then a 404. */
async function serve(maxBytes: number): Promise<void> {
  const app = express();
  app.use('/assets', hashedFiles(dir, immutable, maxBytes));
  app.use('/assets', express.static(dir, { index: false }));
  app.use((_req, res) => res.status(404).end('not on disk'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const request = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${base}/assets/${file}`, headers, method);

/** Writes a file of the build, as written a minute ago (a build that is done). */
async function built(name: string, content: string | Buffer): Promise<void> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  const past = new Date(Date.now() - 60_000);
  await utimes(file, past, past);
}

const script = (name: string, bytes: number) =>
  Array.from(
    { length: Math.ceil(bytes / 40) },
    (_, i) => `export const ${name}${i} = ${i};\n`,
  ).join('');

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cj-app-files-'));
});

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('hashed files in memory', () => {
  it('sends a file read once from memory, as it was sent, with its ETag, type and caching', async () => {
    await serve(1024 * 1024);
    const APP = script('app', 6_000);
    await built('app-abc.js', APP);
    await built('app-abc.js.br', brotliCompressSync(APP));
    const first = await request('app-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toMatch(/javascript/);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(brotliDecompressSync(first.body).toString()).toBe(APP);

    // Gone from disk: still sent, the same bytes (from memory).
    await unlink(path.join(dir, 'app-abc.js.br'));
    await unlink(path.join(dir, 'app-abc.js'));
    const again = await request('app-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    // A device holding it asks whether it changed: no body.
    const held = await request('app-abc.js', {
      'accept-encoding': 'gzip, br',
      'if-none-match': first.headers.etag!,
    });
    expect(held.status).toBe(304);
    expect(held.body.length).toBe(0);

    const head = await request('app-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it('keeps only what it read: another encoding of a file is read from disk, or not found', async () => {
    await serve(1024 * 1024);
    const APP = script('app', 6_000);
    await built('app-abc.js', APP);
    await built('app-abc.js.br', brotliCompressSync(APP));
    await request('app-abc.js', { 'accept-encoding': 'br' });
    await unlink(path.join(dir, 'app-abc.js'));
    // The file itself was never read (its Brotli file was sent): not invented.
    const plain = await request('app-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(404);
  });

  it('sends a file that has no compressed version as it is, and remembers that it has none', async () => {
    await serve(1024 * 1024);
    const TINY = 'export const tiny = 1;\n';
    await built('tiny-abc.js', TINY);
    const first = await request('tiny-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe(TINY);
    // A compressed file appearing later is not looked for (the build is done; names are hashed).
    await built('tiny-abc.js.br', brotliCompressSync(TINY));
    await unlink(path.join(dir, 'tiny-abc.js'));
    const again = await request('tiny-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(again.status).toBe(200);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.toString()).toBe(TINY);
  });

  it('does not keep a file written a moment ago (a build being put in place)', async () => {
    await serve(1024 * 1024);
    await writeFile(path.join(dir, 'fresh-abc.js'), script('fresh', 2_000));
    expect((await request('fresh-abc.js')).status).toBe(200);
    await unlink(path.join(dir, 'fresh-abc.js'));
    expect((await request('fresh-abc.js')).status).toBe(404);
  });

  it('keeps nothing for names not in the build, and leaves other paths and ranges to the disk', async () => {
    await serve(1024 * 1024);
    await built('app-abc.js', script('app', 2_000));
    expect((await request('missing-abc.js')).status).toBe(404);
    expect((await request('nested/app-abc.js')).status).toBe(404);
    expect((await request('.hidden')).status).toBe(404);
    // A compressed file asked for by its own name, and a range, are the disk's to answer.
    await built('app-abc.js.br', brotliCompressSync('x'));
    expect((await request('app-abc.js.br')).headers.etag).toMatch(/^W\//);
    const range = await request('app-abc.js', { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe('export con');
  });

  it('holds at most its bound: the least recently used files leave first', async () => {
    // Files of 900 bytes under a bound of 4,000: four fit.
    await serve(4_000);
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}-abc.js`);
    for (const name of names) await built(name, 'x'.repeat(900));
    for (const name of names.slice(0, 4)) await request(name);
    await request(names[0]!); // a used again: b is now the least recent
    await request(names[4]!); // e in: b leaves
    for (const name of names) await unlink(path.join(dir, name));
    const status = async (name: string) => (await request(name)).status;
    expect(await status('a-abc.js')).toBe(200);
    expect(await status('b-abc.js')).toBe(404);
    for (const name of ['c-abc.js', 'd-abc.js', 'e-abc.js']) expect(await status(name)).toBe(200);
  });

  it('counts a file read by requests that missed at once a single time', async () => {
    await serve(4_000);
    const names = ['a', 'b', 'c', 'd'].map((n) => `${n}-abc.js`);
    for (const name of names) await built(name, 'x'.repeat(900));
    await Promise.all([1, 2, 3].map(() => request(names[0]!)));
    for (const name of names.slice(1)) await request(name);
    for (const name of names) await unlink(path.join(dir, name));
    // All four fit (3,600 bytes): none left for a miscount.
    for (const name of names) expect((await request(name)).status).toBe(200);
  });

  it('leaves every request to the disk when given no memory', async () => {
    await serve(0);
    await built('app-abc.js', script('app', 2_000));
    const answer = await request('app-abc.js');
    expect(answer.status).toBe(200);
    // The disk's (express.static's) weak ETag, not the content's.
    expect(answer.headers.etag).toMatch(/^W\//);
    await unlink(path.join(dir, 'app-abc.js'));
    expect((await request('app-abc.js')).status).toBe(404);
  });
});
