/**
 * Devices whose checkpoints cross gateways: two gateways over one store behind a round-robin
 * proxy (each request to the next gateway), as behind a load balancer, and one gateway restarted.
 * A checkpoint names the versions it stands after (architecture §5), so a gateway that did not give
 * it still answers from memory where it held the same versions. Baseline in the same run: the same
 * load through the same proxy to one gateway only. Printed: latency, and how many pulls each setup
 * answered from memory and from the store (the gateways' gateway_pulls_total), with the store's
 * read requests (their store request histograms).
 *
 *   npm run bench -- gateway-crossing [--listings 2000] [--devices 100] [--pages 5] [--limit 100]
 *   BENCH_COUCHDB_URL=http://admin:pw@127.0.0.1:5990 npm run bench -- gateway-crossing
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { PullResponse, SyncCheckpoint } from '../couchdb/model/sync';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { insertMissing } from '../sync-server/services/seed-service';
import { pullUrl as devicePullUrl } from '../client/data/sync/pull-url';
import { DeviceConnection } from './device-client';
import {
  openBenchStore,
  percentile,
  startBenchGateway,
  type BenchGateway,
} from './gateway-process';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '2000' },
    devices: { type: 'string', default: '100' },
    pages: { type: 'string', default: '5' },
    limit: { type: 'string', default: '100' },
  },
  strict: false,
});
const listings = Number(values.listings);
const devices = Number(values.devices);
const pages = Number(values.pages);
const limit = Number(values.limit);

/** A proxy sending each request to the next of `targets` in turn, whatever connection it came on. */
async function roundRobin(targets: () => string[]) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const list = targets();
    const target = new URL(req.url ?? '/', list[next++ % list.length]);
    const upstream = http.request(
      target,
      { method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
        agent.destroy();
      }),
  };
}

/** A device's pull through `base`, from `checkpoint`, as the app builds it. */
const pullUrl = (base: string, checkpoint: SyncCheckpoint | null) =>
  `${base}${devicePullUrl('properties', checkpoint ?? undefined, limit)}`;

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-cross-'));
const logger = pino({ level: 'warn' });
const bench = await openBenchStore(dir, logger);
const { store } = bench;
console.log(`store: ${bench.label}`);
await insertMissing(store, 'properties', buildBenchProperties(listings, 1));
const gatewayIn = async (name: string) => {
  await mkdir(path.join(dir, name), { recursive: true });
  return startBenchGateway(store, path.join(dir, name), bench.prefix);
};
const gateways: BenchGateway[] = [await gatewayIn('a'), await gatewayIn('b')];
let pool = gateways.map((g) => g.url);
const proxy = await roundRobin(() => pool);

/** Pulls by source and store reads, summed over the gateways running now. */
async function counts() {
  let memory = 0;
  let storePulls = 0;
  let storeReads = 0;
  for (const g of gateways) {
    const sources = await g.pullSources();
    memory += sources.memory;
    storePulls += sources.store;
    storeReads += (await g.storeHistogram('GET')).get(Infinity) ?? 0;
  }
  return { memory, storePulls, storeReads };
}

/** `devices` devices at once, each pulling `pages` pages from `from` through the proxy. */
async function load(from: SyncCheckpoint | null) {
  const latencies: number[] = [];
  /** Failed pulls by what failed: the status, or the error's message. */
  const errors = new Map<string, number>();
  const before = await counts();
  await Promise.all(
    Array.from({ length: devices }, async () => {
      const device = new DeviceConnection();
      let checkpoint = from;
      for (let p = 0; p < pages; p++) {
        const t = performance.now();
        try {
          const res = await device.json<PullResponse>('GET', pullUrl(proxy.url, checkpoint));
          if (res.status !== 200) throw new Error(`HTTP ${res.status} ${JSON.stringify(res.body)}`);
          latencies.push(performance.now() - t);
          checkpoint = res.body.checkpoint;
        } catch (err) {
          const what = err instanceof Error ? err.message : String(err);
          errors.set(what, (errors.get(what) ?? 0) + 1);
          break;
        }
      }
      device.close();
    }),
  );
  const after = await counts();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    errors,
    memory: after.memory - before.memory,
    storePulls: after.storePulls - before.storePulls,
    storeReads: after.storeReads - before.storeReads,
  };
}

/** The head checkpoint a device up to date holds, as gateway `g` gave it. */
async function headOf(g: BenchGateway): Promise<SyncCheckpoint> {
  const device = new DeviceConnection();
  let checkpoint: SyncCheckpoint | null = null;
  for (;;) {
    const { body }: { body: PullResponse } = await device.json<PullResponse>(
      'GET',
      pullUrl(g.url, checkpoint),
    );
    checkpoint = body.checkpoint;
    if (body.documents.length === 0) break;
  }
  device.close();
  return checkpoint!;
}

const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name.padEnd(34)} p50 ${percentile(r.latencies, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(r.latencies, 99).toFixed(0).padStart(5)} ms  ` +
  `pulls from memory ${r.memory}, from the store ${r.storePulls}; store reads ${r.storeReads}; errors ${[...r.errors.values()].reduce((a, b) => a + b, 0)}` +
  [...r.errors].map(([what, n]) => `\n    ${n}× ${what}`).join('');
const ratio = (a: Awaited<ReturnType<typeof load>>, b: Awaited<ReturnType<typeof load>>) =>
  `crossing / one gateway: p50 ×${(percentile(a.latencies, 50) / percentile(b.latencies, 50)).toFixed(2)}, p99 ×${(percentile(a.latencies, 99) / percentile(b.latencies, 99)).toFixed(2)}`;

try {
  console.log(
    `${devices} devices at once, ${pages} pulls each, pages of ${limit}, ${listings} listings, loopback`,
  );
  const head = await headOf(gateways[0]!);

  console.log('up to date: every device holds the head checkpoint gateway A gave');
  pool = [gateways[0]!.url];
  const upOne = await load(head);
  pool = gateways.map((g) => g.url);
  const upCross = await load(head);
  console.log(row('  one gateway (A)', upOne));
  console.log(row('  round robin (A, B)', upCross));
  console.log(`  ${ratio(upCross, upOne)}`);

  console.log('first sync: every device walks the feed from the start, its pages alternating');
  pool = [gateways[0]!.url];
  const firstOne = await load(null);
  pool = gateways.map((g) => g.url);
  const firstCross = await load(null);
  console.log(row('  one gateway (A)', firstOne));
  console.log(row('  round robin (A, B)', firstCross));
  console.log(`  ${ratio(firstCross, firstOne)}`);

  console.log(
    'after a restart: gateway B restarted, devices hold the head checkpoint A gave before',
  );
  await gateways[1]!.stop();
  gateways[1] = await gatewayIn('b2');
  pool = gateways.map((g) => g.url);
  const restarted = await load(head);
  console.log(row('  round robin (A, restarted B)', restarted));
  console.log(`  ${ratio(restarted, upOne)}`);
} finally {
  await proxy.stop();
  for (const g of gateways) await g.stop();
  await bench.stop();
  await rm(dir, { recursive: true, force: true });
}
