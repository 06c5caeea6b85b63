/**
 * One _changes watcher per synced database, shared by every device's event stream. A watcher that
 * loses the store (restart, network) retries with back-off from where it was and then tells every
 * stream to resync, since changes may have been missed meanwhile.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { SYNC_COLLECTIONS, type SyncCollection } from '@couchdb/model/sync';
import type { Store } from '../store/couch';

export type FeedEvent = { type: 'change'; collection: SyncCollection } | { type: 'resync' };

/** CouchDB ends an idle long-poll after this; PouchDB Server ignores it (we just wait longer). */
const LONGPOLL_TIMEOUT_MS = 55_000;

export class ChangeFeed {
  private readonly events = new EventEmitter();
  private stopped = false;
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {
    this.events.setMaxListeners(0);
  }

  start(): void {
    for (const collection of SYNC_COLLECTIONS) void this.watch(collection);
  }

  subscribe(listener: (event: FeedEvent) => void): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  /** Number of open subscriptions (event streams). */
  get listeners(): number {
    return this.events.listenerCount('event');
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.controllers) c.abort();
  }

  private async watch(collection: SyncCollection): Promise<void> {
    const base = new URL(this.store.url);
    base.username = '';
    base.password = '';
    const url = `${base.origin}${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.store.dbName(collection))}`;
    let since: string | undefined;
    let failures = 0;
    while (!this.stopped) {
      const controller = new AbortController();
      this.controllers.add(controller);
      try {
        if (since === undefined) {
          const info = (await this.store.db(collection).info()) as { update_seq: string | number };
          since = String(info.update_seq);
        }
        // After a failure, ask without waiting: the answer itself proves the store is back.
        const feed = failures > 0 ? 'normal' : 'longpoll';
        const res = await fetch(
          `${url}/_changes?feed=${feed}&since=${encodeURIComponent(since)}&timeout=${LONGPOLL_TIMEOUT_MS}&limit=1000`,
          { signal: controller.signal, headers: authHeaders(this.store.url) },
        );
        if (!res.ok) throw new Error(`_changes answered ${res.status}`);
        const body = (await res.json()) as { results: unknown[]; last_seq: string | number };
        since = String(body.last_seq);
        if (failures > 0) {
          this.logger.info({ collection }, 'change feed recovered');
          this.events.emit('event', { type: 'resync' } satisfies FeedEvent);
        }
        failures = 0;
        if (body.results.length > 0)
          this.events.emit('event', { type: 'change', collection } satisfies FeedEvent);
      } catch (err) {
        if (this.stopped) break;
        failures++;
        const wait = Math.min(500 * 2 ** Math.min(failures - 1, 5), 15_000);
        if (failures === 1)
          this.logger.warn({ collection, err: String(err) }, 'change feed interrupted; retrying');
        await new Promise((r) => setTimeout(r, wait));
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
