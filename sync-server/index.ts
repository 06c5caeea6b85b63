/**
 * Starts the gateway: reads the configuration, opens the store (embedded PouchDB Server unless
 * COUCHDB_URL is set), seeds demo data on the embedded default's first start, listens, and shuts
 * everything down cleanly on SIGINT/SIGTERM: stops accepting, ends event streams with a reconnect
 * hint, lets requests in flight (pushes) finish, stops the store last, and exits within a bound.
 * Runs as dist-server/index.js under node in production (scripts/build-gateway.ts), under tsx in dev.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp, type Gateway } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { seedDemoDataOnce } from './services/seed-service';
import { openStore } from './store/couch';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Requests in flight get this long to finish after a shutdown signal; then their connections close. */
const IN_FLIGHT_GRACE_MS = 10_000;
/** How long an idle kept-alive connection stays open (longer than a load balancer's 60 s). */
const KEEP_ALIVE_MS = 65_000;
/** The whole shutdown never takes longer than this (then the process exits with 1). */
const SHUTDOWN_LIMIT_MS = 20_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const store = await openStore({
    couchUrl: config.couchUrl,
    couchUser: config.couchUser,
    couchPassword: config.couchPassword,
    dataDir: config.dataDir,
    prefix: config.dbPrefix,
    logger,
  });

  let server: Server | undefined;
  let gateway: Gateway | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    gateway?.drain();
    await new Promise<void>((resolve) => {
      if (!server?.listening) return resolve();
      server.close(() => resolve());
      // Kept-alive connections close as soon as their request in flight is answered.
      const idle = setInterval(() => server?.closeIdleConnections(), 100);
      server.once('close', () => clearInterval(idle));
      setTimeout(() => server?.closeAllConnections(), IN_FLIGHT_GRACE_MS).unref();
    });
    gateway?.close();
    await store.close();
    logger.info({ ms: Date.now() - startedAt }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    // DIST_DIR: serve another build (e.g. one made with `vite build --outDir`) than dist/.
    const distDir = process.env.DIST_DIR || `${ROOT}dist`;
    const staticDir = config.env === 'production' ? distDir : undefined;
    if (staticDir && !existsSync(`${staticDir}/index.html`)) {
      throw new Error(`No built app in ${staticDir}: run "npm run build" first (npm start does).`);
    }
    gateway = createApp({ config, store, logger, staticDir });
    const { app, auth } = gateway;

    if (config.seedDemo)
      await seedDemoDataOnce({ store, auth, mediaDir: `${config.dataDir}/media`, logger });

    if (config.env === 'development') {
      // One origin in development too: Vite serves the client through the gateway.
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: `${ROOT}vite.config.ts`,
        server: { middlewareMode: true },
        appType: 'spa',
      });
      app.use(vite.middlewares);
    }

    server = app.listen(config.port, config.host, () => {
      const address = server?.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      logger.info(
        { url: `http://${config.host}:${port}`, env: config.env },
        `${config.appName} is listening`,
      );
      if (process.send) process.send({ type: 'listening', port });
    });
    // An idle kept-alive connection stays open longer than a load balancer keeps its own (60 s):
    // a gateway that closed it first could reset a request the balancer or a client was just
    // sending on it.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    gateway.serving(server);
    server.on('error', (err) => {
      logger.fatal({ err }, 'cannot listen');
      void stop('listen-error');
    });
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
    await store.close();
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
