/**
 * An in-process gateway for integration tests: createApp over the run's store, in databases with a
 * prefix of their own, so test files never see each other's data. Call `cleanup()` in afterAll.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino, type Logger } from 'pino';
import type { UserRole } from '../../couchdb/model/roles';
import { inject } from 'vitest';
import { createApp, type Gateway } from '../../sync-server/app';
import {
  DEFAULT_APP_FILES_MEMORY_MB,
  DEFAULT_RATE_LIMITS,
  type Config,
  type RateLimits,
} from '../../sync-server/config';
import { openStore, type Store } from '../../sync-server/store/couch';
import { ALL_DATABASES } from '../../couchdb/design/databases';
import type { MapTileSource } from '../../couchdb/model/map-facts';
import { SYNC_COLLECTIONS } from '../../couchdb/model/sync';
import { createAccount, type Account } from './accounts';

export interface TestGateway extends Gateway {
  store: Store;
  config: Config;
  /**
   * Listens on a free loopback port (for clients that need a real URL, such as RxDB), or on `port`
   * (a gateway restarted where devices already point).
   */
  listen(port?: number): Promise<{ url: string; close(): Promise<void> }>;
  /** A new signed-in account of `role` (accounts.ts `createAccount`: straight in the store). */
  createUser(role?: UserRole, name?: string): Promise<Account>;
  /**
   * Resolves once the gateway's change feed has brought everything the store holds now. A
   * visitor's pull reads the feed as it is, without waiting for writes in flight (a signed-in
   * caller's waits for this gateway's): a test that reads as a visitor right after a write waits
   * here first, as a visitor's device waits for its event stream's poke.
   */
  feedCaughtUp(timeoutMs?: number): Promise<void>;
  cleanup(): Promise<void>;
}

export interface TestGatewayOptions {
  rateLimits?: Partial<RateLimits>;
  ownEmbeddedStore?: boolean;
  /** Reach the store at this URL instead of the run's store (e.g. through a fault proxy). */
  couchUrl?: string;
  /** Work in these databases (a second gateway over the same data); a fresh prefix otherwise. */
  prefix?: string;
  /** Sign tokens with this secret (a second gateway that accepts the first one's tokens). */
  jwtSecret?: string;
  /** Serve this built app (index.html and assets), as `npm start` serves dist/. */
  staticDir?: string;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for. */
  metricsToken?: string;
  /** How long a resumable upload may take before it is cleaned up. */
  resumableUploadExpiryMs?: number;
  /** The maps' tile source (MAP_TILE_URL and its companions). */
  mapTiles?: MapTileSource;
  /** PUBLIC_ORIGIN: the site's address in absolute URLs (else each request's host). */
  publicOrigin?: string;
  /** URLs per sitemap file before it is split (SITEMAP_URLS_MAX otherwise). */
  sitemapUrlsMax?: number;
  /** The gateway's and its store client's logger (silent unless TEST_LOG_LEVEL says otherwise). */
  logger?: Logger;
}

export async function startTestGateway(overrides: TestGatewayOptions = {}): Promise<TestGateway> {
  const prefix = overrides.prefix ?? `t${randomBytes(5).toString('hex')}_`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cj-gw-'));
  const logger = overrides.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const couchUrl = overrides.ownEmbeddedStore
    ? undefined
    : (overrides.couchUrl ?? inject('couchUrl'));
  const store = await openStore({ couchUrl, dataDir, prefix, logger });
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    couchUrl,
    couchUser: undefined,
    couchPassword: undefined,
    dbPrefix: prefix,
    jwtSecret: overrides.jwtSecret ?? randomBytes(32).toString('hex'),
    appName: '澄江房产',
    logLevel: 'silent',
    trustProxy: false,
    seedDemo: false,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      registrationsPerIp: 1000,
      reportsPerAddressPerHour: 1000,
      ...overrides.rateLimits,
    },
    metricsToken: overrides.metricsToken,
    appFilesMemoryBytes: DEFAULT_APP_FILES_MEMORY_MB * 1024 * 1024,
    resumableUploadExpiryMs: overrides.resumableUploadExpiryMs,
    mapTiles: overrides.mapTiles ?? null,
    publicOrigin: overrides.publicOrigin,
    sitemapUrlsMax: overrides.sitemapUrlsMax,
  };
  const gateway = createApp({ config, store, logger, staticDir: overrides.staticDir });
  const servers: Server[] = [];
  return {
    ...gateway,
    store,
    config,
    listen: (port = 0) =>
      new Promise((resolve) => {
        const server = gateway.app.listen(port, '127.0.0.1', () => {
          gateway.serving(server);
          servers.push(server);
          const { port } = server.address() as AddressInfo;
          resolve({
            url: `http://127.0.0.1:${port}`,
            close: () =>
              new Promise<void>((done) => {
                server.closeAllConnections();
                server.close(() => done());
              }),
          });
        });
      }),
    createUser: (role, name) => createAccount(gateway, role, name),
    feedCaughtUp: async (timeoutMs = 10_000) => {
      // Caught up when everything the store lists after the log's last change is already in the
      // log, at the revision the store has. Sequence strings are opaque (CouchDB's differ between
      // reads of one change) and only handed back; after a node is lost, CouchDB may list changes
      // again from an earlier point, so "nothing listed" is not required.
      const until = Date.now() + timeoutMs;
      for (const collection of SYNC_COLLECTIONS) {
        for (;;) {
          const log = gateway.feed.log(collection);
          if (!log) {
            // The operation log has none (pulls read the store); any other is still loading.
            if (!(collection in gateway.feed.status())) break;
            if (Date.now() > until)
              throw new Error(`the ${collection} feed never finished loading`);
            await new Promise((r) => setTimeout(r, 10));
            continue;
          }
          const since = log.lastSeq ?? '0';
          const { results } = await store.db(collection).changes({ since });
          const missing = results.filter(
            (change) =>
              !change.id.startsWith('_design/') &&
              log.latest(change.id)?._rev !== change.changes[0]?.rev,
          );
          if (missing.length === 0) break;
          if (Date.now() > until) throw new Error(`the ${collection} feed never caught up`);
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    },
    cleanup: async () => {
      gateway.close();
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
      for (const name of ALL_DATABASES)
        await store.server.db.destroy(store.dbName(name)).catch(() => undefined);
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
