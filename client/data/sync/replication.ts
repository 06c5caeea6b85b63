/**
 * The replication of one collection of the device database with the gateway: its RxDB
 * replication (replicateRxCollection) with the collection's pull (pull-handler.ts) and push
 * (push-handler.ts), retried with backoff, a push tried until it is answered; and the identifier
 * it keeps its checkpoints under. DeviceSync (device-sync.ts) runs one for each collection the
 * identity may sync (architecture §5).
 */
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import {
  SYNC_COLLECTIONS,
  PULL_LIMIT_DEFAULT,
  PULL_LIMIT_MAX,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import {
  isGatewayWritten,
  replicatedCollections,
  type AccessRole,
} from '@couchdb/rules/collection-access';
import { Backoff, sleep, type BackoffPolicy } from '@client/lib/backoff';
import type { BulkPuller } from './bulk-pull';
import { replicationVersion, type DeviceDatabase } from '../storage/database';
import { collectionPull } from './pull-handler';
import type { SlicedCheckpoint } from './pull-slices';
import { collectionPush, PUSH_BATCH_SIZE, type PulledRows } from './push-handler';
import type { RefusalLedger } from './refusals';
import {
  isAsPulled,
  pulledStateOf,
  retryTimeOf,
  setRetryTime,
  writeDocToDocState,
} from '../storage/rxdb-internals';
import { sameDocState } from './doc-equality';
import type { SyncHttp } from './sync-http';

export type SyncRole = AccessRole;

/** What each identity replicates, and whether it pushes (the access table, architecture §4). */
export function collectionsFor(role: SyncRole): { name: SyncCollection; push: boolean }[] {
  return replicatedCollections(role);
}

/** A failing collection retries from 1 s, doubling, up to a minute. */
export type RetryPolicy = BackoffPolicy;
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1_000, maxMs: 60_000 };

export interface ReplicationOptions {
  http: SyncHttp;
  role: SyncRole;
  ledger: RefusalLedger;
  /**
   * Pull page size (PULL_LIMIT_MAX at most; PULL_LIMIT_DEFAULT unless given). Small pages keep each
   * of the page's tasks of a first sync short: on a county's 10,000 listings and a phone's CPU,
   * pages of 500 left tasks over 50 ms that pages of 100 did not (issue 17), for a first sync about
   * a fifth longer.
   */
  pullLimit?: number;
  retry?: RetryPolicy;
  /**
   * The storage worker's catch-up pull (storage-channel.ts bulkPullerOf): a first sync, or a pull
   * that answered a full page, continues there (with RxDB's record of each version pulled, for a
   * collection this device also pushes).
   */
  bulkPull?: BulkPuller | null;
}

export interface CollectionReplication {
  name: SyncCollection;
  /** Whether the device pushes its changes of the collection (else it only pulls). */
  push: boolean;
  state: RxReplicationState<SyncDocument, SlicedCheckpoint>;
  /** Pokes from the SSE stream. */
  poke$: Subject<'RESYNC'>;
  lastOkAt: number;
  lastErrorAt: number;
  lastError: string | null;
  /** Called after each failed pull or push (the status shows it). */
  onFailure?: () => void;
  /** Ends the wait of a failed push now: tries again (the connection is back), or gives up (stop). */
  retryPushNow(giveUp?: boolean): void;
  /**
   * Resolves once the replication has started, online or paused (offline at boot): from then on
   * what waits to be sent can be counted. Never in a tab that does not lead.
   */
  started: Promise<void>;
  /** Resolves once the device has caught up with the server since this page opened. */
  settled: Promise<void>;
  /** A pull answered a page that was not full: the server had nothing more then. */
  caughtUp: Promise<void>;
  /** Settles `settled` with `wait` (the first call only) and `started` (DeviceSync). */
  markStarted(): void;
  settleWith(wait: Promise<unknown>): void;
}

/**
 * The replication identifier: includes the database, so each identity has its own checkpoints, and
 * the schema version a pull-only collection last restarted empty at (replicationVersion), so it
 * pulls everything again instead of resuming at the old version's checkpoint. A migrated
 * collection keeps its identifier: RxDB migrates the checkpoints and pending writes with the data.
 */
export function replicationIdentifier(
  db: DeviceDatabase,
  collection: SyncCollection,
  baseUrl: string,
) {
  const version = replicationVersion(collection);
  const epoch = purgeEpoch(db.name, collection);
  const name = `${collection}${version > 0 ? `@v${version}` : ''}${epoch > 0 ? `#${epoch}` : ''}`;
  return `cjfc-sync:${db.name}:${name}:${baseUrl || 'same-origin'}`;
}

const PURGE_KEY = 'cjfc-purged:';

/** How many times this database's copy of a collection was emptied (its checkpoints go with it). */
function purgeEpoch(dbName: string, collection: SyncCollection): number {
  return Number(storage()?.getItem(`${PURGE_KEY}${dbName}:${collection}`) ?? 0) || 0;
}

/**
 * Empties the local copy of each collection `role` does not pull (a demoted admin's operation
 * log). Only gateway-written collections are emptied: nothing of them waits to be pushed. The
 * next replication of such a collection starts from the beginning (a new purge epoch).
 */
export async function purgeUnreadable(db: DeviceDatabase, role: SyncRole): Promise<void> {
  const pulled = new Set(collectionsFor(role).map((c) => c.name));
  for (const name of SYNC_COLLECTIONS) {
    const collection = db.collections[name] as unknown as RxCollection<SyncDocument> | undefined;
    if (!collection || pulled.has(name) || !isGatewayWritten(name)) continue;
    const docs = await collection.find().exec();
    if (docs.length === 0) continue;
    const key = `${PURGE_KEY}${db.name}:${name}`;
    storage()?.setItem(key, String(purgeEpoch(db.name, name) + 1));
    await collection.bulkRemove(docs.map((d) => d.primary));
  }
}

/** Starts replicating one collection. */
export function replicateCollection(
  db: DeviceDatabase,
  name: SyncCollection,
  push: boolean,
  options: ReplicationOptions,
): CollectionReplication {
  const { http, ledger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const backoff = new Backoff(retry);
  const limit = Math.min(options.pullLimit ?? PULL_LIMIT_DEFAULT, PULL_LIMIT_MAX);
  const poke$ = new Subject<'RESYNC'>();
  const collection = db.collections[name] as unknown as RxCollection<SyncDocument>;
  const entry = {
    name,
    push,
    poke$,
    lastOkAt: 0,
    lastErrorAt: 0,
    lastError: null,
  } as CollectionReplication;
  let markCaughtUp = () => {};
  entry.caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  entry.started = new Promise<void>((resolve) => (entry.markStarted = resolve));
  let settling = false;
  entry.settled = new Promise<void>((resolve, reject) => {
    entry.settleWith = (wait) => {
      if (settling) return;
      settling = true;
      wait.then(() => resolve(), reject);
    };
  });

  const succeeded = () => {
    entry.lastOkAt = Date.now();
    backoff.reset();
    setRetryTime(entry.state, retry.baseMs);
  };
  const failed = (err: unknown) => {
    entry.lastErrorAt = Date.now();
    entry.lastError = err instanceof Error ? err.message : String(err);
    // RxDB waits `retryTime` before it calls a failed handler again.
    setRetryTime(entry.state, backoff.next());
    entry.onFailure?.();
  };
  let wake = new AbortController();
  let givenUp = false;
  entry.retryPushNow = (giveUp = false) => {
    givenUp ||= giveUp;
    wake.abort();
    wake = new AbortController();
  };
  /**
   * A push is tried until it is answered and never fails back to RxDB: RxDB ends a push it was
   * retrying when the replication pauses (offline) as if it had been sent, and marks its rows
   * pushed when the pause is over by the time it looks, so the write never reached the server.
   */
  const untilAnswered =
    <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      for (;;) {
        try {
          return await send(...args);
        } catch (err) {
          const stopped = () => givenUp || entry.state.isStopped();
          if (stopped()) throw err;
          await sleep(retryTimeOf(entry.state) ?? retry.baseMs, wake.signal).catch(() => undefined);
          if (stopped()) throw err;
        }
      }
    };
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await fn(...args);
        succeeded();
        return result;
      } catch (err) {
        failed(err);
        throw err;
      }
    };

  let identifierHash: Promise<string> | null = null;
  /**
   * Of rows RxDB pushes with no server version assumed, those whose document is stored as it was
   * pulled, unchanged since (push-handler.ts): the device's copy of the server's, not its change.
   */
  const pulledRows: PulledRows = async (rows) => {
    const unassumed = rows.filter((r) => !r.assumedMasterState);
    if (unassumed.length === 0) return new Set();
    identifierHash ??= pulledStateOf(entry.state).then((pulled) => pulled.identifierHash);
    const hash = await identifierHash;
    const ids = unassumed.map((r) => r.newDocumentState.id);
    const stored = new Map(
      (await collection.storageInstance.findDocumentsById(ids, true)).map((doc) => [doc.id, doc]),
    );
    return new Set(
      unassumed
        .filter((r) => {
          const doc = stored.get(r.newDocumentState.id);
          return (
            doc !== undefined &&
            isAsPulled(doc, hash) &&
            sameDocState(writeDocToDocState(doc, false, false), r.newDocumentState)
          );
        })
        .map((r) => r.newDocumentState.id),
    );
  };

  const pull = collectionPull({
    db,
    name,
    push,
    role: options.role,
    http,
    limit,
    poke$,
    bulkPull: options.bulkPull,
    replication: () => entry.state,
    caughtUp: () => markCaughtUp(),
  });

  entry.state = replicateRxCollection<SyncDocument, SlicedCheckpoint>({
    replicationIdentifier: replicationIdentifier(db, name, http.baseUrl),
    collection,
    live: true,
    retryTime: retry.baseMs,
    waitForLeadership: true,
    // DeviceSync starts the collections one a task (startInTurn).
    autoStart: false,
    // RxDB's own handler starts a replication whenever the page comes into view: also one paused
    // offline, and in a tab that does not lead. DeviceSync re-syncs on coming into view itself.
    toggleOnDocumentVisible: false,
    pull: {
      batchSize: limit,
      stream$: poke$.asObservable(),
      handler: guarded(pull.handler),
    },
    push: push
      ? {
          batchSize: PUSH_BATCH_SIZE,
          handler: untilAnswered(guarded(collectionPush(name, http, ledger, pulledRows))),
        }
      : undefined,
  });
  entry.state.received$.subscribe(() => pull.storedOne());
  return entry;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
