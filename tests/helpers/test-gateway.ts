/**
 * An in-process gateway for integration tests: createApp over the run's store, in databases with a
 * prefix of their own, so test files never see each other's data. Call `cleanup()` in afterAll.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createApp, type Gateway } from '../../sync-server/app';
import { DEFAULT_RATE_LIMITS, type Config, type RateLimits } from '../../sync-server/config';
import { openStore, type Store } from '../../sync-server/store/couch';
import { ALL_DATABASES } from '../../couchdb/design/databases';

export interface TestGateway extends Gateway {
  store: Store;
  config: Config;
  cleanup(): Promise<void>;
}

export async function startTestGateway(
  overrides: { rateLimits?: Partial<RateLimits> } = {},
): Promise<TestGateway> {
  const prefix = `t${randomBytes(5).toString('hex')}_`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cj-gw-'));
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const store = await openStore({ couchUrl: inject('couchUrl'), dataDir, prefix, logger });
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    couchUrl: inject('couchUrl'),
    couchUser: undefined,
    couchPassword: undefined,
    dbPrefix: prefix,
    jwtSecret: randomBytes(32).toString('hex'),
    appName: '澄江房产',
    logLevel: 'silent',
    trustProxy: false,
    seedDemo: false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, registrationsPerIp: 1000, ...overrides.rateLimits },
  };
  const gateway = createApp({ config, store, logger });
  return {
    ...gateway,
    store,
    config,
    cleanup: async () => {
      for (const name of ALL_DATABASES)
        await store.server.db.destroy(store.dbName(name)).catch(() => undefined);
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
