/**
 * Photos made small on the device (architecture §7): three 4000×3000 camera photos (6–8 MB, EXIF
 * orientation 6, GPS) prepared in headless Chromium four ways: the app's own code
 * (createImageBitmap + canvas, client/data/media/photo-prepare.ts) on the page and in its worker,
 * and browser-image-compression on the page and with its web worker. For each: the time from the
 * picked file to the JPEG, the main thread's time in long tasks meanwhile (what a tap on the form
 * waits behind), and the JPEG's size, size in pixels and whether its location survived. Times are
 * also given as a ratio of decoding the same photo alone, measured in the same run.
 *
 *   npm run bench -- photo-prepare [--runs 3]
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import exifr from 'exifr';
import sharp from 'sharp';
import { build } from 'vite';
import { alias } from '../scripts/build-settings';
import { launchBrowser } from '../tests/helpers/browser';
import { cameraPhoto } from '../tests/helpers/camera-photo';
import type { Run, Way } from './photo-prepare/entry';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { runs: { type: 'string', default: '3' } },
  strict: false,
});
const runs = Number(values.runs);
const GRAINS = [24, 32, 40];
/** Decoding alone first: the least any way does, which the others are compared with. */
const WAYS: readonly Way[] = [
  'decode only',
  'own, page',
  'own, worker',
  'library, page',
  'library, worker',
];
const MB = 1024 * 1024;

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-photo-prepare-'));
const libFile = fileURLToPath(
  import.meta.resolve('browser-image-compression/dist/browser-image-compression.js'),
);
const photos = await Promise.all(GRAINS.map((grain) => cameraPhoto({ grain })));

await build({
  configFile: false,
  mode: 'production',
  logLevel: 'warn',
  resolve: { alias },
  worker: { format: 'es' },
  build: {
    outDir: dir,
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./photo-prepare/entry.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'entry.js',
    },
  },
});

/** The page, its code (and worker) from the build, the library's script, and the photos. */
const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const photo = /^\/photo\/(\d)\.jpg$/.exec(url);
  if (url === '/') {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><script type="module" src="/entry.js"></script>');
  } else if (photo) {
    res.setHeader('content-type', 'image/jpeg');
    res.end(photos[Number(photo[1])]);
  } else if (url === '/lib/browser-image-compression.js') {
    res.setHeader('content-type', 'text/javascript');
    createReadStream(libFile).pipe(res);
  } else {
    const file = path.join(dir, path.normalize(url));
    res.setHeader('content-type', 'text/javascript');
    createReadStream(file)
      .on('error', () => res.writeHead(404).end())
      .pipe(res);
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What the prepared JPEG is: size in pixels, and whether the camera's location is still in it. */
async function describe(jpeg: Buffer): Promise<string> {
  const meta = await sharp(jpeg).metadata();
  const gps = await exifr.gps(jpeg).catch(() => undefined);
  return `${meta.width}×${meta.height}${meta.orientation && meta.orientation !== 1 ? ` o${meta.orientation}` : ''} ${gps ? 'GPS KEPT' : 'no GPS'}`;
}

const browser = await launchBrowser();
try {
  const page = await browser.openPage(base);
  await page.waitForFunction(() => 'photoBench' in window);
  const sizes = await page.evaluate(
    (urls) => window.photoBench.load(urls),
    photos.map((_, i) => `${base}/photo/${i}.jpg`),
  );
  console.log(
    `${photos.length} camera photos, 4000×3000, orientation 6, GPS: ${sizes.map((s) => `${(s / MB).toFixed(1)} MB`).join(', ')}`,
  );
  console.log(`headless Chromium, median of ${runs} runs after one warm-up, per photo\n`);
  const run = (way: Way, photo: number, keep = false) =>
    page.evaluate(([w, p, k]) => window.photoBench.run(w, p, k), [way, photo, keep] as const);

  console.log(
    `${'way'.padEnd(16)} ${'photo'.padStart(5)} ${'ms'.padStart(7)} ${'× decode'.padStart(9)} ${'blocked ms'.padStart(11)} ${'KB'.padStart(7)}  result`,
  );
  const totals = new Map<Way, { ms: number; blocked: number; bytes: number }>();
  for (let photo = 0; photo < photos.length; photo++) {
    const decode: number[] = [];
    for (const way of WAYS) {
      const first = await run(way, photo, true);
      const times: Run[] = [];
      for (let i = 0; i < runs; i++) times.push(await run(way, photo));
      const ms = median(times.map((t) => t.ms));
      const blocked = median(times.map((t) => t.blockedMs));
      if (way === 'decode only') decode.push(ms);
      const result = first.base64 ? await describe(Buffer.from(first.base64, 'base64')) : '';
      const total = totals.get(way) ?? { ms: 0, blocked: 0, bytes: 0 };
      totals.set(way, {
        ms: total.ms + ms,
        blocked: total.blocked + blocked,
        bytes: total.bytes + first.bytes,
      });
      console.log(
        `${way.padEnd(16)} ${String(photo + 1).padStart(5)} ${ms.toFixed(0).padStart(7)} ${(ms / decode[0]!).toFixed(2).padStart(9)} ${blocked.toFixed(0).padStart(11)} ${(first.bytes / 1024).toFixed(0).padStart(7)}  ${result}`,
      );
    }
  }
  console.log('\nsum over the photos');
  const decodeMs = totals.get('decode only')!.ms;
  for (const [way, t] of totals)
    console.log(
      `${way.padEnd(16)} ${t.ms.toFixed(0).padStart(7)} ms  ×${(t.ms / decodeMs).toFixed(2)} of decode  blocked ${t.blocked.toFixed(0).padStart(5)} ms  ${(t.bytes / 1024).toFixed(0).padStart(6)} KB`,
    );
} finally {
  await browser.close();
  server.close();
  await rm(dir, { recursive: true, force: true });
}
