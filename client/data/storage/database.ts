/**
 * The device's RxDB database: one per identity (`cjfc_anon` for visitors, `cjfc_u_<userId>` per
 * user), with the replicated collections of couchdb/model and three device-only ones: 12 in all.
 * RxDB's open edition allows 13 open collections per page across all databases, so only one
 * identity's database is open at a time (see device-data.ts).
 */
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { SyncCollection } from '@couchdb/model/sync';
import { readScope } from '@couchdb/rules/collection-access';
import { yieldToMain } from '@client/lib/when-idle';
import { createConflictHandler, type ConflictContext } from '../sync/conflict-handler';
import { keepingPulledMarks } from './pulled-marks';
import { counterQueueSchema, type CounterQueueDoc } from '../schemas/counter-queue.schema';
import { demandSchema, type DemandDoc } from '../schemas/demand.schema';
import { favoriteSchema, type FavoriteDoc } from '../schemas/favorite.schema';
import { inboxSchema, type InboxDoc } from '../schemas/inbox.schema';
import { newsSchema, type NewsDoc } from '../schemas/news.schema';
import { oplogSchema, type OplogDoc } from '../schemas/oplog.schema';
import { propertySchema, type PropertyDoc } from '../schemas/property.schema';
import { recentSchema, type RecentDoc } from '../schemas/recent.schema';
import { refusedSchema, type RefusedDoc } from '../schemas/refused.schema';
import { savedSearchSchema, type SavedSearchDoc } from '../schemas/saved-search.schema';
import { settingSchema, type SettingDoc } from '../schemas/setting.schema';
import { userSchema, type UserDoc } from '../schemas/user.schema';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

export interface DeviceCollections {
  properties: RxCollection<PropertyDoc>;
  news: RxCollection<NewsDoc>;
  demands: RxCollection<DemandDoc>;
  favorites: RxCollection<FavoriteDoc>;
  settings: RxCollection<SettingDoc>;
  users: RxCollection<UserDoc>;
  oplog: RxCollection<OplogDoc>;
  saved_searches: RxCollection<SavedSearchDoc>;
  inbox: RxCollection<InboxDoc>;
  recent: RxCollection<RecentDoc>;
  refused: RxCollection<RefusedDoc>;
  counter_queue: RxCollection<CounterQueueDoc>;
}
export type CollectionName = keyof DeviceCollections;
export type DeviceDatabase = RxDatabase<DeviceCollections>;

/** Every collection's schema, by name. */
export const COLLECTION_SCHEMAS = {
  properties: propertySchema,
  news: newsSchema,
  demands: demandSchema,
  favorites: favoriteSchema,
  settings: settingSchema,
  users: userSchema,
  oplog: oplogSchema,
  saved_searches: savedSearchSchema,
  inbox: inboxSchema,
  recent: recentSchema,
  refused: refusedSchema,
  counter_queue: counterQueueSchema,
} as const;
export const COLLECTION_NAMES = Object.keys(COLLECTION_SCHEMAS) as CollectionName[];

const isSynced = (name: CollectionName): name is SyncCollection =>
  name !== 'recent' && name !== 'refused' && name !== 'counter_queue';

/**
 * A visitor's device holds only the replicated collections a visitor pulls (the access table,
 * architecture §4: no demands, favourites, accounts or operation log), so its database opens without the
 * rest: fewer IndexedDB stores to open on a first visit. A signed-in user's database opens them
 * all, since the user's role can change while the database stays the same.
 */
export const VISITOR_COLLECTIONS: readonly CollectionName[] = COLLECTION_NAMES.filter(
  (name) => !isSynced(name) || readScope(name, 'visitor') !== 'none',
);

/** Whose data a database holds. */
export type Identity = { kind: 'anon' } | { kind: 'user'; userId: string };
export const ANON_DATABASE = 'cjfc_anon';

/** The database name for an identity (IndexedDB names allow the id's characters as they are). */
export function databaseNameFor(identity: Identity): string {
  return identity.kind === 'anon' ? ANON_DATABASE : `cjfc_u_${identity.userId.toLowerCase()}`;
}

export interface OpenDatabaseOptions {
  name: string;
  storage: RxStorage<unknown, unknown>;
  /** Conflict context of the synced collections (refusals, the author's role). */
  conflicts: ConflictContext;
  /** Only these collections (tests open two devices in one process; see the limit above). */
  collections?: readonly CollectionName[];
  /** Several tabs share one database (browser); false in Node tests. */
  multiInstance?: boolean;
}

type MigrationStrategy = (doc: Record<string, unknown>) => Record<string, unknown>;

/**
 * How a collection crosses to a new schema version. Documents written on the device (drafts, unsent
 * edits, settings saved on a train) must carry over: such a collection lists one RxDB migration
 * strategy per version and migrates when the database opens; RxDB moves the replication's
 * checkpoints and pending writes along, so its replication identifier stays the same.
 * A pull-only collection may instead restart empty at a version (`restartedAt`): it pulls everything
 * again under a new replication identifier (see replicationIdentifier).
 */
interface SchemaLineage {
  /** The version the collection last started empty at (its data was dropped, not migrated). */
  restartedAt?: number;
  /** The strategy that turns a document of version n-1 into version n, for each n past restartedAt. */
  strategies?: Record<number, MigrationStrategy>;
}

const unchanged: MigrationStrategy = (doc) => doc;

export const SCHEMA_LINEAGE: Partial<Record<CollectionName, SchemaLineage>> = {
  /** v1 added the admin action log's fields. */
  oplog: { restartedAt: 1 },
  /**
   * v1 added `change_review` (a change waiting for review), v2 the optional `facts` and
   * `price_history` (issue 18), v3 the verification code and the report notice (issue 19), v4 the optional `location`
   * (issue 64); older documents stay valid as they are.
   */
  properties: { strategies: { 1: unchanged, 2: unchanged, 3: unchanged, 4: unchanged } },
  /** v1 added the loan_rates key; the documents of v0 stay valid as they are. */
  settings: { strategies: { 1: unchanged } },
};

/** The version a collection's replication identifier carries: the one it last restarted empty at. */
export function replicationVersion(name: CollectionName): number {
  return SCHEMA_LINEAGE[name]?.restartedAt ?? 0;
}

/**
 * RxDB's collection options for a schema version: one migration strategy per version (RxDB asks
 * for all of them). Versions up to a restart never run (autoMigrate off: the collection starts
 * empty, the old version's data is left unread); past it, the collection migrates when it opens.
 */
export function migrationStrategiesFor(
  name: CollectionName,
  version: number,
): {
  migrationStrategies?: Record<number, MigrationStrategy>;
  autoMigrate?: false;
} {
  if (version === 0) return {};
  const lineage = SCHEMA_LINEAGE[name] ?? {};
  const restartedAt = lineage.restartedAt ?? 0;
  const migrationStrategies: Record<number, MigrationStrategy> = {};
  for (let v = 1; v <= version; v++) {
    const strategy = v <= restartedAt ? unchanged : lineage.strategies?.[v];
    if (!strategy) throw new Error(`${name}: no migration strategy for schema version ${v}`);
    migrationStrategies[v] = strategy;
  }
  return restartedAt === version
    ? { migrationStrategies, autoMigrate: false }
    : { migrationStrategies };
}

/** Creates (or reopens) a database with its collections. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DeviceDatabase> {
  // Not in the task of whatever opened it (the page's hydration, a sign-in). RxDB's schema key
  // sort builds no ICU collator in the build (scripts/rxdb-code-unit-sort.ts).
  await yieldToMain();
  const db = await createRxDatabase<DeviceCollections>({
    name: options.name,
    // Under RxDB's own storage layer, which drops the marks of a document pulled for the first time.
    storage: keepingPulledMarks(options.storage),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
  });
  const names = options.collections ?? COLLECTION_NAMES;
  const creators: Record<string, { schema: unknown; conflictHandler?: unknown }> = {};
  for (const name of names) {
    const schema = COLLECTION_SCHEMAS[name];
    creators[name] = {
      schema,
      ...migrationStrategiesFor(name, schema.version),
      ...(isSynced(name)
        ? { conflictHandler: createConflictHandler(name, options.conflicts) }
        : {}),
    };
  }
  // Several tabs share the database and only the leader replicates: its election (a broadcast
  // channel, a Web Lock) starts in a task of its own, not in the replications' set-up.
  if (db.multiInstance) {
    await yieldToMain();
    void db.waitForLeadership();
    await yieldToMain();
  }
  try {
    // One collection a task: creating them all at once is one long task on a slow phone.
    for (const [name, creator] of Object.entries(creators)) {
      await db.addCollections({ [name]: creator } as never);
      await yieldToMain();
    }
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
