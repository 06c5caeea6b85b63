/**
 * First sync of 10,000 listings into an empty device (DESIGN §11: ≤ 3 s; aim within 1.5× of the
 * floor), in headless Chromium with the app's own data layer (RxDB + Dexie). Printed beside it,
 * from the same run: (a) reading the same _changes feed straight from the store, in pages, in Node;
 * (b) the floor: in the page, the same gateway pull pages plus one bulk IndexedDB write, no RxDB.
 *
 * The store (embedded PouchDB Server) runs here, the gateway in a process of its own; a small
 * static server gives the bench page and the API one origin, as in production.
 *
 *   npm run bench -- first-sync [--listings 10000] [--runs 3]
 */
import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { build } from 'vite';
import { alias } from '../vite.config';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { PULL_LIMIT_MAX } from '../couchdb/model/sync';
import { insertMissing } from '../sync-server/services/seed-service';
import { openStore } from '../sync-server/store/couch';
import { launchBrowser } from '../tests/helpers/browser';
import type { FirstSyncTiming, FloorTiming } from './first-sync/entry';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
  strict: false,
});
const listings = Number(values.listings);
const runs = Number(values.runs);
const BUDGET_MS = 3_000;
const AIM_RATIO = 1.5;

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-first-sync-'));
const pageDir = path.join(dir, 'page');
const logger = pino({ level: 'warn' });
const cleanups: (() => Promise<unknown>)[] = [
  async () => rm(dir, { recursive: true, force: true }),
];

/** A static server for the built page that passes /api to the gateway: one origin. */
function serveSameOrigin(gatewayPort: number): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.map': 'application/json',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (url.pathname.startsWith('/api/')) {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: gatewayPort,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
      return;
    }
    const file = path.join(pageDir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(pageDir)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then(
      () => {
        res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'text/plain' });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;

try {
  // The store with the listings, and the gateway over it (serving pulls from its change log).
  const store = await openStore({ dataDir: dir, logger });
  cleanups.push(() => store.close());
  await insertMissing(store, 'properties', buildBenchProperties(listings, 1));
  const gateway = fork(fileURLToPath(new URL('../sync-server/index.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      COUCHDB_URL: store.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'warn',
    },
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (gateway.exitCode !== null) return resolve(undefined);
        gateway.once('exit', resolve);
        gateway.kill('SIGTERM');
      }),
  );
  const gatewayPort = await new Promise<number>((resolve, reject) => {
    gateway.on(
      'message',
      (m: { type?: string; port?: number }) => m.type === 'listening' && resolve(m.port!),
    );
    gateway.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
  });
  for (;;) {
    const health = (await (await fetch(`http://127.0.0.1:${gatewayPort}/api/health`)).json()) as {
      feeds: Record<string, boolean>;
    };
    if (health.feeds.properties) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // The bench page, built for production like the app.
  await build({
    configFile: false,
    root: fileURLToPath(new URL('./first-sync/', import.meta.url)),
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias },
    build: { outDir: pageDir, emptyOutDir: true, target: 'es2022' },
  });
  const site = await serveSameOrigin(gatewayPort);
  cleanups.push(() => new Promise((resolve) => site.close(resolve)));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

  // (a) The same _changes feed straight from the store, in pages of the pull size.
  const feedUrl = `${store.url}/${encodeURIComponent(store.dbName('properties'))}/_changes`;
  const readStore = async () => {
    const started = performance.now();
    let since = '0';
    let documents = 0;
    for (;;) {
      const res = await fetch(
        `${feedUrl}?since=${since}&limit=${PULL_LIMIT_MAX}&include_docs=true`,
      );
      const body = (await res.json()) as { results: { id: string }[]; last_seq: string | number };
      documents += body.results.filter((r) => !r.id.startsWith('_design/')).length;
      since = String(body.last_seq);
      if (body.results.length < PULL_LIMIT_MAX) break;
    }
    return { ms: performance.now() - started, documents };
  };

  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const syncs: FirstSyncTiming[] = [];
  const floors: FloorTiming[] = [];
  const storeReads: number[] = [];
  // Warm-up: the page, the gateway's and store's code paths (not counted).
  {
    const page = await browser.openPage(siteUrl);
    await page.evaluate(() => window.firstSyncBench.floor());
    await page.evaluate(() => window.firstSyncBench.clearDevice());
    await page.close();
    await readStore();
  }
  for (let run = 0; run < runs; run++) {
    const read = await readStore();
    if (read.documents !== listings) throw new Error(`store feed had ${read.documents} documents`);
    storeReads.push(read.ms);
    // A fresh page on an empty device for each measurement (RxDB's collection count is per page).
    for (const kind of ['sync', 'floor'] as const) {
      const page = await browser.openPage(siteUrl);
      await page.evaluate(() => window.firstSyncBench.clearDevice());
      await page.reload();
      if (kind === 'sync') {
        const timing = await page.evaluate((n) => window.firstSyncBench.firstSync(n), listings);
        if (timing.documents !== listings)
          throw new Error(`first sync stored ${timing.documents} listings`);
        syncs.push(timing);
      } else {
        const timing = await page.evaluate(() => window.firstSyncBench.floor());
        if (timing.documents !== listings)
          throw new Error(`floor wrote ${timing.documents} listings`);
        floors.push(timing);
      }
      await page.evaluate(() => window.firstSyncBench.clearDevice());
      await page.close();
    }
  }

  const sync = median(syncs.map((s) => s.totalMs));
  const storeRead = median(storeReads);
  const floorMs = median(floors.map((f) => f.totalMs));
  console.log(
    `${listings} listings, pages of ${PULL_LIMIT_MAX}, headless Chromium + Dexie, median of ${runs} runs, loopback`,
  );
  console.log(
    `  first sync (RxDB, visitor)      ${ms(sync)}   runs: ${syncs.map((s) => s.totalMs.toFixed(0)).join(', ')} ms` +
      `  (open ${median(syncs.map((s) => s.openMs)).toFixed(0)} ms, first pull at ${median(syncs.map((s) => s.firstPullMs)).toFixed(0)} ms,` +
      ` last pull answered at ${median(syncs.map((s) => s.lastPullMs)).toFixed(0)} ms, ${syncs[0]?.pulls} pulls)`,
  );
  console.log(
    `  (a) store _changes read (Node)  ${ms(storeRead)}   runs: ${storeReads.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `  (b) floor: pulls + 1 IDB write  ${ms(floorMs)}   runs: ${floors.map((f) => f.totalMs.toFixed(0)).join(', ')} ms` +
      `  (fetch ${median(floors.map((f) => f.fetchMs)).toFixed(0)} ms, write ${median(floors.map((f) => f.writeMs)).toFixed(0)} ms)`,
  );
  console.log(
    `  sync / store read ×${(sync / storeRead).toFixed(2)}   sync / floor ×${(sync / floorMs).toFixed(2)}` +
      `   budget ≤ ${BUDGET_MS} ms: ${sync <= BUDGET_MS ? 'met' : 'MISSED'}; aim ≤ ×${AIM_RATIO} of the floor: ${sync / floorMs <= AIM_RATIO ? 'met' : 'missed'}`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
}
