/**
 * npm run seed                         demo data into the configured store (DATA_DIR or COUCHDB_URL), once
 * npm run seed -- --listings 10000     N public benchmark listings into a separate store:
 *                                      the embedded one in data-bench/ (or --data-dir), or, with
 *                                      COUCHDB_URL set, databases prefixed "bench_" (or --prefix)
 * The gateway must not be running on the same embedded data dir (LevelDB allows one process).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../sync-server/config';
import { createLogger } from '../sync-server/logger';
import { AuthService } from '../sync-server/services/auth-service';
import { StoreLimitStore } from '../sync-server/services/limits/limit-store';
import { insertMissing, seedDemoDataOnce } from '../sync-server/services/seed-service';
import { openStore } from '../sync-server/store/couch';
import { buildBenchProperties } from '../couchdb/seed/bench-data';
import { buildDemoData, placeholderDemoMedia } from '../couchdb/seed/demo-data';

const { values } = parseArgs({
  options: {
    listings: { type: 'string' },
    'data-dir': { type: 'string' },
    prefix: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});

async function main() {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const bench = values.listings !== undefined;
  const count = Number(values.listings);
  if (bench && (!Number.isInteger(count) || count < 1 || count > 1_000_000)) {
    throw new Error('--listings takes a whole number from 1 to 1000000');
  }
  const dataDir = path.resolve(values['data-dir'] ?? (bench ? 'data-bench' : config.dataDir));
  const store = await openStore({
    couchUrl: config.couchUrl,
    couchUser: config.couchUser,
    couchPassword: config.couchPassword,
    dataDir,
    prefix: bench ? (values.prefix ?? (config.couchUrl ? 'bench_' : '')) : config.dbPrefix,
    logger,
  });
  try {
    if (bench) {
      const started = Date.now();
      const owners = buildDemoData({ now: new Date(), media: placeholderDemoMedia() }).accounts.map(
        (a) => a.user.id,
      );
      const docs = buildBenchProperties(count, Number(values.seed), { ownerIds: owners });
      const created = await insertMissing(store, 'properties', docs);
      console.log(
        `${created} of ${count} benchmark listings written to ${store.embedded ? dataDir : 'COUCHDB_URL'} (${store.dbName('properties')}) in ${Date.now() - started} ms`,
      );
    } else {
      const auth = new AuthService(
        store,
        config.jwtSecret,
        config.rateLimits,
        new StoreLimitStore(store),
      );
      const seeded = await seedDemoDataOnce({
        store,
        auth,
        mediaDir: path.join(dataDir, 'media'),
        logger,
      });
      console.log(
        seeded
          ? `Demo data written to ${store.embedded ? dataDir : 'COUCHDB_URL'}.`
          : 'Demo data was already there; nothing written.',
      );
    }
  } finally {
    await store.close();
  }
}

main().catch((err: Error) => {
  const locked = /LOCK|lock/.test(String(err?.message ?? err));
  console.error(
    locked
      ? `The data dir is in use: stop the running server first.\n${err.message}`
      : (err.message ?? err),
  );
  process.exit(1);
});
