/**
 * One _changes watcher per synced database, shared by every device's event stream. A watcher that
 * loses the store (restart, network) retries with back-off from where it was and then tells every
 * stream to resync, since changes may have been missed meanwhile.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { SYNC_COLLECTIONS, type SyncCollection } from '@couchdb/model/sync';
import type { Store } from '../store/couch';
import { ChangeLog } from './change-log';
import type { StoredDoc } from './sync/projection';

export type FeedEvent = { type: 'change'; collection: SyncCollection } | { type: 'resync' };

/** CouchDB ends an idle long-poll after this; PouchDB Server ignores it (we just wait longer). */
const LONGPOLL_TIMEOUT_MS = 55_000;
/** Changes read per request while loading a feed. */
const FEED_PAGE = 1000;

export class ChangeFeed {
  private readonly events = new EventEmitter();
  private stopped = false;
  private readonly controllers = new Set<AbortController>();
  private readonly logs = new Map<SyncCollection, ChangeLog>();
  private stopNoting: (() => void) | undefined;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {
    this.events.setMaxListeners(0);
  }

  start(): void {
    // Every write this gateway makes to a synced database (a push, an admin's or a report's REST
    // action, a counter) is its own: signed-in pulls wait for the feed to bring it. A push also
    // names its writer (expectWrite below), for that caller's read-your-writes.
    this.stopNoting = this.store.onWrite((name, id, rev) =>
      this.logs.get(name as SyncCollection)?.expect(id, rev),
    );
    for (const collection of SYNC_COLLECTIONS) void this.watch(collection);
  }

  subscribe(listener: (event: FeedEvent) => void): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  /**
   * The in-memory feed of a collection, once fully read; undefined while loading and for the
   * operation log (which grows without bound and is read by admins only, straight from the store).
   * It is served while writes are in flight (a pull waits briefly for this gateway's earlier writes).
   */
  log(collection: SyncCollection): ChangeLog | undefined {
    const log = this.logs.get(collection);
    return log?.ready ? log : undefined;
  }

  /** Which collections are served from memory (true) or still loading (false). */
  status(): Record<string, boolean> {
    return Object.fromEntries([...this.logs].map(([name, log]) => [name, log.ready]));
  }

  /**
   * Notes a write this gateway made (by `writer`, an account id, if any): later pulls wait briefly
   * for the feed to bring it, and its writer's pulls read the store if the feed is later than that.
   */
  expectWrite(collection: SyncCollection, id: string, rev: string, writer?: string): void {
    this.logs.get(collection)?.expect(id, rev, writer);
  }

  /** Number of open subscriptions (event streams). */
  get listeners(): number {
    return this.events.listenerCount('event');
  }

  stop(): void {
    this.stopped = true;
    this.stopNoting?.();
    for (const c of this.controllers) c.abort();
  }

  /** Whether the store keeps one copy of each of the database's changes (CouchDB's n; not known: no). */
  private async keepsOneCopy(collection: SyncCollection): Promise<boolean> {
    try {
      const info = (await this.store.db(collection).info()) as { cluster?: { n?: number } };
      return info.cluster?.n === 1;
    } catch {
      return false;
    }
  }

  private async watch(collection: SyncCollection): Promise<void> {
    const base = new URL(this.store.url);
    base.username = '';
    base.password = '';
    const url = `${base.origin}${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.store.dbName(collection))}`;
    const log = collection === 'oplog' ? undefined : new ChangeLog();
    if (log) {
      this.logs.set(collection, log);
      log.singleCopy = await this.keepsOneCopy(collection);
    }
    // A cached collection reads its whole feed first; the log only follows changes from now on.
    let since: string | undefined = log ? '0' : undefined;
    let failures = 0;
    while (!this.stopped) {
      const controller = new AbortController();
      this.controllers.add(controller);
      try {
        if (since === undefined) {
          const info = (await this.store.db(collection).info()) as { update_seq: string | number };
          since = String(info.update_seq);
        }
        // While loading, and after a failure, ask without waiting (the answer proves the store is back).
        const wait = failures === 0 && (!log || log.ready);
        const params = new URLSearchParams({
          feed: wait ? 'longpoll' : 'normal',
          since,
          limit: String(FEED_PAGE),
          timeout: String(LONGPOLL_TIMEOUT_MS),
        });
        if (log) params.set('include_docs', 'true');
        const res = await fetch(`${url}/_changes?${params}`, {
          signal: controller.signal,
          headers: authHeaders(this.store.url),
        });
        if (!res.ok) throw new Error(`_changes answered ${res.status}`);
        const body = (await res.json()) as {
          results: { seq: string | number; id: string; deleted?: boolean; doc?: StoredDoc }[];
          last_seq: string | number;
        };
        since = String(body.last_seq);
        if (log) {
          for (const row of body.results) {
            const doc = row.id.startsWith('_design/') || !row.doc ? null : row.doc;
            log.append(String(row.seq), doc && row.deleted ? { ...doc, _deleted: true } : doc);
          }
          if (!log.ready && body.results.length < FEED_PAGE) {
            log.ready = true;
            this.logger.info({ collection, documents: log.size }, 'change log loaded');
          }
        }
        if (failures > 0) {
          this.logger.info({ collection }, 'change feed recovered');
          this.events.emit('event', { type: 'resync' } satisfies FeedEvent);
        }
        failures = 0;
        if (body.results.length > 0 && (!log || log.ready)) {
          this.events.emit('event', { type: 'change', collection } satisfies FeedEvent);
        }
      } catch (err) {
        if (this.stopped) break;
        // fetch rejects (TypeError) only when the store gave no answer at all.
        if (err instanceof TypeError) this.store.reportUnreachable();
        failures++;
        const delay = Math.min(500 * 2 ** Math.min(failures - 1, 5), 15_000);
        if (failures === 1)
          this.logger.warn({ collection, err: String(err) }, 'change feed interrupted; retrying');
        await new Promise((r) => setTimeout(r, delay));
      } finally {
        this.controllers.delete(controller);
      }
    }
  }
}

/** Basic auth for a store URL with credentials (fetch refuses URLs that carry them). */
function authHeaders(storeUrl: string): Record<string, string> {
  const u = new URL(storeUrl);
  if (!u.username) return {};
  const token = Buffer.from(
    `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`,
  ).toString('base64');
  return { Authorization: `Basic ${token}` };
}
