/**
 * Starts the gateway: reads the configuration, opens the store (embedded PouchDB Server unless
 * COUCHDB_URL is set), seeds demo data on the embedded default's first start, listens, and shuts
 * everything down cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { seedDemoDataOnce } from './services/seed-service';
import { openStore } from './store/couch';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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
  let closeGateway = () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server?.closeAllConnections(), 3000).unref();
    });
    closeGateway();
    await store.close();
    logger.info('stopped');
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
    const { app, auth, close } = createApp({ config, store, logger, staticDir });
    closeGateway = close;

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
