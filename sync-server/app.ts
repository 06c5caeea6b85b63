/**
 * createApp: the gateway as an Express 5 app over an open store (tests build it directly; index.ts
 * adds the listener, the store's lifecycle and, in production, the built PWA).
 */
import type { Server } from 'node:http';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import {
  ARTICLE_PAGE_ROUTE,
  FIRST_SCREEN_PATHS,
  LISTING_PAGE_ROUTE,
} from '@client/ssr/first-screen-paths';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import { firstScreenPages } from './first-screen';
import { GatewayMetrics, metricsEndpoint } from './metrics';
import { authenticate } from './middleware/authenticate';
import { hashedFiles, precompressedFiles, type Caching } from './middleware/app-files';
import { jsonBody } from './middleware/json-body';
import { apiNotFound, errorHandler } from './middleware/errors';
import { adminUserRoutes } from './routes/admin-users';
import { demandMatchRoutes } from './routes/demand-matches';
import { DemandMatchService } from './services/demand-match-service';
import { agentRoutes } from './routes/agent';
import { authRoutes } from './routes/auth';
import { counterRoutes } from './routes/counters';
import { UploadQuota } from './media/upload-quota';
import { photoVariants } from './media/photo-variants';
import { mediaRoutes } from './routes/media';
import { promotionRoutes } from './routes/promotion';
import { trainingRoutes } from './routes/training';
import { reportRoutes } from './routes/reports';
import { pulledCollection, pullShortcut, syncRoutes } from './routes/sync';
import { AccountAdmin } from './services/account-admin';
import { AccountDirectory } from './services/account-directory';
import { AuthService } from './services/auth-service';
import { ChangeFeed } from './services/change-feed';
import { StoreLimitStore } from './services/limits/limit-store';
import { CounterService } from './services/counter-service';
import { EventStreams } from './services/event-streams';
import { StreamGate } from './services/stream-gate';
import { PullQueue } from './middleware/pull-queue';
import { OplogService } from './services/oplog-service';
import { ListingStatsService } from './services/listing-stats-service';
import { PromotionService } from './services/promotion-service';
import { TrainingService } from './services/training-service';
import { ReportService } from './services/report-service';
import { REPORTS_PER_ACCOUNT_PER_DAY } from '@couchdb/model/trust-facts';
import { SyncService } from './services/sync-service';
import type { Store } from './store/couch';

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** Directory of the built PWA to serve (production); omitted in tests and dev. */
  staticDir?: string | undefined;
}

export interface Gateway {
  app: Express;
  auth: AuthService;
  feed: ChangeFeed;
  /** Pull and push (tests compare the encoded pull with the plain one). */
  sync: SyncService;
  metrics: GatewayMetrics;
  streams: EventStreams;
  /**
   * The first step of a shutdown: not ready any more, event streams ended with a reconnect hint,
   * every answer from now on closes its connection. Requests in flight go on to their end.
   */
  drain(): void;
  /** Stops background work (the store change feeds, metrics); the store itself is closed by its owner. */
  close(): void;
  /** The server the app answers on: each connection it lets in shortens the pull queue's next turn. */
  serving(server: Server): void;
}

const isPull = (req: express.Request) => pulledCollection(req) !== undefined;

/** The requests the access log records: the API's, but for pulls and health probes. */
const inAccessLog = (req: express.Request) =>
  req.url.startsWith('/api/') && !req.url.startsWith('/api/health') && !isPull(req);

/** CSP for an installable PWA: own scripts and service worker, blob: previews of photos and video. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion injects <style> at run time
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // https: for one request only, the 360° overlay asking whether a tour's server answers at all
  // (the frame cannot say). It opens no new way out: frame-src https: already reaches any site.
  connectSrc: ["'self'", 'https:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  frameSrc: ['https:'], // 360° panoramas are hosted elsewhere and shown in an iframe
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null, // the embedded default serves plain http on loopback
};

/**
 * The headers `middleware` sets on every answer (helmet's: fixed for a configuration), as it sets
 * them, for an answer that does not pass through it.
 */
function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  middleware({} as express.Request, res as unknown as express.Response, (err?: unknown) => {
    if (err) throw err as Error;
  });
  return headers;
}

/** How often expired limit windows are swept from the store. */
const LIMIT_SWEEP_MS = 10 * 60 * 1000;

export function createApp({ config, store, logger, staticDir }: AppDeps): Gateway {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const limits = new StoreLimitStore(store);
  // Expired windows are removed now and then, so the limits database holds only live keys.
  const sweep = setInterval(() => {
    limits.sweep().catch((err: unknown) => logger.warn({ err }, 'limit sweep failed'));
    reports.purgeClosed().catch((err: unknown) => logger.warn({ err }, 'report purge failed'));
  }, LIMIT_SWEEP_MS);
  sweep.unref();
  const feed = new ChangeFeed(store, logger);
  feed.start();
  const accounts = new AccountDirectory(store, feed);
  const auth = new AuthService(store, config.jwtSecret, config.rateLimits, limits, (session) =>
    accounts.forgetSession(session),
  );
  const streams = new EventStreams();
  const pulls = new PullQueue();
  const metrics = new GatewayMetrics({
    storeUrl: store.url,
    openStreams: () => streams.size,
    pullsWaiting: () => pulls.length,
  });
  const offUnreachable = store.onUnreachable(() => metrics.storeUnreachable());
  let draining = false;

  const sync = new SyncService(store, feed, limits, config.jwtSecret);
  const securityHeaders = helmet({
    contentSecurityPolicy:
      config.env === 'development' ? false : { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });

  app.use(metrics.requests);
  // Pulls a few per turn of the event loop: pushes and page loads are not held up behind hundreds.
  app.use(pulls.middleware(isPull));
  app.use((_req, res, next) => {
    // Draining: callers on a kept-alive connection open a new one, to a gateway that stays.
    if (draining) res.set('Connection', 'close');
    next();
  });
  // An ordinary pull is answered here, with the security headers every answer carries.
  app.use(
    pullShortcut({
      sync,
      secret: config.jwtSecret,
      accounts,
      headers: headersSetBy(securityHeaders),
    }),
  );

  const accessLog = pinoHttp({
    logger,
    // 4xx are the callers' business (a visitor's refresh is an expected 401); only 5xx are errors.
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        ip: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  app.use((req, res, next) => {
    if (inAccessLog(req)) return accessLog(req, res, next);
    // Not in the access log: a device's pulls, counted by the metrics (family pull), since 200
    // devices pull thousands of times a minute and a request logger of its own costs each pull
    // about a fifth of its time; the app's files and first screens (a first visit fetches every
    // file of the app); the health answers a balancer's probe polls. A failing request is still
    // logged (errorHandler), with its method and address.
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (log ??= logger.child({ req: { method: req.method, url: req.originalUrl } })),
    });
    next();
  });
  app.use(securityHeaders);

  const api = express.Router();
  api.use(authenticate(config.jwtSecret, accounts));
  // Sync pushes carry up to 100 documents and parse their own body with a larger limit.
  const reports = new ReportService(store, sync, limits, {
    perAccountPerDay: REPORTS_PER_ACCOUNT_PER_DAY,
    perAddressPerHour: config.rateLimits.reportsPerAddressPerHour,
  });
  const gate = new StreamGate(limits);
  api.use('/sync', syncRoutes({ sync, feed, streams, metrics, gate }));
  api.use(jsonBody('1mb'));
  api.get('/health', async (_req, res) => {
    await store.server.info();
    res.json({ ok: true, store: store.embedded ? 'embedded' : 'couchdb', feeds: feed.status() });
  });
  // Liveness: the process answers. A failing probe means restart it.
  api.get('/health/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  // Readiness: send traffic here (the store answers, every feed is loaded, not shutting down).
  api.get('/health/ready', async (_req, res) => {
    const feeds = feed.status();
    const storeUp = await store.server.info().then(
      () => true,
      () => false,
    );
    const ready = !draining && storeUp && Object.values(feeds).every(Boolean);
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ready, draining, store: storeUp, feeds });
  });
  const accountAdmin = new AccountAdmin(store, auth, accounts, new OplogService(store));
  // The session's refresh cookie is read by the auth routes alone.
  api.use('/auth', cookieParser(), authRoutes(auth, accountAdmin));
  api.use('/admin/users', adminUserRoutes(accountAdmin));
  const counters = new CounterService(store, limits);
  api.use(
    '/properties',
    counterRoutes(counters, { view: 'property_view', contact: 'property_contact' }),
  );
  api.use('/news', counterRoutes(counters, { view: 'news_view', like: 'news_like' }));
  api.use(mediaRoutes(config.dataDir, new UploadQuota(store), logger));
  const promotions = new PromotionService(store);
  api.use('/promotion', promotionRoutes(promotions, limits));
  api.use('/agent', agentRoutes(new ListingStatsService(store)));
  api.use(demandMatchRoutes(new DemandMatchService(store)));
  api.use('/training', trainingRoutes(new TrainingService(store)));
  api.use(reportRoutes(reports));
  api.use(apiNotFound);
  app.use('/api', api);
  app.get('/metrics', metricsEndpoint(metrics, config.metricsToken));

  // A photo's sized WebP copies (/media/w480/<name>) before the stored files themselves.
  app.use(
    '/media',
    photoVariants(config.dataDir),
    express.static(path.join(config.dataDir, 'media'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );

  if (staticDir)
    serveApp(
      app,
      staticDir,
      firstScreenPages(staticDir, sync, store, promotions, logger),
      config.appFilesMemoryBytes,
    );

  app.use(errorHandler);
  return {
    app,
    auth,
    feed,
    sync,
    metrics,
    streams,
    drain: () => {
      draining = true;
      streams.endAll();
    },
    serving: (server) => {
      server.on('connection', () => pulls.connectionAccepted());
    },
    close: () => {
      clearInterval(sweep);
      gate.close();
      feed.stop();
      offUnreachable();
      metrics.stop();
    },
  };
}

/**
 * The built PWA: hashed assets cached forever, the shell and service worker always revalidated,
 * everything compressed (the first visit and each update are the only downloads, often on a slow
 * rural connection). The build compressed the app's files once (scripts/precompress.ts): each is
 * sent as its Brotli or gzip file, whichever the browser accepts, instead of being gzipped again
 * for every visitor; the compression middleware covers the rest (the first screens, small files,
 * a build without those files). The hashed files (/assets/) are kept in memory once read
 * (middleware/app-files.ts). /api and /media answer before this: sync streams must not be
 * buffered, and photos and videos are compressed already.
 */
function serveApp(app: Express, dir: string, firstScreen: RequestHandler, memoryBytes: number) {
  app.use(compression());
  // A first visit's home, listing list, listing or article page: the shell with the first screen in it.
  app.get([...FIRST_SCREEN_PATHS, LISTING_PAGE_ROUTE, ARTICLE_PAGE_ROUTE], firstScreen);
  const caching: Caching = (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    } else {
      res.setHeader('Cache-Control', 'no-cache');
    }
  };
  app.use('/assets', hashedFiles(path.join(dir, 'assets'), caching, memoryBytes));
  app.use(precompressedFiles(dir, caching));
  app.use(express.static(dir, { index: false, setHeaders: caching }));
  // Client routes (/properties/123, /admin/audit...) all load the shell.
  app.get(/^\/(?!api\/|media\/|assets\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dir, 'index.html'));
  });
}
