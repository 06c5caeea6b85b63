/**
 * First sync of 10,000 listings into an empty device (architecture §11: ≤ 2 s and within 1.5× of the
 * floor), in headless Chromium with the app's own data layer (RxDB, its storage in a worker as the
 * app runs it, the listings packed: packed-storage.ts; then the same with the storage on the page;
 * then a signed-in agent's, whose device also pushes listings, so RxDB's record of each version
 * pulled is written too). Printed beside it, from the same run:
 * (a) reading the same _changes feed straight from the store, in pages, in Node;
 * (b) the floor: in the page, the same gateway pull pages plus one IndexedDB write of them packed
 * 1,000 a row, as the device keeps them, no RxDB;
 * (c) the same pages stored by one RxDB bulkInsert (RxDB's storage without its replication);
 * (d) IndexedDB's own cost a row: as many rows as listings holding only a key (then with RxDB's two
 * indexes), beside the listings written 100 to a row.
 * With the storage in its worker, the listings are pulled and written there (client/data/
 * bulk-pull.ts): that catch-up is printed on a line of its own (the page's resource timing does not
 * see a worker's fetches).
 *
 * The store (embedded PouchDB Server) runs here, the gateway in a process of its own; a small
 * static server gives the bench page and the API one origin, as in production.
 *
 *   npm run bench -- first-sync [--listings 10000] [--runs 3] [--profile] [--slowdown 4]
 *     [--only sync,sync-agent]
 * --slowdown N slows the pages' CPU N× (Lighthouse's mobile profile is 4×): the main-thread tasks
 * a first sync leaves on a phone, with no screen's queries on the page.
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
import type { CDPSession, Page } from 'playwright-core';
import { pino } from 'pino';
import { build } from 'vite';
import { alias, rxdbRewrites } from '../scripts/build-settings';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { PULL_LIMIT_MAX } from '../couchdb/model/sync';
import { insertMissing } from '../sync-server/services/seed-service';
import { openStore } from '../sync-server/store/couch';
import { launchBrowser } from '../tests/helpers/browser';
import type { User } from '../couchdb/model/user';
import { BENCH_JWT_SECRET, benchAccessToken } from './gateway-process';
import type { BenchAccount, FirstSyncTiming, FloorTiming, RowCost } from './first-sync/entry';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    /** Profile one more first sync (an unminified build) and print where its main thread went. */
    profile: { type: 'boolean', default: false },
    slowdown: { type: 'string', default: '1' },
    /** Only these measurements (comma-separated: sync, sync-page, sync-agent, floor, rxdb, rows). */
    only: { type: 'string' },
  },
  strict: false,
});
const listings = Number(values.listings);
const runs = Number(values.runs);
const slowdown = Number(values.slowdown);
const KINDS = ['sync', 'sync-page', 'sync-agent', 'floor', 'rxdb', 'rows'] as const;
const only = typeof values.only === 'string' ? values.only.split(',') : null;
const kinds = KINDS.filter((kind) => !only || only.includes(kind));
const BUDGET_MS = 2_000;
/** The signed-in device's account: an agent, who pushes listings (RxDB keeps their pulled state). */
const AGENT = { id: 'bench-agent', role: 'agent' } as const;
const AIM_RATIO = 1.5;
/** A signed-in agent's first sync against a visitor's (architecture §11). */
const AGENT_AIM_RATIO = 1.3;

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

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Starts profiling the page's main thread; resolves with the call that stops it. */
async function mainThreadProfile(cdp: CDPSession): Promise<() => Promise<Profile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
}

/**
 * Profiles the page's first worker (the storage worker) from when it starts: it is reached
 * through the page's CDP session (auto-attach without flattening: its messages travel inside the
 * page session's). Resolves with the call that stops it.
 */
async function workerProfile(cdp: CDPSession): Promise<() => Promise<Profile>> {
  let worker: string | null = null;
  let nextId = 1;
  const answers = new Map<number, (result: unknown) => void>();
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId: worker!,
        message: JSON.stringify({ id, method, params }),
      });
    });
  const started = new Promise<void>((resolve) => {
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type !== 'worker' || worker) return;
      worker = event.sessionId;
      void send('Profiler.enable')
        .then(() => send('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => send('Profiler.start'))
        .then(() => resolve());
    });
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) answers.get(message.id)?.(message.result);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  return async () => {
    await started;
    return ((await send('Profiler.stop')) as { profile: Profile }).profile;
  };
}

/**
 * Self time by function on the page's main thread, or in its storage worker, while `run` runs in
 * a fresh page on an empty device.
 */
async function profileRun(
  openPage: (url: string) => Promise<Page>,
  url: string,
  run: (page: Page) => Promise<unknown>,
  thread: 'main' | 'worker' = 'main',
): Promise<Map<string, number>> {
  const page = await openPage(url);
  await page.evaluate(() => window.firstSyncBench.clearDevice());
  await page.reload();
  const cdp = await page.context().newCDPSession(page);
  const stop = await (thread === 'main' ? mainThreadProfile(cdp) : workerProfile(cdp));
  await run(page);
  const profile = await stop();
  await page.evaluate(() => window.firstSyncBench.clearDevice());
  await page.close();
  return selfTimes(profile);
}

function selfTimes(profile: Profile): Map<string, number> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return self;
}

const busyMs = (self: Map<string, number>) =>
  [...self].filter(([n]) => !n.startsWith('(idle)')).reduce((a, [, t]) => a + t, 0);

/**
 * One more first sync, floor and RxDB bulk insert under the CPU profiler: the main thread's busy time of each (work
 * done, less swayed by a busy machine than wall time) and the sync's functions with most self time.
 */
async function profileFirstSync(
  openPage: (url: string) => Promise<Page>,
  url: string,
  account: BenchAccount,
): Promise<void> {
  const sync = await profileRun(openPage, url, (page) =>
    page.evaluate((n) => window.firstSyncBench.firstSync(n, 'worker'), listings),
  );
  const floor = await profileRun(openPage, url, (page) =>
    page.evaluate(() => window.firstSyncBench.floor()),
  );
  const rxdb = await profileRun(openPage, url, (page) =>
    page.evaluate(() => window.firstSyncBench.rxdbWrite()),
  );
  console.log(
    `  profile (unminified build): main thread busy: first sync ${busyMs(sync).toFixed(0)} ms,` +
      ` floor ${busyMs(floor).toFixed(0)} ms (×${(busyMs(sync) / busyMs(floor)).toFixed(2)}),` +
      ` RxDB bulkInsert ${busyMs(rxdb).toFixed(0)} ms (×${(busyMs(rxdb) / busyMs(floor)).toFixed(2)}); the first sync's top self times:`,
  );
  for (const [name, time] of [...sync].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${time.toFixed(0).padStart(6)} ms  ${name}`);
  // The storage worker, where the listings are pulled and written: a visitor's, then an agent's.
  const inWorker = async (who: BenchAccount | undefined) =>
    profileRun(
      openPage,
      url,
      (page) =>
        page.evaluate(([n, signedIn]) => window.firstSyncBench.firstSync(n, 'worker', signedIn), [
          listings,
          who,
        ] as const),
      'worker',
    );
  const visitor = await inWorker(undefined);
  const agent = await inWorker(account);
  console.log(
    `  the storage worker busy: visitor ${busyMs(visitor).toFixed(0)} ms, agent ${busyMs(agent).toFixed(0)} ms` +
      ` (×${(busyMs(agent) / busyMs(visitor)).toFixed(2)}); the agent's top self times (visitor's beside):`,
  );
  for (const [name, time] of [...agent].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(
      `    ${time.toFixed(0).padStart(6)} ms ${(visitor.get(name) ?? 0).toFixed(0).padStart(6)} ms  ${name}`,
    );
}

/** A time from the start, or — when there was none (no pull made by the page). */
const at = (msFromStart: number) =>
  Number.isFinite(msFromStart) ? `${msFromStart.toFixed(0)} ms` : '—';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;

try {
  // The store with the listings, and the gateway over it (serving pulls from its change log).
  const store = await openStore({ dataDir: dir, logger });
  cleanups.push(() => store.close());
  await insertMissing(store, 'properties', buildBenchProperties(listings, 1));
  const createdAt = new Date().toISOString();
  const agentDoc: User = {
    id: AGENT.id,
    phone: '13900000009',
    name: '基准经纪人',
    user_type: AGENT.role,
    is_verified: true,
    avatar_url: '',
    created_at: createdAt,
    updated_at: createdAt,
  };
  await insertMissing(store, 'users', [agentDoc]);
  const account: BenchAccount = {
    userId: AGENT.id,
    role: AGENT.role,
    token: await benchAccessToken(store, agentDoc),
  };
  const gateway = fork(fileURLToPath(new URL('../sync-server/index.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      COUCHDB_URL: store.url,
      JWT_SECRET: BENCH_JWT_SECRET,
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
    // RxDB as the app's build rewrites it.
    plugins: rxdbRewrites(),
    worker: { format: 'es', plugins: rxdbRewrites },
    build: { outDir: pageDir, emptyOutDir: true, target: 'es2022', minify: !values.profile },
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
  const pageSyncs: FirstSyncTiming[] = [];
  const agentSyncs: FirstSyncTiming[] = [];
  const floors: FloorTiming[] = [];
  const rxdbWrites: FloorTiming[] = [];
  const rowCosts: RowCost[] = [];
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
    for (const kind of kinds) {
      const page = await browser.openPage(siteUrl);
      await page.evaluate(() => window.firstSyncBench.clearDevice());
      await page.reload();
      if (slowdown !== 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      }
      if (kind === 'sync' || kind === 'sync-page' || kind === 'sync-agent') {
        const place = kind === 'sync-page' ? 'page' : 'worker';
        const signedIn = kind === 'sync-agent' ? account : undefined;
        const timing = await page.evaluate(
          ([n, where, who]) => window.firstSyncBench.firstSync(n, where, who),
          [listings, place, signedIn] as const,
        );
        if (timing.documents !== listings)
          throw new Error(`first sync stored ${timing.documents} listings`);
        (kind === 'sync' ? syncs : kind === 'sync-page' ? pageSyncs : agentSyncs).push(timing);
      } else if (kind === 'rows') {
        const cost = await page.evaluate(() => window.firstSyncBench.rowCost());
        if (cost.documents !== listings) throw new Error(`rows wrote ${cost.documents} listings`);
        rowCosts.push(cost);
      } else {
        const timing = await page.evaluate(
          (k) =>
            k === 'floor' ? window.firstSyncBench.floor() : window.firstSyncBench.rxdbWrite(),
          kind,
        );
        if (timing.documents !== listings)
          throw new Error(`${kind} wrote ${timing.documents} listings`);
        (kind === 'floor' ? floors : rxdbWrites).push(timing);
      }
      await page.evaluate(() => window.firstSyncBench.clearDevice());
      await page.close();
    }
  }

  if (values.profile) await profileFirstSync(browser.openPage.bind(browser), siteUrl, account);

  const sync = median(syncs.map((s) => s.totalMs));
  const storeRead = median(storeReads);
  const floorMs = median(floors.map((f) => f.totalMs));
  console.log(
    `${listings} listings, pages of ${PULL_LIMIT_MAX}, headless Chromium, listings packed` +
      `${slowdown !== 1 ? `, CPU slowed ${slowdown}×` : ''}, median of ${runs} runs, loopback`,
  );
  if (syncs.length > 0) {
    console.log(
      `  first sync (RxDB, visitor)       ${ms(sync)}   runs: ${syncs.map((s) => s.totalMs.toFixed(0)).join(', ')} ms` +
        `  (open ${median(syncs.map((s) => s.openMs)).toFixed(0)} ms; the page's own pulls: ${syncs[0]?.pulls},` +
        ` the first at ${at(median(syncs.map((s) => s.firstPullMs)))}, the last answered at ${at(median(syncs.map((s) => s.lastPullMs)))})`,
    );
    console.log(
      `    between pulls ${median(syncs.map((s) => s.pullGapsMs)).toFixed(0)} ms summed;` +
        ` ${median(syncs.map((s) => s.writes))} listing bulk writes (largest ${median(syncs.map((s) => s.largestWrite))}),` +
        ` ${median(syncs.map((s) => s.writeMs)).toFixed(0)} ms summed;` +
        ` the replication's own ${median(syncs.map((s) => s.metaWrites))} (${median(syncs.map((s) => s.metaRows))} rows), ${median(syncs.map((s) => s.metaWriteMs)).toFixed(0)} ms summed;` +
        ` ${median(syncs.map((s) => s.longTasks))} main-thread tasks > 50 ms, ${median(syncs.map((s) => s.longTaskMs)).toFixed(0)} ms summed`,
    );
    const catchUps = syncs.flatMap((s) => (s.catchUp ? [s.catchUp] : []));
    if (catchUps.length > 0) {
      console.log(
        `    the storage worker's catch-up: asked at ${median(catchUps.map((c) => c.startMs)).toFixed(0)} ms,` +
          ` ${median(catchUps.map((c) => c.ms)).toFixed(0)} ms, ${median(catchUps.map((c) => c.pulls))} pulls of ${PULL_LIMIT_MAX},` +
          ` ${median(catchUps.map((c) => c.written))} listings written in the worker (the page's own pulls above)`,
      );
      const timed = catchUps.flatMap((c) => (c.timing ? [c.timing] : []));
      if (timed.length > 0) {
        const of = (key: keyof (typeof timed)[number]) =>
          median(timed.map((t) => t[key])).toFixed(0);
        console.log(
          `      in the worker: waiting for pages ${of('waitMs')} ms, writing ${of('writeMs')} ms`,
        );
      }
    }
  }
  if (pageSyncs.length > 0) {
    const pageSync = median(pageSyncs.map((s) => s.totalMs));
    console.log(
      `  the same, storage on the page    ${ms(pageSync)}   runs: ${pageSyncs.map((s) => s.totalMs.toFixed(0)).join(', ')} ms` +
        `  (×${(pageSync / sync).toFixed(2)} of the worker's; ${median(pageSyncs.map((s) => s.longTasks))} main-thread tasks > 50 ms, ${median(pageSyncs.map((s) => s.longTaskMs)).toFixed(0)} ms summed)`,
    );
  }
  if (agentSyncs.length > 0) {
    const agentSync = median(agentSyncs.map((s) => s.totalMs));
    console.log(
      `  signed in (an agent: pushes)     ${ms(agentSync)}   runs: ${agentSyncs.map((s) => s.totalMs.toFixed(0)).join(', ')} ms` +
        `  (${syncs.length > 0 ? `×${(agentSync / sync).toFixed(2)} of the visitor's, aim ≤ ×${AGENT_AIM_RATIO}: ${agentSync / sync <= AGENT_AIM_RATIO ? 'met' : 'missed'}` : 'no visitor measured'}; worker catch-up: ${agentSyncs.some((s) => s.catchUp) ? 'yes' : 'no'};` +
        ` ${median(agentSyncs.map((s) => s.writes))} listing writes, ${median(agentSyncs.map((s) => s.writeMs)).toFixed(0)} ms summed;` +
        ` the replication's own ${median(agentSyncs.map((s) => s.metaWrites))} (${median(agentSyncs.map((s) => s.metaRows))} rows), ${median(agentSyncs.map((s) => s.metaWriteMs)).toFixed(0)} ms summed;` +
        ` ${median(agentSyncs.map((s) => s.longTasks))} main-thread tasks > 50 ms, ${median(agentSyncs.map((s) => s.longTaskMs)).toFixed(0)} ms summed)`,
    );
    const agentCatchUps = agentSyncs.flatMap((s) => (s.catchUp?.timing ? [s.catchUp] : []));
    if (agentCatchUps.length > 0) {
      const of = (pick: (c: (typeof agentCatchUps)[number]) => number) =>
        median(agentCatchUps.map(pick)).toFixed(0);
      console.log(
        `    its catch-up in the worker: asked at ${of((c) => c.startMs)} ms, ${of((c) => c.ms)} ms;` +
          ` waiting for pages ${of((c) => c.timing!.waitMs)} ms, writing the listings with their pulled marks ${of((c) => c.timing!.writeMs)} ms,` +
          ` making and writing their meta rows ${of((c) => c.timing!.metaMs ?? 0)} ms (beside the next listings' write)`,
      );
    }
  }
  console.log(
    `  (a) store _changes read (Node)  ${ms(storeRead)}   runs: ${storeReads.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
  if (floors.length > 0) {
    console.log(
      `  (b) floor: pulls + 1 IDB write  ${ms(floorMs)}   runs: ${floors.map((f) => f.totalMs.toFixed(0)).join(', ')} ms` +
        `  (fetch ${median(floors.map((f) => f.fetchMs)).toFixed(0)} ms, write ${median(floors.map((f) => f.writeMs)).toFixed(0)} ms)`,
    );
  }
  if (rxdbWrites.length > 0) {
    const rxdbMs = median(rxdbWrites.map((f) => f.totalMs));
    console.log(
      `  (c) pulls + 1 RxDB bulkInsert    ${ms(rxdbMs)}   runs: ${rxdbWrites.map((f) => f.totalMs.toFixed(0)).join(', ')} ms` +
        `  (fetch ${median(rxdbWrites.map((f) => f.fetchMs)).toFixed(0)} ms, write ${median(rxdbWrites.map((f) => f.writeMs)).toFixed(0)} ms)` +
        (floors.length > 0 ? `  ×${(rxdbMs / floorMs).toFixed(2)} of the floor` : ''),
    );
  }
  if (rowCosts.length > 0) {
    const of = (key: 'emptyMs' | 'indexedMs' | 'packedMs') =>
      `${ms(median(rowCosts.map((c) => c[key])))} (${rowCosts.map((c) => c[key].toFixed(0)).join(', ')})`;
    console.log(
      `  (d) IndexedDB's cost a row, 1 write each: ${listings} rows of a key alone ${of('emptyMs')};` +
        ` with RxDB's two indexes ${of('indexedMs')}; the listings 100 to a row ${of('packedMs')}`,
    );
  }
  if (syncs.length > 0 && floors.length > 0) {
    console.log(
      `  sync / store read ×${(sync / storeRead).toFixed(2)}   sync / floor ×${(sync / floorMs).toFixed(2)}` +
        `   budget ≤ ${BUDGET_MS} ms: ${sync <= BUDGET_MS ? 'met' : 'MISSED'}; aim ≤ ×${AIM_RATIO} of the floor: ${sync / floorMs <= AIM_RATIO ? 'met' : 'missed'}`,
    );
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
}
