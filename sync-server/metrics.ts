/**
 * The gateway's metrics in the Prometheus text format (prom-client), one registry per gateway: request
 * latency per route family, push rows accepted and refused, open event streams, the store's request
 * latency and errors, rate-limit refusals, and the process's memory and event-loop lag. Served at
 * /metrics to a caller holding METRICS_TOKEN (app.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PullSources } from './services/sync/pull';
import type { PushResponse, SyncCollection } from '@couchdb/model/sync';
import { HttpError } from './http-error';

/** Route families a request's latency is counted under. */
export type RouteFamily = 'pull' | 'push' | 'media' | 'auth' | 'api' | 'app';

/** The family of a request path (event streams, counted as open streams, and scrapes: undefined). */
export function routeFamily(path: string): RouteFamily | undefined {
  if (path === '/api/sync/stream' || path === '/metrics') return undefined;
  if (/^\/api\/sync\/[^/]+\/pull$/.test(path)) return 'pull';
  if (/^\/api\/sync\/[^/]+\/push$/.test(path)) return 'push';
  if (
    path.startsWith('/api/media') ||
    path.startsWith('/api/uploads') ||
    path.startsWith('/media/')
  )
    return 'media';
  if (path.startsWith('/api/auth/')) return 'auth';
  if (path.startsWith('/api/')) return 'api';
  return 'app';
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** undici's diagnostics messages (Node's fetch, which nano and the change feed use). */
interface UndiciRequest {
  origin?: string;
  method?: string;
  path?: string;
}

export interface GatewayMetricsOptions {
  /** The store's base URL: its requests are timed (credentials and path are ignored). */
  storeUrl: string;
  /** Open event streams, read at each scrape. */
  openStreams: () => number;
  /** Devices' pulls waiting their turn (middleware/pull-queue.ts), read at each scrape. */
  pullsWaiting: () => number;
  /** Pulls answered so far from the change log (memory) and from the store, read at each scrape. */
  pullSources: () => PullSources;
}

export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time to answer a request, by route family (pull, push, media, auth, api, app)',
    labelNames: ['family', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly pushAccepted = new Counter({
    name: 'gateway_push_rows_accepted_total',
    help: 'Pushed rows written, by collection',
    labelNames: ['collection'] as const,
    registers: [this.registry],
  });
  private readonly pushRefused = new Counter({
    name: 'gateway_push_rows_refused_total',
    help: 'Pushed rows not written, by collection and code (conflict: the device was behind)',
    labelNames: ['collection', 'code'] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'gateway_rate_limit_refusals_total',
    help: 'Requests refused with 429, by route family',
    labelNames: ['family'] as const,
    registers: [this.registry],
  });
  private readonly storeSeconds = new Histogram({
    name: 'gateway_store_request_duration_seconds',
    help: 'Time to the store answer headers, by method (long-polls of the change feed excluded)',
    labelNames: ['method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly storeErrors = new Counter({
    name: 'gateway_store_request_errors_total',
    help: 'Store requests that failed: network (unreachable, reset) or status (5xx answer)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'gateway_upload_bytes_total',
    help: 'Bytes received by resumable uploads, by request kind (first: from offset 0; resumed)',
    labelNames: ['request'] as const,
    registers: [this.registry],
  });
  private readonly storeOrigin: string;
  private readonly started = new WeakMap<object, number>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(options: GatewayMetricsOptions) {
    this.storeOrigin = new URL(options.storeUrl).origin;
    new Gauge({
      name: 'gateway_event_streams_open',
      help: 'Device event streams (/api/sync/stream) open now',
      registers: [this.registry],
      collect() {
        this.set(options.openStreams());
      },
    });
    new Gauge({
      name: 'gateway_pulls_waiting',
      help: 'Device pulls queued for a turn of the event loop now (a few are served per turn)',
      registers: [this.registry],
      collect() {
        this.set(options.pullsWaiting());
      },
    });
    new Counter({
      name: 'gateway_pulls_total',
      help: 'Pulls answered, by source: memory (the change log) or store (its _changes feed)',
      labelNames: ['source'],
      registers: [this.registry],
      collect() {
        const sources = options.pullSources();
        this.reset();
        this.inc({ source: 'memory' }, sources.memory);
        this.inc({ source: 'store' }, sources.store);
      },
    });
    for (const kind of ['network', 'status']) this.storeErrors.inc({ kind }, 0);
    for (const request of ['first', 'resumed']) this.uploadBytes.inc({ request }, 0);
    collectDefaultMetrics({ register: this.registry });
    this.watchStoreRequests();
  }

  /** Times every request by route family and counts 429s (rateLimitedFor's answers). */
  readonly requests: RequestHandler = (req, res, next) => {
    const family = routeFamily(req.path);
    if (!family) return next();
    const end = this.requestSeconds.startTimer({ family, method: req.method });
    res.once('finish', () => {
      end({ status: String(res.statusCode) });
      if (res.statusCode === 429) this.rateLimited.inc({ family });
    });
    next();
  };

  /** Counts the bytes a resumable upload's request brought. */
  uploadReceived(bytes: number, resumed: boolean): void {
    this.uploadBytes.inc({ request: resumed ? 'resumed' : 'first' }, bytes);
  }

  /** Counts a push's rows: accepted, refused by their code, and conflicts. */
  countPush(collection: SyncCollection, response: PushResponse): void {
    if (response.accepted.length) this.pushAccepted.inc({ collection }, response.accepted.length);
    for (const { code } of response.rejections) this.pushRefused.inc({ collection, code });
    if (response.resent.length) {
      this.pushRefused.inc({ collection, code: 'resent' }, response.resent.length);
    }
    const conflicts =
      response.conflicts.length - response.rejections.length - response.resent.length;
    if (conflicts > 0) this.pushRefused.inc({ collection, code: 'conflict' }, conflicts);
  }

  /** A store request that got no answer (Store.onUnreachable: undici has no message for a refused connection). */
  storeUnreachable(): void {
    this.storeErrors.inc({ kind: 'network' });
  }

  /** The text a scrape gets. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** Times the store's requests from undici's diagnostics channels (no wrapper around nano). */
  private watchStoreRequests(): void {
    const isStore = (r: UndiciRequest) =>
      r.origin !== undefined && new URL(r.origin).origin === this.storeOrigin;
    const on = (name: string, listener: (message: unknown) => void) => {
      diagnostics.subscribe(name, listener);
      this.unsubscribe.push(() => diagnostics.unsubscribe(name, listener));
    };
    on('undici:request:create', (m) => {
      const { request } = m as { request: UndiciRequest };
      // A long-poll waits for the next change by design: its wait is no latency.
      if (isStore(request) && !request.path?.includes('feed=longpoll'))
        this.started.set(request, performance.now());
    });
    on('undici:request:headers', (m) => {
      const { request, response } = m as {
        request: UndiciRequest;
        response: { statusCode: number };
      };
      const at = this.started.get(request);
      if (at === undefined) return;
      this.started.delete(request);
      this.storeSeconds.observe({ method: request.method ?? '' }, (performance.now() - at) / 1000);
      if (response.statusCode >= 500) this.storeErrors.inc({ kind: 'status' });
    });
    // Failures without an answer are counted by storeUnreachable (the store reports them).
    on('undici:request:error', (m) =>
      this.started.delete((m as { request: UndiciRequest }).request),
    );
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics for Prometheus: refused (403) while METRICS_TOKEN is unset, and (401) to a caller
 * without `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function metricsEndpoint(
  metrics: GatewayMetrics,
  token: string | undefined,
): RequestHandler {
  const expected = token ? digest(token) : undefined;
  const allowed = (req: Request) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    return (
      expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected)
    );
  };
  return async (req, res) => {
    if (!expected) throw new HttpError(403, 'forbidden');
    if (!allowed(req)) throw new HttpError(401, 'unauthorized');
    const { contentType, body } = await metrics.render();
    res.set('Cache-Control', 'no-store').type(contentType).send(body);
  };
}
