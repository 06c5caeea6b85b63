/**
 * The gateway as the gateway benches run it: in a process of its own over a store the bench opened
 * (so the load generator does not share its event loop), answering once its feeds are in memory.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import type { User } from '../couchdb/model/user';
import { DEFAULT_RATE_LIMITS } from '../sync-server/config';
import { AuthService } from '../sync-server/services/auth-service';
import { StoreLimitStore } from '../sync-server/services/limits/limit-store';
import { openStore, type Store } from '../sync-server/store/couch';

/** The secret the bench gateway signs tokens with (benches sign their callers' tokens too). */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

/**
 * The access token of a new session of `user` (an account the bench stored), opened in `store` as
 * a sign-in opens one: the gateway accepts a token only while its session goes on.
 */
export async function benchAccessToken(store: Store, user: User): Promise<string> {
  const auth = new AuthService(
    store,
    BENCH_JWT_SECRET,
    DEFAULT_RATE_LIMITS,
    new StoreLimitStore(store),
  );
  return (await auth.openSession(user)).accessToken;
}
/** The token the bench gateway's /metrics answers to. */
const BENCH_METRICS_TOKEN = 'bench-metrics-bench-metrics';

export interface BenchGateway {
  url: string;
  /** CPU time the gateway process has used so far (user + system, ms; NaN where /proc is missing). */
  cpuMs(): number;
  /**
   * The gateway's own request histogram for a route family (pull, push): cumulative counts by upper
   * bound in seconds, as /metrics gives them. Its time runs from the request's arrival at the
   * gateway to its answer: no connection set-up, no queue before the gateway reads the request.
   */
  requestHistogram(family: string): Promise<Map<number, number>>;
  /** The gateway's requests to the store by method (POST: writes), to the store's answer headers. */
  storeHistogram(method: string): Promise<Map<number, number>>;
  /** Pulls answered so far from the change log (memory) and from the store (gateway_pulls_total). */
  pullSources(): Promise<{ memory: number; store: number }>;
  stop(): Promise<void>;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, ms) of process `pid` so far, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return NaN;
  }
}

/**
 * The store a gateway bench runs on: the embedded one in `dataDir`, or the CouchDB 3 that
 * BENCH_COUCHDB_URL names (e.g. one started with scripts/couchdb3.sh), in databases of a fresh
 * prefix that `stop` removes.
 */
export async function openBenchStore(
  dataDir: string,
  logger: Logger,
): Promise<{ store: Store; prefix: string; label: string; stop(): Promise<void> }> {
  const couchUrl = process.env.BENCH_COUCHDB_URL;
  const prefix = couchUrl ? `bench${randomBytes(4).toString('hex')}_` : '';
  const store = await openStore({ couchUrl, dataDir, prefix, logger });
  return {
    store,
    prefix,
    label: couchUrl ? 'Apache CouchDB (BENCH_COUCHDB_URL)' : 'the embedded store',
    stop: async () => {
      if (couchUrl) {
        const names = (await store.server.db.list()).filter((n) => n.startsWith(prefix));
        for (const name of names) await store.server.db.destroy(name);
      }
      await store.close();
    },
  };
}

/** Starts the gateway over `store` (data in `dataDir`) and waits until it serves pulls from memory. */
export async function startBenchGateway(
  store: Store,
  dataDir: string,
  prefix = '',
): Promise<BenchGateway> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('../sync-server/index.ts', import.meta.url)),
    [],
    {
      // BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the gateway alone.
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ') ?? [])],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: dataDir,
        COUCHDB_URL: store.url,
        ...(prefix ? { DB_PREFIX: prefix } : {}),
        JWT_SECRET: BENCH_JWT_SECRET,
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
        LOG_LEVEL: 'warn',
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.on(
      'message',
      (m: { type?: string; port?: number }) => m.type === 'listening' && resolve(m.port!),
    );
    child.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    // The gateway serves pulls from memory once it has read every feed; wait for that, as in production.
    for (;;) {
      const health = (await (await fetch(`${url}/api/health`)).json()) as {
        feeds: Record<string, boolean>;
      };
      if (Object.values(health.feeds).every(Boolean)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const scrape = async () =>
    (
      await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
    ).text();
  /** A histogram's bucket counts, summed over its other labels, for one value of `label`. */
  const histogram = async (metric: string, label: string, value: string) => {
    const text = await scrape();
    const counts = new Map<number, number>();
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${metric}_bucket{`)) continue;
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (!le || !line.includes(`${label}="${value}"`)) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      counts.set(bound, (counts.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
    return counts;
  };
  /** The gateway's own time to answer a route family (pull, push…): arrival to answer. */
  const requestHistogram = (family: string) =>
    histogram('gateway_http_request_duration_seconds', 'family', family);
  /** The gateway's requests to the store, by method (POST: writes), to the answer's headers. */
  const storeHistogram = (method: string) =>
    histogram('gateway_store_request_duration_seconds', 'method', method);
  /** Pulls answered from memory and from the store so far. */
  const pullSources = async () => {
    const lines = (await scrape()).split('\n');
    const count = (source: string) => {
      const line = lines.find((l) => l.startsWith(`gateway_pulls_total{source="${source}"}`));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
    };
    return { memory: count('memory'), store: count('store') };
  };
  return {
    url,
    stop,
    cpuMs: () => processCpuMs(child.pid),
    requestHistogram,
    storeHistogram,
    pullSources,
  };
}

/**
 * The upper bound (ms) of the bucket holding the p-th percentile of what two snapshots of a
 * histogram (`before`, `after`) counted in between.
 */
export function histogramPercentile(
  before: Map<number, number>,
  after: Map<number, number>,
  p: number,
): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  for (const le of bounds) {
    if ((after.get(le) ?? 0) - (before.get(le) ?? 0) >= (p / 100) * total) return le * 1000;
  }
  return NaN;
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
