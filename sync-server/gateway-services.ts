/**
 * The gateway's services over one open store, made once per gateway: the change feed and the
 * account directory the routes read through, the limits every gateway shares (kept in the store),
 * and each area's service. `stop` ends their background work; the store is closed by its owner.
 */
import type { Logger } from 'pino';
import { REPORTS_PER_ACCOUNT_PER_DAY } from '@couchdb/model/trust-facts';
import type { Config } from './config';
import { UploadQuota } from './media/upload-quota';
import { AccountAdmin } from './services/account-admin';
import { AccountDirectory } from './services/account-directory';
import { AuthService } from './services/auth-service';
import { ChangeFeed } from './services/change-feed';
import { CounterService } from './services/counter-service';
import { DemandMatchService } from './services/demand-match-service';
import { StoreLimitStore } from './services/limits/limit-store';
import { ListingStatsService } from './services/listing-stats-service';
import { OplogService } from './services/oplog-service';
import { PromotionService } from './services/promotion-service';
import { ReportService } from './services/report-service';
import { StreamGate } from './services/stream-gate';
import { SyncService } from './services/sync/sync-service';
import { TrainingService } from './services/training-service';
import type { Store } from './store/couch';

/** How often expired limit windows and closed reports are swept from the store. */
const SWEEP_MS = 10 * 60 * 1000;

export interface GatewayServices {
  limits: StoreLimitStore;
  feed: ChangeFeed;
  accounts: AccountDirectory;
  auth: AuthService;
  accountAdmin: AccountAdmin;
  sync: SyncService;
  /** The caps on open event streams per account and address. */
  streamGate: StreamGate;
  reports: ReportService;
  counters: CounterService;
  uploads: UploadQuota;
  promotions: PromotionService;
  listingStats: ListingStatsService;
  demandMatches: DemandMatchService;
  training: TrainingService;
  stop(): void;
}

export function startServices(config: Config, store: Store, logger: Logger): GatewayServices {
  const limits = new StoreLimitStore(store);
  const feed = new ChangeFeed(store, logger);
  feed.start();
  const accounts = new AccountDirectory(store, feed);
  const auth = new AuthService(store, config.jwtSecret, config.rateLimits, limits, (session) =>
    accounts.forgetSession(session),
  );
  const sync = new SyncService(store, feed, limits, config.jwtSecret);
  const reports = new ReportService(store, sync, limits, {
    perAccountPerDay: REPORTS_PER_ACCOUNT_PER_DAY,
    perAddressPerHour: config.rateLimits.reportsPerAddressPerHour,
  });
  const streamGate = new StreamGate(limits);
  // Expired windows are removed now and then, so the limits database holds only live keys.
  const sweep = setInterval(() => {
    limits.sweep().catch((err: unknown) => logger.warn({ err }, 'limit sweep failed'));
    reports.purgeClosed().catch((err: unknown) => logger.warn({ err }, 'report purge failed'));
  }, SWEEP_MS);
  sweep.unref();

  return {
    limits,
    feed,
    accounts,
    auth,
    accountAdmin: new AccountAdmin(store, auth, accounts, new OplogService(store)),
    sync,
    streamGate,
    reports,
    counters: new CounterService(store, limits),
    uploads: new UploadQuota(store),
    promotions: new PromotionService(store),
    listingStats: new ListingStatsService(store),
    demandMatches: new DemandMatchService(store),
    training: new TrainingService(store),
    stop: () => {
      clearInterval(sweep);
      streamGate.close();
      feed.stop();
    },
  };
}
