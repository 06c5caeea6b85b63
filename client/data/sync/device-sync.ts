/**
 * Everything that syncs one open database (DeviceSync): the replications of its collections
 * (replication.ts), the SSE stream, the counter queue, online/offline and coming into view, the
 * tabs' leader, and the sync status the screens show, with the count of unsent changes.
 */
import { isSyncCollection } from '@couchdb/model/sync';
import { yieldToMain } from '@client/lib/when-idle';
import { CounterQueue } from './counters';
import type { DeviceDatabase } from '../storage/database';
import { countPending } from './pending-count';
import {
  collectionsFor,
  replicateCollection,
  type CollectionReplication,
  type ReplicationOptions,
} from './replication';
import { isActiveNow, pullWriteContext, runningReplication } from '../storage/rxdb-internals';
import { SyncStream, type StreamState } from './sync-stream';
import {
  syncStatus as defaultStatusStore,
  type SyncPhase,
  type SyncStatusStore,
} from './sync-status';

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
        r.state.active$.subscribe((active) => {
          this.update();
          // Idle again: RxDB has stored what it sent (sent$ comes before it does), so a count
          // begun at sent$ may have found the change still unsent.
          if (!active && r.push) this.schedulePending();
        }),
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
      // collection has nothing to send or count. The replication's own pulled writes leave
      // nothing to send (its push skips them) and are counted once it is idle again (active$):
      // a count for each of a signed-in first sync's writes read back every listing pulled so far.
      if (!r.push) continue;
      const changes = r.state.collection.eventBulks$.subscribe((bulk) => {
        const pulledContext = runningReplication(r.state) ? pullWriteContext(r.state) : null;
        void Promise.resolve(pulledContext).then((pulled) => {
          if (bulk.context === pulled) return;
          r.retryPushNow();
          this.schedulePending();
        });
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
