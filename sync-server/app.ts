/**
 * createApp: the gateway as an Express 5 app over an open store (tests build it directly; index.ts
 * adds the listener, the store's lifecycle and, in production, the built PWA). This file only
 * assembles: the services (gateway-services.ts), the middleware every request passes, and each
 * router at its path.
 */
import type { Server } from 'node:http';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import { firstScreenPages } from './first-screen';
import { startServices } from './gateway-services';
import { GatewayMetrics, metricsEndpoint } from './metrics';
import { accessLog } from './middleware/access-log';
import { authenticate } from './middleware/authenticate';
import { closeWhenDraining } from './middleware/draining';
import { apiNotFound, errorHandler } from './middleware/errors';
import { jsonBody } from './middleware/json-body';
import { PullQueue } from './middleware/pull-queue';
import { headersSetBy, securityHeaders } from './middleware/security-headers';
import { adminUserRoutes } from './routes/admin-users';
import { agentRoutes } from './routes/agent';
import { authRoutes } from './routes/auth';
import { builtAppRoutes } from './routes/built-app';
import { counterRoutes } from './routes/counters';
import { demandMatchRoutes } from './routes/demand-matches';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { searchEngineRoutes, siteOrigin } from './routes/search-engines';
import { resumableUploadRoutes, type ResumableUploads } from './routes/uploads';
import { mediaFileRoutes } from './routes/media-files';
import { mapConfigRoutes, mapFileRoutes } from './routes/maps';
import { promotionRoutes } from './routes/promotion';
import { adminReportRoutes, reportRoutes } from './routes/reports';
import { pulledCollection, pullShortcut, syncRoutes } from './routes/sync';
import { trainingRoutes } from './routes/training';
import type { AuthService } from './services/auth-service';
import type { ChangeFeed } from './services/change-feed';
import { EventStreams } from './services/event-streams';
import { SitemapService } from './services/sitemap-service';
import { VisitorListings } from './services/visitor-documents';
import type { SyncService } from './services/sync/sync-service';
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
  /** Resumable uploads (tests clean up expired ones at once). */
  uploads: ResumableUploads;
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

export function createApp({ config, store, logger, staticDir }: AppDeps): Gateway {
  const services = startServices(config, store, logger);
  const { feed, accounts, auth, sync, reports, counters, promotions } = services;
  const streams = new EventStreams();
  const pulls = new PullQueue();
  const metrics = new GatewayMetrics({
    storeUrl: store.url,
    openStreams: () => streams.size,
    pullsWaiting: () => pulls.length,
    pullSources: () => sync.pullSources,
  });
  const uploads = resumableUploadRoutes({
    dataDir: config.dataDir,
    quota: services.uploads,
    logger,
    onReceived: (bytes, resumed) => metrics.uploadReceived(bytes, resumed),
    ...(config.resumableUploadExpiryMs ? { expiryMs: config.resumableUploadExpiryMs } : {}),
  });
  const offUnreachable = store.onUnreachable(() => metrics.storeUnreachable());
  let draining = false;
  const security = securityHeaders(config.env, config.mapTiles ?? null);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(metrics.requests);
  // Pulls a few per turn of the event loop: pushes and page loads are not held up behind hundreds.
  app.use(pulls.middleware(isPull));
  app.use(closeWhenDraining(() => draining));
  // An ordinary pull is answered here, with the security headers every answer carries.
  app.use(
    pullShortcut({ sync, secret: config.jwtSecret, accounts, headers: headersSetBy(security) }),
  );
  app.use(accessLog(logger));
  app.use(security);

  const api = express.Router();
  api.use(authenticate(config.jwtSecret, accounts));
  // Sync pushes carry up to 100 documents and parse their own body with a larger limit.
  api.use('/sync', syncRoutes({ sync, feed, streams, metrics, gate: services.streamGate }));
  // Resumable uploads read their own bodies (bytes, not JSON).
  api.use('/uploads', uploads.router);
  api.use(jsonBody('1mb'));
  api.use('/health', healthRoutes({ store, feed, draining: () => draining }));
  // The session's refresh cookie is read by the auth routes alone.
  api.use('/auth', cookieParser(), authRoutes(auth, services.accountAdmin));
  api.use('/admin/users', adminUserRoutes(services.accountAdmin));
  api.use('/admin/reports', adminReportRoutes(reports));
  api.use(
    '/properties',
    counterRoutes(counters, { view: 'property_view', contact: 'property_contact' }),
    demandMatchRoutes(services.demandMatches),
  );
  api.use('/news', counterRoutes(counters, { view: 'news_view', like: 'news_like' }));
  api.use('/media', mediaRoutes(config.dataDir, services.uploads, logger));
  api.use('/promotion', promotionRoutes(promotions, services.limits));
  api.use('/agent', agentRoutes(services.listingStats));
  api.use('/training', trainingRoutes(services.training));
  api.use('/reports', reportRoutes(reports));
  api.use('/map', mapConfigRoutes(config.dataDir, config.mapTiles ?? null));
  api.use(apiNotFound);

  app.use('/api', api);
  app.get('/metrics', metricsEndpoint(metrics, config.metricsToken));
  app.use('/media', mediaFileRoutes(config.dataDir));
  app.use(mapFileRoutes(config.dataDir));
  const origin = siteOrigin(config.publicOrigin);
  app.use(searchEngineRoutes(new SitemapService(sync, feed, config.sitemapUrlsMax), origin));
  if (staticDir) {
    const firstScreen = firstScreenPages(
      staticDir,
      sync,
      store,
      promotions,
      logger,
      origin,
      new VisitorListings(sync, feed),
    );
    app.use(builtAppRoutes(staticDir, firstScreen, config.appFilesMemoryBytes, origin));
  }
  app.use(errorHandler);

  return {
    app,
    auth,
    feed,
    sync,
    metrics,
    streams,
    uploads,
    drain: () => {
      draining = true;
      streams.endAll();
    },
    serving: (server) => {
      server.on('connection', () => pulls.connectionAccepted());
    },
    close: () => {
      uploads.close();
      services.stop();
      offUnreachable();
      metrics.stop();
    },
  };
}
