/**
 * 200 devices pulling while 20 agents write, for 30 s, on loopback (architecture §11: pull p99 ≤ 200 ms,
 * push p99 ≤ 500 ms, no errors). Every device pulls the listings from its checkpoint again as soon
 * as it has an answer; every agent changes the price of its own listing as soon as the last change
 * is answered, then pulls from its checkpoint until it reads its own change (read-your-writes: a
 * change not read back counts as an error). The same load straight against the store (_changes
 * reads, document writes) runs first in the same run: the store's own throughput beside the gateway's.
 *
 *   npm run bench -- gateway-pull-write [--listings 5000] [--devices 200] [--writers 20]
 *                                       [--seconds 30] [--limit 100] [--no-store] [--pace 0]
 *
 * --pace MS: an agent starts a write at most every MS ms (0: as soon as the last one is done). The
 * default keeps every agent writing flat out, so a faster gateway also takes more writes; a pace
 * compares gateways at the same write load.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { newId } from '../couchdb/model/common-facts';
import type { PullResponse, PushResponse, SyncDocument } from '../couchdb/model/sync';
import type { User } from '../couchdb/model/user';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { insertMissing } from '../sync-server/services/seed-service';
import { toStoreDoc } from '../sync-server/store/documents';
import { DeviceConnection } from './device-client';
import {
  benchAccessToken,
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
    writers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    limit: { type: 'string', default: '100' },
    /** Leave out the store's own run (A/B runs of the gateway alone). */
    'no-store': { type: 'boolean', default: false },
    pace: { type: 'string', default: '0' },
  },
  strict: false,
});
const listings = Number(values.listings);
const devices = Number(values.devices);
const writers = Number(values.writers);
const seconds = Number(values.seconds);
const limit = Number(values.limit);
const pace = Number(values.pace);

/** What one run of the load measured. */
interface Figures {
  pulls: number[];
  /** The writers' own pulls after their writes (gateway only). */
  ownPulls: number[];
  pushes: number[];
  pullErrors: number;
  pushErrors: number;
  /** Own changes a writer did not read back (gateway only). */
  staleOwnReads: number;
  wallMs: number;
  /** CPU used meanwhile by the gateway process and by this load generator (ms; gateway only). */
  gatewayCpuMs?: number;
  storeCpuMs?: number;
  loadCpuMs?: number;
  /** The gateway's own p50 and p99 (ms, a bucket's upper bound): pushes, pulls, its writes to the store. */
  own?: { push: number[]; pull: number[]; storeWrite: number[] };
}

/**
 * A device or writer loop: `step` again and again until the run's time is up, each started at
 * least `everyMs` after the one before.
 */
async function loop(until: number, step: () => Promise<void>, everyMs = 0): Promise<void> {
  while (performance.now() < until) {
    const next = performance.now() + everyMs;
    await step();
    const wait = Math.min(next, until) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const result = await run();
  into.push(performance.now() - t);
  return result;
}

const dir = await mkdtemp(path.join(tmpdir(), 'cj-bench-pull-write-'));
const logger = pino({ level: 'warn' });
const bench = await openBenchStore(dir, logger);
const { store } = bench;
console.log(`store: ${bench.label}`);
const gatewayRun = { stop: async () => undefined } as { stop(): Promise<void> };
try {
  await insertMissing(store, 'properties', buildBenchProperties(listings, 1));
  const now = new Date().toISOString();
  const agents: User[] = Array.from({ length: writers }, (_, i) => ({
    id: newId(),
    phone: `139${String(i).padStart(8, '0')}`,
    name: `经纪人${i + 1}`,
    user_type: 'agent',
    is_verified: true,
    avatar_url: '',
    created_at: now,
    updated_at: now,
  }));
  await insertMissing(store, 'users', agents);
  const db = store.db('properties');
  const dbUrl = `${store.url}/${encodeURIComponent(store.dbName('properties'))}`;
  const latestSeq = async () =>
    String(((await db.info()) as { update_seq: string | number }).update_seq);

  /** One listing per agent as the publish form writes it (pending review, no server fields). */
  const newListing = (agent: User, i: number): SyncDocument => {
    const { owner: _o, view_count: _v, ...listing } = buildBenchProperties(1, 100 + i)[0]!;
    return {
      ...listing,
      id: newId(),
      user_id: agent.id,
      audit_status: 'pending',
      audit_comment: '',
      is_featured: false,
      is_priority: false,
      audited_by: null,
      audited_at: null,
      created_at: now,
      updated_at: now,
    } as unknown as SyncDocument;
  };

  // The store alone: devices read _changes from their position, agents write their listing.
  const direct: Figures = {
    pulls: [],
    ownPulls: [],
    pushes: [],
    pullErrors: 0,
    pushErrors: 0,
    staleOwnReads: 0,
    wallMs: 0,
  };
  if (!values['no-store']) {
    const docs = agents.map((agent, i) => toStoreDoc(newListing(agent, i)));
    const from = await latestSeq();
    // Every device is connected and has pulled once before the clock starts.
    const changesUrl = (since: string) =>
      `${dbUrl}/_changes?since=${since}&limit=${limit}&include_docs=true`;
    const connections = Array.from({ length: devices + writers }, () => new DeviceConnection());
    const warmed = await Promise.all(
      connections.slice(0, devices).map(async (device) => {
        const res = await device.json<{ last_seq: string | number }>('GET', changesUrl(from));
        return String(res.body.last_seq);
      }),
    );
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all([
      ...warmed.map(async (position, d) => {
        let since = position;
        await loop(until, async () => {
          try {
            const body = await timed(direct.pulls, async () => {
              const res = await connections[d]!.json<{ last_seq: string | number }>(
                'GET',
                changesUrl(since),
              );
              if (res.status !== 200) throw new Error(String(res.status));
              return res.body;
            });
            since = String(body.last_seq);
          } catch {
            direct.pullErrors++;
          }
        });
      }),
      ...docs.map(async (doc, w) => {
        let rev: string | undefined;
        await loop(
          until,
          async () => {
            try {
              rev = await timed(direct.pushes, async () => {
                const res = await connections[devices + w]!.json<{ rev: string }>(
                  'PUT',
                  `${dbUrl}/${encodeURIComponent(String(doc._id))}`,
                  { body: { ...doc, ...(rev ? { _rev: rev } : {}), price: Date.now() } },
                );
                if (res.status !== 201) throw new Error(String(res.status));
                return res.body.rev;
              });
            } catch {
              direct.pushErrors++;
            }
          },
          pace,
        );
      }),
    ]);
    direct.wallMs = performance.now() - started;
    for (const connection of connections) connection.close();
  }

  // The gateway: devices pull as visitors; agents push through the sync API and read back.
  const gateway = await startBenchGateway(store, dir, bench.prefix);
  gatewayRun.stop = gateway.stop;
  const pullUrl = (since: string) =>
    `${gateway.url}/api/sync/properties/pull?limit=${limit}&checkpoint=${encodeURIComponent(since)}`;
  const viaGateway: Figures = {
    pulls: [],
    ownPulls: [],
    pushes: [],
    pullErrors: 0,
    pushErrors: 0,
    staleOwnReads: 0,
    wallMs: 0,
  };
  {
    const accounts = await Promise.all(
      agents.map(async (agent, i) => ({
        agent,
        auth: { Authorization: `Bearer ${await benchAccessToken(store, agent)}` },
        listing: newListing(agent, i),
      })),
    );
    const connections = Array.from({ length: devices + writers }, () => new DeviceConnection());
    /** One pull page; throws unless the gateway answers 200. */
    const pull = async (
      device: DeviceConnection,
      since: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await device.json<PullResponse>('GET', pullUrl(since), { headers });
      if (res.status !== 200) throw new Error(`pull ${res.status}`);
      return res.body;
    };
    const pushRow = async (
      device: DeviceConnection,
      headers: Record<string, string>,
      newDocumentState: SyncDocument,
      assumedMasterState: SyncDocument | null,
    ) => {
      const res = await device.json<PushResponse>(
        'POST',
        `${gateway.url}/api/sync/properties/push`,
        { headers, body: [{ newDocumentState, assumedMasterState }] },
      );
      const body = res.body;
      if (res.status !== 200 || body.rejections.length || body.conflicts.length)
        throw new Error(`push ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      return body.accepted[0]!;
    };
    const writerConnection = (i: number) => connections[devices + i]!;
    // Each agent's listing exists before the clock starts (its creation is not a measured change).
    const masters = await Promise.all(
      accounts.map((a, i) => pushRow(writerConnection(i), a.auth, a.listing, null)),
    );
    const from = await latestSeq();
    // Every device is connected and has pulled once before the clock starts.
    const warmed = await Promise.all(
      connections
        .slice(0, devices)
        .map(async (device) => (await pull(device, from)).checkpoint?.seq ?? from),
    );
    const gatewayCpu = gateway.cpuMs();
    const storeCpu = processCpuMs(store.embeddedProcess?.pid());
    const ownCpu = process.cpuUsage();
    const histograms = () =>
      Promise.all([
        gateway.requestHistogram('push'),
        gateway.requestHistogram('pull'),
        gateway.storeHistogram('POST'),
      ]);
    const before = await histograms();
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all([
      ...warmed.map(async (position, d) => {
        let since = position;
        await loop(until, async () => {
          try {
            const page = await timed(viaGateway.pulls, () => pull(connections[d]!, since));
            since = page.checkpoint?.seq ?? since;
          } catch {
            viaGateway.pullErrors++;
          }
        });
      }),
      ...accounts.map(async ({ auth }, i) => {
        let master = masters[i]!;
        let since = from;
        await loop(
          until,
          async () => {
            try {
              master = await timed(viaGateway.pushes, () =>
                pushRow(
                  writerConnection(i),
                  auth,
                  { ...master, price: 100_000 + Math.floor(Math.random() * 1e6) },
                  master,
                ),
              );
            } catch {
              viaGateway.pushErrors++;
              return;
            }
            // Read-your-writes: the agent's next pulls bring its change (its device pulls after a push).
            try {
              for (;;) {
                const page = await timed(viaGateway.ownPulls, () =>
                  pull(writerConnection(i), since, auth),
                );
                since = page.checkpoint?.seq ?? since;
                if (
                  page.documents.some(
                    (d) => d.id === master.id && d.server_rev === master.server_rev,
                  )
                )
                  break;
                if (page.documents.length < limit) {
                  viaGateway.staleOwnReads++;
                  break;
                }
              }
            } catch {
              viaGateway.pullErrors++;
            }
          },
          pace,
        );
      }),
    ]);
    viaGateway.wallMs = performance.now() - started;
    for (const connection of connections) connection.close();
    const own = process.cpuUsage(ownCpu);
    viaGateway.gatewayCpuMs = gateway.cpuMs() - gatewayCpu;
    viaGateway.storeCpuMs = processCpuMs(store.embeddedProcess?.pid()) - storeCpu;
    viaGateway.loadCpuMs = (own.user + own.system) / 1000;
    const after = await histograms();
    const ownTimes = (i: number) =>
      [50, 99].map((p) => histogramPercentile(before[i]!, after[i]!, p));
    viaGateway.own = { push: ownTimes(0), pull: ownTimes(1), storeWrite: ownTimes(2) };
  }

  const ms = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
  const perSecond = (n: number, wallMs: number) =>
    `${((n / wallMs) * 1000).toFixed(0).padStart(5)}/s`;
  const report = (name: string, f: Figures, pushName: string) => {
    f.pulls.sort((a, b) => a - b);
    f.pushes.sort((a, b) => a - b);
    f.ownPulls.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(24)} pulls ${perSecond(f.pulls.length, f.wallMs)}  p50 ${ms(percentile(f.pulls, 50))}  p99 ${ms(percentile(f.pulls, 99))}  errors ${f.pullErrors}`,
    );
    console.log(
      `  ${''.padEnd(24)} ${pushName} ${perSecond(f.pushes.length, f.wallMs)}  p50 ${ms(percentile(f.pushes, 50))}  p99 ${ms(percentile(f.pushes, 99))}  errors ${f.pushErrors}` +
        (name.startsWith('gateway') ? `  own change not read back ${f.staleOwnReads}` : ''),
    );
    if (f.gatewayCpuMs !== undefined && f.loadCpuMs !== undefined) {
      const requests = f.pulls.length + f.pushes.length + f.ownPulls.length;
      console.log(
        `  ${''.padEnd(24)} CPU: gateway ${((f.gatewayCpuMs / f.wallMs) * 100).toFixed(0)}% of a core ` +
          `(${(f.gatewayCpuMs / requests).toFixed(2)} ms a request), store ${(((f.storeCpuMs ?? NaN) / f.wallMs) * 100).toFixed(0)}%, load generator ${((f.loadCpuMs / f.wallMs) * 100).toFixed(0)}%`,
      );
    }
    if (f.own)
      console.log(
        `  ${''.padEnd(24)} the gateway's own time (arrival to answer): pushes p50 ≤ ${f.own.push[0]} ms, p99 ≤ ${f.own.push[1]} ms;` +
          ` pulls p99 ≤ ${f.own.pull[1]} ms; its writes to the store p50 ≤ ${f.own.storeWrite[0]} ms, p99 ≤ ${f.own.storeWrite[1]} ms`,
      );
    if (f.ownPulls.length > 0)
      console.log(
        `  ${''.padEnd(24)} writers' pulls ${perSecond(f.ownPulls.length, f.wallMs)}  p50 ${ms(percentile(f.ownPulls, 50))}  p99 ${ms(percentile(f.ownPulls, 99))}`,
      );
  };
  console.log(
    `${devices} devices pulling (pages of ${limit}) + ${writers} agents writing${pace ? ` (each at most every ${pace} ms)` : ''}, ${seconds} s each, ${listings} listings in the store, loopback`,
  );
  if (!values['no-store']) report('store direct', direct, 'writes');
  report('gateway', viaGateway, 'pushes');
  console.log('  (budget: pull p99 ≤ 200 ms, push p99 ≤ 500 ms, no errors)');
  if (viaGateway.staleOwnReads > 0) process.exitCode = 1;
} finally {
  await gatewayRun.stop();
  await bench.stop();
  await rm(dir, { recursive: true, force: true });
}
