/**
 * Replication of the device database with the gateway (DESIGN §5): one `replicateRxCollection` per
 * collection the identity may sync, poked by the one SSE stream, paused offline and resumed with a
 * re-sync on `online`, retrying with backoff. Owns the sync status of the open identity.
 */
import type { RxCollection, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import {
  isSyncCollection,
  SYNC_COLLECTIONS,
  PULL_LIMIT_DEFAULT,
  PULL_LIMIT_MAX,
  PUSH_ROWS_MAX,
  type PullResponse,
  type SyncCheckpoint,
  type PushResponse,
  type PushRow,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import {
  isGatewayWritten,
  replicatedCollections,
  type AccessRole,
} from '@couchdb/rules/collection-access';
import { Backoff, sleep, type BackoffPolicy } from '@client/lib/backoff';
import { yieldToMain } from '@client/lib/when-idle';
import { takeBootPrefetch } from './boot-prefetch';
import { BULK_PULL, type BulkPuller } from './bulk-pull';
import { PullAhead } from './pull-ahead';
import { pullUrl } from './pull-url';
import {
  pageStart,
  PullSlices,
  SliceWrites,
  type PullSlice,
  type SlicedCheckpoint,
} from './pull-slices';
import { replicationVersion, type DeviceDatabase } from './database';
import { sameDocState } from './doc-equality';
import type { RefusalLedger } from './refusals';
import type { SyncHttp } from './sync-http';
import { SyncStream, type StreamState } from './sync-stream';
import {
  syncStatus as defaultStatusStore,
  type SyncPhase,
  type SyncStatusStore,
} from './sync-status';
import { CounterQueue } from './counters';
import {
  forkInstanceOf,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getLastCheckpointDoc,
  isActiveNow,
  pulledStateOf,
  pullWriteContext,
  retryTimeOf,
  runningReplication,
  setRetryTime,
  writeDocToDocState,
} from './rxdb-internals';

export type SyncRole = AccessRole;

/** What each identity replicates, and whether it pushes (the access table, DESIGN §4). */
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

/** A slice as RxDB takes it. */
type PulledSlice = PullSlice & { documents: WithDeleted<SyncDocument>[] };

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
  const ahead = new PullAhead((url) => http.json<PullResponse>('GET', url));
  const slices = new PullSlices();
  const written = new SliceWrites();
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

  /** The last page pulled here was full: more wait on the server. */
  let behind = false;
  /** The worker's pull failed: the page pulls until it has caught up, then may hand over again. */
  let workerFailed = false;
  /**
   * The storage worker pulls the rest and writes it itself (bulk-pull.ts); for a collection this
   * device also pushes, with what RxDB's pull records of each document. Null if it failed (the
   * page pulls instead, as where there is no worker).
   */
  const catchUp = options.bulkPull
    ? async (from: SlicedCheckpoint | undefined): Promise<PullSlice | null> => {
        try {
          const context = pullWriteContext(entry.state);
          const result = await options.bulkPull!({
            kind: BULK_PULL,
            databaseName: db.name,
            collectionName: name,
            schemaVersion: collection.schema.version,
            collection: name,
            baseUrl: http.baseUrl,
            checkpoint: from?.seq === undefined ? undefined : (pageStart(from) as SyncCheckpoint),
            pageSize: PULL_LIMIT_MAX,
            headers: await http.headers(),
            context: await context,
            pulledState: push ? await pulledStateOf(entry.state) : undefined,
          });
          behind = false;
          markCaughtUp();
          written.newPage(result.documents.length);
          return {
            documents: result.documents,
            checkpoint: { ...(result.checkpoint ?? from), part: null },
          };
        } catch (err) {
          behind = false;
          workerFailed = true;
          console.warn(`[sync] ${name}: the storage worker's pull failed; pulling here`, err);
          return null;
        }
      }
    : null;

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
      handler: guarded(async (stored, batchSize) => {
        const sliceSize = Math.min(batchSize, limit);
        // The rest of a page already here (the prefetched one is bigger than RxDB's pages), once
        // RxDB has stored all but the last slice it was given.
        const rest = slices.next(stored);
        if (rest) {
          await written.allButLast();
          written.handed(rest.documents.length);
          return rest as PulledSlice;
        }
        const checkpoint = pageStart(stored);
        let pageSize = sliceSize;
        const url = pullUrl(name, checkpoint, pageSize);
        // A visitor's very first page may already be on its way (public/boot-prefetch.js), a
        // bigger one (PULL_LIMIT_MAX listings: the first screen's).
        const prefetched =
          options.role === 'visitor' && checkpoint?.seq === undefined
            ? takeBootPrefetch(pullUrl(name, checkpoint, PULL_LIMIT_MAX))
            : null;
        let body = prefetched && (await prefetched);
        if (!body && catchUp && !workerFailed && (behind || checkpoint?.seq === undefined)) {
          const caughtUp = await catchUp(checkpoint);
          if (caughtUp) return caughtUp as PulledSlice;
        }
        if (body) pageSize = PULL_LIMIT_MAX;
        else body = (await ahead.take(url)) ?? (await http.json<PullResponse>('GET', url));
        behind = false;
        if (body.documents.length >= pageSize && body.checkpoint) {
          // A full page: more follow. The storage worker pulls them, or else the next one
          // downloads while RxDB stores this one.
          if (catchUp && !workerFailed) behind = true;
          else ahead.start(pullUrl(name, body.checkpoint, sliceSize));
        } else {
          // Caught up: a later catch-up may go to the worker again.
          workerFailed = false;
          if (prefetched) {
            // The prefetched page was asked for before this replication listened to the change
            // stream: a change signalled in between (a listing taken down) would never be pulled.
            // One more pull follows it (RxDB keeps a poke made during a pull for after it).
            poke$.next('RESYNC');
          } else {
            markCaughtUp();
          }
        }
        const first = slices.first(checkpoint, body, sliceSize);
        written.newPage(first.documents.length);
        return first as PulledSlice;
      }),
    },
    push: push
      ? {
          batchSize: Math.min(50, PUSH_ROWS_MAX),
          handler: untilAnswered(
            guarded(async (rows) => {
              // A row whose new state equals its assumed master (a resolved conflict that kept the
              // server's version) changes nothing: nothing to send.
              const toSend: PushRow[] = rows
                .filter(
                  (r) =>
                    !(
                      r.assumedMasterState && sameDocState(r.assumedMasterState, r.newDocumentState)
                    ),
                )
                .map((r) => ({
                  assumedMasterState: (r.assumedMasterState as SyncDocument | undefined) ?? null,
                  newDocumentState: r.newDocumentState as SyncDocument,
                }));
              if (toSend.length === 0) return [];
              const body = await http.json<PushResponse>('POST', `/api/sync/${name}/push`, toSend);
              const conflictsById = new Map(body.conflicts.map((d) => [d.id, d]));
              for (const rejection of body.rejections) {
                const row = toSend.find((r) => r.newDocumentState.id === rejection.id);
                if (!row) continue;
                if (!conflictsById.has(rejection.id)) {
                  console.error('gateway refused a row without its version', rejection);
                }
                await ledger.recordRejection({
                  collection: name,
                  doc: row.newDocumentState,
                  code: rejection.code,
                  message: rejection.message,
                  server_doc: conflictsById.get(rejection.id) ?? null,
                });
              }
              // A re-sent copy of an earlier server version (RxDB after a reload) changed nothing:
              // the server's version is taken as it is, not reconciled as a clash.
              for (const id of body.resent) ledger.recordServerVersion(name, id);
              // Accepted rows come back as RxDB conflicts when the stored version differs from what
              // was sent (server-owned fields): the device adopts it now, because a pull that crossed
              // this push may already have moved its checkpoint past the write.
              const adopt: SyncDocument[] = [];
              for (const stored of body.accepted) {
                const row = toSend.find((r) => r.newDocumentState.id === stored.id);
                if (
                  !row ||
                  conflictsById.has(stored.id) ||
                  sameDocState(row.newDocumentState, stored)
                )
                  continue;
                ledger.recordServerVersion(name, stored.id);
                adopt.push(stored);
              }
              return [...body.conflicts, ...adopt] as WithDeleted<SyncDocument>[];
            }),
          ),
        }
      : undefined,
  });
  entry.state.received$.subscribe(() => written.storedOne());
  return entry;
}

/** A count of unsent changes given up because the sync stopped (its storage is closing). */
export class CountStopped extends Error {
  constructor() {
    super('the sync stopped');
  }
}

/**
 * Local changes of a collection not yet accepted by the server: documents written since the
 * push checkpoint whose state differs from the server state the replication last confirmed.
 * Before the replication has started it cannot tell: 0, or with `waitForStart` it waits for the
 * start (offline at boot that is a paused start, at once) and fails if it did not start. Only in
 * the tab that leads (elsewhere the start never comes).
 *
 * `stopped`, asked before each read, gives the count up (CountStopped): a read of a storage
 * instance once it is closed is never answered (RxDB's remote storage drops it), and a read of
 * the collection's holds its database open (RxDB waits for every read before closing).
 */
export async function countPending(
  entry: CollectionReplication,
  {
    waitForStart = false,
    stopped = () => false,
  }: { waitForStart?: boolean; stopped?: () => boolean } = {},
): Promise<number> {
  if (!entry.push) return 0;
  if (waitForStart) await entry.started;
  const internal = runningReplication(entry.state);
  if (!internal) {
    if (waitForStart) throw new Error(`the ${entry.name} replication did not start`);
    return 0;
  }
  const going = () => {
    if (stopped() || entry.state.isStopped()) throw new CountStopped();
  };
  going();
  let checkpoint = await getLastCheckpointDoc(internal, 'up');
  let count = 0;
  for (;;) {
    going();
    const batch = await getChangedDocumentsSince(forkInstanceOf(internal), 200, checkpoint);
    if (batch.documents.length === 0) break;
    const ids = batch.documents.map((d) => (d as { id: string }).id);
    going();
    const assumed = await getAssumedMasterState(internal, ids);
    for (const doc of batch.documents) {
      const state = writeDocToDocState(doc, false, false) as unknown as SyncDocument;
      const master = assumed[state.id];
      if (!master) {
        if (!state._deleted) count += 1;
      } else if (!sameDocState(master.docData as SyncDocument, state)) {
        count += 1;
      }
    }
    checkpoint = batch.checkpoint;
    if (batch.documents.length < 200) break;
  }
  return count;
}

export interface DeviceSyncOptions extends ReplicationOptions {
  status?: SyncStatusStore;
  /** Open the SSE stream (tests may drive pokes themselves). */
  stream?: boolean;
  /** Poll every collection this often while the stream is down. */
  fallbackPollMs?: number;
}

export const LAST_SYNC_KEY = 'cjfc.sync.last.';
/**
 * What the leading tab shows (its phase and the changes not sent yet), for the other tabs of the
 * database: only the leader replicates and can count, and a change made in another tab is sent by
 * the leader.
 */
export const SHARED_STATUS_KEY = 'cjfc.sync.shared.';

interface SharedStatus {
  phase: SyncPhase;
  pending: number;
}

const PHASES: readonly SyncPhase[] = ['offline', 'connecting', 'syncing', 'up-to-date', 'error'];

function parseShared(raw: string | null | undefined): SharedStatus | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SharedStatus>;
    if (!PHASES.includes(value.phase as SyncPhase)) return null;
    const pending = Number.isInteger(value.pending) ? Math.max(0, value.pending!) : 0;
    return { phase: value.phase!, pending };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const hasWindowEvents = () =>
  typeof window !== 'undefined' && typeof window.addEventListener === 'function';
const hasDocumentEvents = () =>
  typeof document !== 'undefined' && typeof document.addEventListener === 'function';

/**
 * Everything that syncs one open database: the replications, the stream, the counter queue,
 * online/offline handling and the status.
 */
export class DeviceSync {
  readonly replications: CollectionReplication[];
  readonly counters: CounterQueue;
  private readonly stream: SyncStream | null;
  private readonly status: SyncStatusStore;
  private online: boolean;
  private streamState: StreamState = 'idle';
  private readonly unsubscribers: (() => void)[] = [];
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingAgain = false;
  /** The count of unsent changes under way, if any (one at a time), and whether another is due. */
  private counting: Promise<void> | null = null;
  private countAgain = false;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private pending = 0;
  /**
   * Whether this tab runs the replication. With several tabs on one database only the leader does
   * (RxDB leader election); the others see its writes through IndexedDB and its progress through
   * the last-sync time it keeps in localStorage.
   */
  private leader: boolean;
  /** Replications started paused because this page opened offline (see startInTurn). */
  private readonly pausedAtStart = new Set<CollectionReplication>();
  /** In a tab that does not lead: what the leader last published. In the leader: what it did. */
  private shared: SharedStatus | null = null;

  constructor(
    readonly db: DeviceDatabase,
    private readonly options: DeviceSyncOptions,
  ) {
    this.status = options.status ?? defaultStatusStore;
    this.online = globalThis.navigator?.onLine ?? true;
    this.leader = !db.multiInstance;
    if (!this.leader) {
      void db.waitForLeadership().then(() => {
        this.leader = true;
        this.update();
      });
    }
    const present = collectionsFor(options.role).filter((c) => c.name in db.collections);
    this.replications = present.map((c) => replicateCollection(db, c.name, c.push, options));
    this.counters = new CounterQueue(db, options.http, () => this.online);
    this.stream =
      options.stream === false
        ? null
        : new SyncStream(options.http, {
            onResync: () => this.resync(),
            onChange: (name) => {
              if (isSyncCollection(name))
                this.replications.find((r) => r.name === name)?.poke$.next('RESYNC');
            },
            onState: (state) => {
              this.streamState = state;
              this.update();
            },
          });
    const last = storage()?.getItem(LAST_SYNC_KEY + db.name) ?? null;
    if (!this.leader) this.shared = parseShared(storage()?.getItem(SHARED_STATUS_KEY + db.name));
    this.status.set({ lastSyncAt: last, pending: 0, refused: 0, error: null });

    for (const r of this.replications) {
      r.onFailure = () => this.update();
      const subs = [
        r.state.active$.subscribe(() => this.update()),
        r.state.error$.subscribe((err) => {
          r.lastErrorAt = Date.now();
          r.lastError ??= err.message;
          this.update();
        }),
        r.state.sent$.subscribe(() => this.schedulePending()),
      ];
      this.unsubscribers.push(() => subs.forEach((s) => s.unsubscribe()));
      // A new write is sent now, not after the backoff of a push that failed before it. Once per
      // bulk write, not per document (a first sync stores thousands at once); a pull-only
      // collection has nothing to send or count.
      if (!r.push) continue;
      const changes = r.state.collection.eventBulks$.subscribe(() => {
        r.retryPushNow();
        this.schedulePending();
      });
      this.unsubscribers.push(() => changes.unsubscribe());
    }
    if (hasWindowEvents()) {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('storage', this.onStorage);
      this.unsubscribers.push(() => {
        window.removeEventListener('online', this.onOnline);
        window.removeEventListener('offline', this.onOffline);
        window.removeEventListener('storage', this.onStorage);
      });
    }
    if (hasDocumentEvents()) {
      document.addEventListener('visibilitychange', this.onVisibility);
      this.unsubscribers.push(() =>
        document.removeEventListener('visibilitychange', this.onVisibility),
      );
    }
    this.pollTimer = setInterval(() => {
      if (this.online && this.streamState !== 'open') this.resync();
    }, options.fallbackPollMs ?? 60_000);
    this.update();
    void this.startUp();
  }

  /**
   * What follows the set-up, each step a task of its own (on a slow phone, one task with all of
   * it ran for a quarter of a second just after the page hydrated): the counts the status shows,
   * then the stream and the queued counters, then the replications one by one.
   */
  private async startUp(): Promise<void> {
    await yieldToMain();
    if (this.stopped) return;
    const refusedSub = this.db.collections.refused
      ?.count()
      .$.subscribe((n) => this.status.set({ refused: n }));
    if (refusedSub) this.unsubscribers.push(() => refusedSub.unsubscribe());
    await yieldToMain();
    if (this.stopped) return;
    this.unsubscribers.push(this.counters.onCount((n) => this.status.set({ queuedCounters: n })));
    await yieldToMain();
    if (this.stopped) return;
    if (this.online) {
      this.stream?.start();
      void this.counters.flush();
    } else {
      void this.pauseAll();
    }
    this.schedulePending();
    await yieldToMain();
    await this.startInTurn();
  }

  /**
   * Starts each collection's replication in a task of its own, once this tab leads (several tabs
   * on one database: only the leader replicates); starting them all at once is one long task on a
   * slow phone. Offline, they wait for goOnline, which starts them all.
   */
  private async startInTurn(): Promise<void> {
    if (this.db.multiInstance) await this.db.waitForLeadership();
    for (const r of this.replications) {
      if (this.stopped) return;
      if (this.online) {
        this.startOnline(r);
      } else if (!this.pausedAtStart.has(r) && !runningReplication(r.state)) {
        // Offline: started paused, so nothing goes out, but what waits to be sent can be counted
        // (the status, a sign-out); goOnline starts it for real.
        this.pausedAtStart.add(r);
        await r.state.start().catch(() => undefined);
        if (!this.online) await r.state.pause().catch(() => undefined);
        r.markStarted();
      }
      await yieldToMain();
    }
    this.schedulePending();
  }

  /** Starts `r` online; its first catch-up settles it (a paused start settles after its first). */
  private startOnline(r: CollectionReplication): Promise<void> {
    const started = r.state.start();
    // Errors go to error$; a start that failed leaves nothing to count (countPending says so).
    started.then(r.markStarted, r.markStarted);
    r.settleWith(
      this.pausedAtStart.has(r)
        ? r.caughtUp.then(() => r.state.awaitInSync())
        : r.state.awaitInitialReplication(),
    );
    return started;
  }

  /** Whether this tab replicates (false while another tab of this database leads). */
  get isLeader(): boolean {
    return this.leader;
  }

  /** Whether the live change stream is connected (when not, screens that must stay fresh poll). */
  get streamOpen(): boolean {
    return this.streamState === 'open';
  }

  /** Resolves when every collection is in sync with the server (tests, bench). */
  async awaitInSync(): Promise<void> {
    await Promise.all(this.replications.map((r) => r.state.awaitInSync()));
  }

  /** Every collection pulls (and pushes) now. */
  resync(): void {
    for (const r of this.replications) {
      r.retryPushNow();
      r.state.reSync();
    }
    void this.counters.flush();
  }

  /** The connection went away (or a test cuts it): pause everything. */
  async goOffline(): Promise<void> {
    this.online = false;
    this.stream?.stop();
    await this.pauseAll();
    this.update();
  }

  /** The connection is back: resume with a re-sync, reopen the stream, send queued counters. */
  async goOnline(): Promise<void> {
    if (this.stopped) return;
    this.online = true;
    this.update();
    // Only the tab that leads replicates: a tab that does not lead yet starts once it does
    // (startInTurn), not because the connection came back.
    if (this.leader) await Promise.all(this.replications.map((r) => this.startOnline(r)));
    this.resync();
    this.stream?.start();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stream?.stop();
    if (this.pendingTimer !== undefined) clearTimeout(this.pendingTimer);
    if (this.pollTimer !== undefined) clearInterval(this.pollTimer);
    for (const off of this.unsubscribers) off();
    for (const r of this.replications) r.retryPushNow(true);
    // Ends at its next read: none begins once the replications close their storage.
    await this.counting;
    await Promise.all(this.replications.map((r) => r.state.cancel()));
    this.counters.stop();
  }

  /**
   * Back in view (a phone switched back to the app): what changed meanwhile is pulled now, not at
   * the next poll; the stream may have been cut while the page was hidden. Only by the tab that
   * replicates, and only online (offline, the replications stay paused until goOnline).
   */
  private readonly onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    if (this.stopped || !this.online || !this.leader) return;
    this.resync();
  };

  private readonly onOnline = () => void this.goOnline();
  private readonly onOffline = () => void this.goOffline();
  /**
   * The leading tab recorded a sync, or what it shows changed: a follower tab takes it as its own
   * progress (a change made here is counted and sent there).
   */
  private readonly onStorage = (event: StorageEvent) => {
    if (this.leader) return;
    if (event.key === LAST_SYNC_KEY + this.db.name) {
      this.status.set({ lastSyncAt: event.newValue });
    } else if (event.key === SHARED_STATUS_KEY + this.db.name) {
      this.shared = parseShared(event.newValue);
    } else {
      return;
    }
    this.update();
  };

  private async pauseAll(): Promise<void> {
    await Promise.all(this.replications.map((r) => r.state.pause()));
  }

  /**
   * Recounts what waits to be sent: at once (a change just made must not read 已同步 for a
   * moment), then at most once per 250 ms while writes keep coming (a first sync's bulk writes).
   */
  private schedulePending(): void {
    if (this.stopped) return;
    if (this.pendingTimer !== undefined) {
      this.pendingAgain = true;
      return;
    }
    this.recountPending();
    this.pendingTimer = setTimeout(() => {
      this.pendingTimer = undefined;
      if (this.pendingAgain) {
        this.pendingAgain = false;
        this.schedulePending();
      }
    }, 250);
  }

  /**
   * Counts what waits to be sent, one count at a time: asked for during a count, it counts once
   * more after (during a signed-in first sync a count reads every listing pulled so far, and
   * counts begun every 250 ms piled up, each reading them all).
   */
  private recountPending(): void {
    if (this.counting) {
      this.countAgain = true;
      return;
    }
    this.counting = (async () => {
      do {
        this.countAgain = false;
        try {
          const counts = await Promise.all(
            this.replications.map((r) => countPending(r, { stopped: () => this.stopped })),
          );
          if (this.stopped) return;
          this.pending = counts.reduce((a, b) => a + b, 0);
          this.update();
        } catch (err) {
          if (!this.stopped) console.warn('counting unsent changes failed', err);
        }
      } while (this.countAgain && !this.stopped);
    })().finally(() => (this.counting = null));
  }

  private phase(): SyncPhase {
    if (!this.online) return 'offline';
    if (!this.leader) return this.followerPhase();
    const failing = this.replications.find((r) => r.lastErrorAt > r.lastOkAt);
    if (failing) return 'error';
    if (this.replications.some((r) => r.state.isStopped() === false && isActiveNow(r.state)))
      return 'syncing';
    if (this.replications.every((r) => r.lastOkAt === 0)) return 'connecting';
    return this.pending > 0 ? 'syncing' : 'up-to-date';
  }

  /**
   * A tab that does not lead shows what the leader published. The leader's own offline phase
   * is not taken once this tab is online (the leader follows in a moment): connecting till then.
   */
  private followerPhase(): SyncPhase {
    const shared = this.shared;
    if (shared && shared.phase !== 'offline') return shared.phase;
    if (shared?.phase === 'offline') return 'connecting';
    return this.status.get().lastSyncAt ? 'up-to-date' : 'connecting';
  }

  private update(): void {
    if (this.stopped) return;
    const phase = this.phase();
    const failing = this.replications.find((r) => r.lastErrorAt > r.lastOkAt);
    const next: Parameters<SyncStatusStore['set']>[0] = {
      phase,
      pending: this.leader ? this.pending : (this.shared?.pending ?? 0),
      error: failing?.lastError ?? null,
    };
    if (phase === 'up-to-date' && this.leader) {
      const at = new Date(Math.max(...this.replications.map((r) => r.lastOkAt))).toISOString();
      if (at !== this.status.get().lastSyncAt) storage()?.setItem(LAST_SYNC_KEY + this.db.name, at);
      next.lastSyncAt = at;
    }
    if (this.leader) this.publish({ phase, pending: this.pending });
    this.status.set(next);
  }

  /** The leader tells the other tabs what it shows, when that changed. */
  private publish(status: SharedStatus): void {
    const was = this.shared;
    if (was && was.phase === status.phase && was.pending === status.pending) return;
    this.shared = status;
    storage()?.setItem(SHARED_STATUS_KEY + this.db.name, JSON.stringify(status));
  }
}
