/**
 * Resident memory (RSS) of the gateway and of the store at rest and after a first sync of 10,000
 * listings, beside the size of the data they hold (issue 20). The gateway runs as production runs
 * it: NODE_ENV=production serving dist/ (first-screen renderer included) over its embedded store
 * (PouchDB Server, a child process it starts), once through tsx from the TypeScript sources and once
 * compiled (dist-server/index.js) under node, both over the same data directory.
 *
 *   npm run build && npm run bench -- gateway-memory [--listings 10000] [--runtime tsx|node|both]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { pullUrl } from '../client/data/sync/pull-url';
import { PULL_LIMIT_MAX, type PullResponse, type SyncCheckpoint } from '../couchdb/model/sync';
import { buildGateway, GATEWAY_OUT_DIR } from '../scripts/build-gateway';
import { insertMissing } from '../sync-server/services/seed-service';
import { openStore } from '../sync-server/store/couch';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '10000' },
    runtime: { type: 'string', default: 'both' },
  },
  strict: false,
});
const listings = Number(values.listings);
const runtimes = values.runtime === 'both' ? ['tsx', 'node'] : [String(values.runtime)];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist');
/** Time for the heap to settle after start-up or a sync before the figure is read. */
const SETTLE_MS = 3_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0).padStart(5)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

async function du(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    total += entry.isDirectory() ? await du(file) : (await stat(file)).size;
  }
  return total;
}

function startGateway(
  runtime: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child =
    runtime === 'tsx'
      ? fork(path.join(ROOT, 'sync-server/index.ts'), [], { execArgv: ['--import', 'tsx'], env })
      : fork(path.join(GATEWAY_OUT_DIR, 'index.js'), [], { execArgv: [], env });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m.type === 'listening') resolve({ child, url: `http://127.0.0.1:${m.port}` });
    });
    child.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
  });
}

/** A visitor's first sync of the listings: every pull page; answers the bytes received. */
async function firstSync(url: string): Promise<{ documents: number; bytes: number; ms: number }> {
  const started = performance.now();
  let checkpoint: SyncCheckpoint | undefined;
  let documents = 0;
  let bytes = 0;
  for (;;) {
    const text = await (
      await fetch(`${url}${pullUrl('properties', checkpoint, PULL_LIMIT_MAX)}`)
    ).text();
    bytes += Buffer.byteLength(text);
    const page = JSON.parse(text) as PullResponse;
    if (page.documents.length === 0) break;
    documents += page.documents.length;
    checkpoint = page.checkpoint ?? checkpoint;
  }
  return { documents, bytes, ms: performance.now() - started };
}

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error('No dist/: run "npm run build" first (the gateway serves it, as in production).');
  process.exit(2);
}
await buildGateway();
const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-memory-'));
try {
  const seeding = await openStore({ dataDir: dir, logger: pino({ level: 'warn' }) });
  await insertMissing(seeding, 'properties', buildBenchProperties(listings, 1));
  await seeding.close();
  const onDisk = await du(path.join(dir, 'couch'));
  console.log(`${listings} listings; the store's files: ${mb(onDisk)}`);
  for (const runtime of runtimes) {
    const { COUCHDB_URL: _external, ...inherited } = process.env as Record<string, string>;
    const { child, url } = await startGateway(runtime, {
      ...inherited,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dir,
      DIST_DIR: DIST,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
    });
    try {
      const gatewayPid = child.pid!;
      const storePid = Number(
        readFileSync(`/proc/${gatewayPid}/task/${gatewayPid}/children`, 'utf8').trim(),
      );
      while ((await fetch(`${url}/api/health/ready`)).status !== 200) await sleep(100);
      await sleep(SETTLE_MS);
      const atRest = rss(gatewayPid);
      const storeAtRest = rss(storePid);
      const sync = await firstSync(url);
      if (sync.documents !== listings) throw new Error(`first sync pulled ${sync.documents}`);
      const afterSync = rss(gatewayPid);
      const storeAfterSync = rss(storePid);
      await sleep(SETTLE_MS);
      console.log(
        `\n${runtime === 'tsx' ? 'tsx sync-server/index.ts' : 'node dist-server/index.js'}`,
      );
      console.log(`  gateway at rest (${listings} listings loaded):  ${mb(atRest)}`);
      console.log(
        `  gateway after a first sync:             ${mb(afterSync)}  (${mb(rss(gatewayPid)).trim()} ${SETTLE_MS / 1000} s later)`,
      );
      console.log(
        `  store at rest / after the sync:         ${mb(storeAtRest)} / ${mb(storeAfterSync).trim()}`,
      );
      console.log(
        `  the sync: ${sync.documents} listings, ${mb(sync.bytes).trim()} of JSON, ${sync.ms.toFixed(0)} ms`,
      );
    } finally {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
