/**
 * The gateway's memory under many large uploads at once (issue 16): a gateway in a process of its
 * own; several accounts each send as many uploads at once as they may, first videos, then photos
 * near the pixel limit (PNG, which libvips decodes whole). The gateway's resident memory is read
 * from /proc/<pid>/status (VmRSS sampled every 20 ms, VmHWM at the end) and printed beside its
 * memory at rest.
 *
 *   npm run bench -- media-memory [--accounts 4] [--at-once 2] [--videos 3] [--mb 45] [--photos 1]
 */
import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import sharp from 'sharp';
import { openStore } from '../sync-server/store/couch';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    accounts: { type: 'string', default: '4' },
    'at-once': { type: 'string', default: '2' },
    videos: { type: 'string', default: '3' },
    mb: { type: 'string', default: '45' },
    photos: { type: 'string', default: '1' },
  },
  strict: false,
});
const accounts = Number(values.accounts);
const atOnce = Number(values['at-once']);
const videosPerRequest = Number(values.videos);
const videoMb = Number(values.mb);
const photosPerRequest = Number(values.photos);
const MB = 1024 * 1024;

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-media-'));
const logger = pino({ level: 'warn' });
const store = await openStore({ dataDir: path.join(dir, 'store'), logger });
const gatewayProcess = fork(
  fileURLToPath(new URL('../sync-server/index.ts', import.meta.url)),
  [],
  {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: path.join(dir, 'gateway'),
      COUCHDB_URL: store.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'warn',
    },
  },
);
const port = await new Promise<number>((resolve, reject) => {
  gatewayProcess.on(
    'message',
    (m: { type?: string; port?: number }) => m.type === 'listening' && resolve(m.port!),
  );
  gatewayProcess.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
});
const base = `http://127.0.0.1:${port}`;

/** The gateway's resident memory now and its peak so far, in MB, from /proc. */
async function memory(): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${gatewayProcess.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Samples VmRSS until stopped; returns the highest value seen. */
function sampleRss() {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, (await memory()).rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

async function json(pathname: string, body: unknown, token?: string) {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Streams a multipart body of `files` from disk; resolves with the status and error code. */
function upload(
  token: string,
  files: { path: string; name: string; type: string; size: number }[],
) {
  const boundary = `----cjbench${Math.random().toString(16).slice(2)}`;
  const heads = files.map((f) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length =
    heads.reduce((n, h) => n + h.length, 0) +
    files.reduce((n, f) => n + f.size + 2, 0) +
    tail.length;
  return new Promise<string>((resolve) => {
    const req = request(`${base}/api/media`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => {
        const code = res.statusCode === 201 ? '' : ` ${/"code":"(\w+)"/.exec(text)?.[1] ?? ''}`;
        resolve(`${res.statusCode}${code}`);
      });
    });
    req.on('error', (err) => resolve(`error ${err.message}`));
    void (async () => {
      for (const [i, f] of files.entries()) {
        if (!req.write(heads[i]!)) await new Promise((r) => req.once('drain', r));
        for await (const chunk of createReadStream(f.path)) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.write('\r\n');
      }
      req.end(tail);
    })().catch((err: unknown) => resolve(`error ${String(err)}`));
  });
}

/** Runs every account's uploads at once while sampling; prints the figures. */
async function phase(
  label: string,
  tokens: string[],
  files: () => { path: string; name: string; type: string; size: number }[],
  rest: number,
) {
  const sampler = sampleRss();
  const started = performance.now();
  const results = await Promise.all(
    tokens.flatMap((token) => Array.from({ length: atOnce }, () => upload(token, files()))),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = await sampler.stop();
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r, (counts.get(r) ?? 0) + 1);
  const bytes = results.length * files().reduce((n, f) => n + f.size, 0);
  console.log(
    `${label}: ${results.length} requests at once, ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s; ` +
      `answers ${[...counts].map(([k, v]) => `${k}×${v}`).join(', ')}`,
  );
  console.log(
    `  gateway RSS: at rest ${rest.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - rest).toFixed(0)} MB)`,
  );
}

try {
  // Files on disk: a video (MP4 header, the rest zeros) and a photo near the pixel limit.
  const videoPath = path.join(dir, 'tour.mp4');
  const handle = await open(videoPath, 'w');
  await handle.write(
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f326d703431', 'hex'),
  );
  await handle.truncate(videoMb * MB);
  await handle.close();
  const photoPath = path.join(dir, 'wide.png');
  await writeFile(
    photoPath,
    await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer(),
  );
  const photoSize = (await readFile(photoPath)).length;

  const tokens: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const phone = `139${String(Date.now()).slice(-5)}${String(i).padStart(3, '0')}`;
    await json('/api/auth/register', { phone, password: 'Bench#12345' });
    tokens.push(
      String((await json('/api/auth/login', { phone, password: 'Bench#12345' })).accessToken),
    );
  }
  // One small photo first, so the image library is loaded before memory is read at rest.
  const smallPath = path.join(dir, 'small.png');
  await writeFile(
    smallPath,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer(),
  );
  const small = {
    path: smallPath,
    name: 'warm.png',
    type: 'image/png',
    size: (await readFile(smallPath)).length,
  };
  await upload(tokens[0]!, [small]);
  await new Promise((r) => setTimeout(r, 1000));
  const rest = (await memory()).rss;
  console.log(
    `${accounts} accounts × ${atOnce} uploads at once; videos ${videosPerRequest} × ${videoMb} MB a request, ` +
      `photos ${photosPerRequest} × 7000×7000 PNG (${(photoSize / MB).toFixed(1)} MB) a request`,
  );
  await phase(
    'videos',
    tokens,
    () =>
      Array.from({ length: videosPerRequest }, (_, i) => ({
        path: videoPath,
        name: `tour${i}.mp4`,
        type: 'video/mp4',
        size: videoMb * MB,
      })),
    rest,
  );
  await phase(
    'photos',
    tokens,
    () =>
      Array.from({ length: photosPerRequest }, (_, i) => ({
        path: photoPath,
        name: `wide${i}.png`,
        type: 'image/png',
        size: photoSize,
      })),
    rest,
  );
  const { rss, hwm } = await memory();
  console.log(
    `  gateway VmHWM (peak since start) ${hwm.toFixed(0)} MB; RSS after ${rss.toFixed(0)} MB`,
  );
} finally {
  gatewayProcess.kill('SIGTERM');
  if (gatewayProcess.exitCode === null) await new Promise((r) => gatewayProcess.once('exit', r));
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
