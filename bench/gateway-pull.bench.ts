/**
 * 200 devices pulling through the gateway at once, on loopback (architecture §11: p99 ≤ 200 ms, no
 * errors). Each device walks the properties feed from the start in pages, as a first sync does.
 * Baselines in the same run: the same load straight against the store's _changes feed, and the floor,
 * a bare Node server replaying one of the gateway's answers (what the machine, the loopback and the
 * load generator cost before the gateway does any work), and that server again spending the gateway's
 * CPU a request on each answer (a process as busy as the gateway). The gateway's own time (from a request's
 * arrival to its answer, by its request histogram) is printed beside what the devices saw, and the
 * devices' first requests (each on a connection opened in the burst) apart from their later ones.
 * Each device keeps one connection (bench/device-client.ts).
 *
 *   npm run bench -- gateway-pull [--listings 5000] [--devices 200] [--pages 5] [--limit 100]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { pullUrl } from '../client/data/sync/pull-url';
import type { PullResponse } from '../couchdb/model/sync';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { insertMissing } from '../sync-server/services/seed-service';
import { recordAnswer, startBareServer, type BareServer } from './bare-server';
import { DeviceConnection } from './device-client';
import {
  histogramPercentile,
  percentile,
  processCpuMs,
  openBenchStore,
  startBenchGateway,
} from './gateway-process';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listings: { type: 'string', default: '5000' },
    devices: { type: 'string', default: '200' },
    pages: { type: 'string', default: '5' },
    limit: { type: 'string', default: '100' },
  },
  strict: false,
});
const listings = Number(values.listings);
const devices = Number(values.devices);
const pages = Number(values.pages);
const limit = Number(values.limit);

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-pull-'));
const logger = pino({ level: 'warn' });
const bench = await openBenchStore(dir, logger);
const { store } = bench;
console.log(`store: ${bench.label}`);
await insertMissing(store, 'properties', buildBenchProperties(listings, 1));
const gateway = await startBenchGateway(store, dir, bench.prefix);
const gatewayUrl = gateway.url;
const bareServers: BareServer[] = [];

/** Warm-up requests per path, and how many at once. */
const WARM_REQUESTS = 200;
const WARM_CONCURRENCY = 10;

/** One GET on a connection of its own (closed after), its body read and dropped. */
function getOnce(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve());
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Runs `devices` concurrent walkers of `pages` pages each; returns latencies and errors. */
async function load(
  pageUrl: (since: string) => string,
  nextSince: (body: unknown) => string,
  from = '0',
) {
  const latencies: number[] = [];
  /** A device's first request (its connection opened in the burst) and its later ones. */
  const firsts: number[] = [];
  const laters: number[] = [];
  let errors = 0;
  const gatewayCpu = gateway.cpuMs();
  const storeCpu = processCpuMs(store.embeddedProcess?.pid());
  const ownCpu = process.cpuUsage();
  const histogramBefore = await gateway.requestHistogram('pull');
  const started = performance.now();
  await Promise.all(
    Array.from({ length: devices }, async () => {
      // A connection of its own, kept open between its pulls as a browser keeps it.
      const device = new DeviceConnection();
      let since = from;
      for (let p = 0; p < pages; p++) {
        const t = performance.now();
        try {
          const res = await device.json<unknown>('GET', pageUrl(since));
          if (res.status !== 200) throw new Error(String(res.status));
          const ms = performance.now() - t;
          latencies.push(ms);
          (p === 0 ? firsts : laters).push(ms);
          since = nextSince(res.body);
        } catch {
          errors++;
          break;
        }
      }
      device.close();
    }),
  );
  const wall = performance.now() - started;
  const own = process.cpuUsage(ownCpu);
  const histogramAfter = await gateway.requestHistogram('pull');
  for (const list of [latencies, firsts, laters]) list.sort((a, b) => a - b);
  return {
    firsts,
    laters,
    /** The gateway's own p99 (ms, a bucket's upper bound); NaN when the load went elsewhere. */
    ownP99: histogramPercentile(histogramBefore, histogramAfter, 99),
    latencies,
    errors,
    wall,
    // Work done, less noisy than latency on a shared machine: the gateway's and the load generator's.
    gatewayCpuMs: gateway.cpuMs() - gatewayCpu,
    storeCpuMs: processCpuMs(store.embeddedProcess?.pid()) - storeCpu,
    loadCpuMs: (own.user + own.system) / 1000,
  };
}

/**
 * The same load against a bare server replaying the gateway's answer to `url` (gzipped as a device
 * taking gzip gets it), its connections opened in a burst as the measured devices open theirs.
 */
async function loadFloor(url: string, from = '0', busyMs = 0) {
  const bare = await startBareServer(
    await recordAnswer(url, { 'accept-encoding': 'gzip, deflate' }),
    busyMs,
  );
  bareServers.push(bare);
  for (let i = 0; i < WARM_REQUESTS; i++) await getOnce(bare.url);
  return load(
    () => `${bare.url}/`,
    () => from,
    from,
  );
}

try {
  const db = encodeURIComponent(store.dbName('properties'));

  const directUrl = (since: string) =>
    `${store.url}/${db}/_changes?since=${since}&limit=${limit}&include_docs=true`;
  const directNext = (body: unknown) => String((body as { last_seq: string | number }).last_seq);
  // A device's place in the gateway's pulls is its whole checkpoint: here as the next pull's path.
  const gatewayUrlFor = (since: string) =>
    `${gatewayUrl}${since === '0' ? pullUrl('properties', undefined, limit) : since}`;
  const gatewayNext = (body: unknown) =>
    pullUrl('properties', (body as PullResponse).checkpoint ?? undefined, limit);
  const latest = String(
    ((await store.db('properties').info()) as { update_seq: string | number }).update_seq,
  );
  // A device that is up to date holds the gateway's own checkpoint (the store's update_seq is not
  // one of the gateway's sequences on a sharded CouchDB): walk to the end once to get it.
  let head = '0';
  for (;;) {
    const body = (await (await fetch(gatewayUrlFor(head))).json()) as PullResponse;
    head = gatewayNext(body);
    if (body.documents.length === 0) break;
  }

  // Warm both paths as a gateway that has been serving for a while is (its code compiled by the JIT),
  // on connections of their own that close: the measured devices still open theirs in a burst. The
  // first pages are warmed in another size, so the measured run still encodes its own pages once.
  for (const url of [
    directUrl(latest),
    directUrl('0'),
    gatewayUrlFor(head),
    `${gatewayUrl}/api/sync/properties/pull?limit=${limit - 1}`,
  ]) {
    await Promise.all(
      Array.from({ length: WARM_CONCURRENCY }, async () => {
        for (let i = 0; i < WARM_REQUESTS / WARM_CONCURRENCY; i++) await getOnce(url);
      }),
    );
  }

  const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
    `${name.padEnd(30)} p50 ${percentile(r.latencies, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(r.latencies, 99).toFixed(0).padStart(5)} ms  ` +
    `${r.latencies.length} requests in ${(r.wall / 1000).toFixed(1)} s  errors ${r.errors}\n` +
    `${''.padEnd(30)} p99 of a device's first request (a new connection) ${percentile(r.firsts, 99).toFixed(0)} ms, of its later ones ${percentile(r.laters, 99).toFixed(0)} ms\n` +
    (name.includes('gateway')
      ? `${''.padEnd(30)} the gateway's own time (arrival to answer): p99 ≤ ${r.ownP99} ms\n`
      : '') +
    `${''.padEnd(30)} CPU a request: ${name.includes('gateway') ? `gateway ${(r.gatewayCpuMs / r.latencies.length).toFixed(2)} ms, ` : ''}` +
    `store ${(r.storeCpuMs / r.latencies.length).toFixed(2)} ms, load generator ${(r.loadCpuMs / r.latencies.length).toFixed(2)} ms`;
  const ratio = (
    a: Awaited<ReturnType<typeof load>>,
    b: Awaited<ReturnType<typeof load>>,
    of = 'store',
  ) =>
    `gateway / ${of}: p50 ×${(percentile(a.latencies, 50) / percentile(b.latencies, 50)).toFixed(2)}, p99 ×${(percentile(a.latencies, 99) / percentile(b.latencies, 99)).toFixed(2)}`;

  console.log(
    `${devices} concurrent devices, ${pages} pulls each, pages of ${limit}, ${listings} listings in the store, loopback`,
  );
  console.log('up to date (a change poke: every device pulls from the latest checkpoint)');
  const idleDirect = await load(directUrl, directNext, latest);
  const idleGateway = await load(gatewayUrlFor, gatewayNext, head);
  const idleFloor = await loadFloor(gatewayUrlFor(head), head);
  const busyMs = idleGateway.gatewayCpuMs / idleGateway.latencies.length;
  const idleBusy = await loadFloor(gatewayUrlFor(head), head, busyMs);
  console.log(row('  store _changes direct', idleDirect));
  console.log(row('  bare server (floor)', idleFloor));
  console.log(row(`  bare, busy ${busyMs.toFixed(2)} ms a request`, idleBusy));
  console.log(row('  gateway pull', idleGateway));
  console.log(`  ${ratio(idleGateway, idleDirect)}  (budget: p99 ≤ 200 ms, no errors)`);
  console.log(`  ${ratio(idleGateway, idleFloor, 'floor')}`);

  console.log('first sync (every device walks the feed from the start at the same moment)');
  const firstDirect = await load(directUrl, directNext);
  const firstGateway = await load(gatewayUrlFor, gatewayNext);
  const firstFloor = await loadFloor(gatewayUrlFor('0'));
  console.log(row('  store _changes direct', firstDirect));
  console.log(row('  bare server (floor)', firstFloor));
  console.log(row('  gateway pull', firstGateway));
  console.log(`  ${ratio(firstGateway, firstDirect)}`);
  console.log(`  ${ratio(firstGateway, firstFloor, 'floor')}`);
} finally {
  for (const bare of bareServers) await bare.stop();
  await gateway.stop();
  await bench.stop();
  await rm(dir, { recursive: true, force: true });
}
