/**
 * Counter calls (views, contact opens, likes) go through a device queue: recorded at once, sent
 * when a connection exists, so an offline view still counts later (couchdb/model/sync.ts).
 * Visitors identify their device with DEVICE_ID_HEADER (a random id kept in localStorage).
 */
import { newId } from '@couchdb/model/common-facts';
import type { CounterResponse } from '@couchdb/model/sync';
import type { DeviceDatabase } from '../storage/database';
import type { CounterKind, CounterQueueDoc } from '../schemas/counter-queue.schema';
import { Backoff, type BackoffPolicy } from '@client/lib/backoff';
import { ApiError } from '@client/lib/http';
import type { SyncHttp } from './sync-http';

const DEVICE_ID_KEY = 'cjfc.device.id';
/** A call that failed for now (no answer, a server fault) is tried again from 1 s, doubling. */
const RETRY: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000 };

/** This device's random id (created once, kept in localStorage). */
export function deviceId(): string {
  let store: Storage | null = null;
  try {
    store = globalThis.localStorage ?? null;
  } catch {
    store = null;
  }
  const existing = store?.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const id = newId();
  store?.setItem(DEVICE_ID_KEY, id);
  return id;
}

/** The endpoint of each counter kind. */
export function counterPath(kind: CounterKind, targetId: string): string {
  const id = encodeURIComponent(targetId);
  switch (kind) {
    case 'property_view':
      return `/api/properties/${id}/view`;
    case 'property_contact':
      return `/api/properties/${id}/contact`;
    case 'news_view':
      return `/api/news/${id}/view`;
    case 'news_like':
      return `/api/news/${id}/like`;
  }
}

export class CounterQueue {
  private flushing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly backoff = new Backoff(RETRY);
  private readonly listeners = new Set<(n: number) => void>();
  /** The queue's count, watched once someone listens (a query on the device: not at set-up). */
  private sub: { unsubscribe(): void } | undefined;

  constructor(
    private readonly db: DeviceDatabase,
    private readonly http: SyncHttp,
    private readonly isOnline: () => boolean,
  ) {}

  /** Records a counter call; it is sent now when online, else when the connection returns. */
  async record(kind: CounterKind, targetId: string): Promise<void> {
    const queue = this.db.collections.counter_queue;
    if (!queue) return;
    await queue.insert({
      id: newId(),
      kind,
      target_id: targetId,
      created_at: new Date().toISOString(),
    });
    void this.flush();
  }

  onCount(listener: (n: number) => void): () => void {
    this.listeners.add(listener);
    if (!this.stopped) {
      this.sub ??= this.db.collections.counter_queue?.count().$.subscribe((n) => {
        for (const each of this.listeners) each(n);
      });
    }
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends the queue in order; stops at the first failure for now (kept, and tried again after a
   * back-off while connected, or on the next reconnect).
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.run()
      .then((interrupted) => {
        if (!interrupted) this.backoff.reset();
        // Still connected but the call failed: nothing else would send the queue again until the
        // next record or reconnect, so try again later.
        else if (!this.stopped && this.isOnline()) this.scheduleRetry();
      })
      .finally(() => {
        this.flushing = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.flush();
        }
      });
    return this.flushing;
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.sub?.unsubscribe();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, this.backoff.next());
  }

  /** Sends what is queued; true when a call failed for now and the rest was kept for later. */
  private async run(): Promise<boolean> {
    const queue = this.db.collections.counter_queue;
    if (!queue) return false;
    while (!this.stopped && this.isOnline()) {
      const batch: { toJSON(): CounterQueueDoc; remove(): Promise<unknown> }[] = await queue
        .find({ sort: [{ id: 'asc' }], limit: 20 })
        .exec();
      if (batch.length === 0) return false;
      for (const doc of batch) {
        const call = doc.toJSON();
        try {
          await this.http.json<CounterResponse>('POST', counterPath(call.kind, call.target_id));
        } catch (err) {
          // No answer or a server fault: keep it for a retry.
          if (!(err instanceof ApiError) || err.isTransient) {
            console.warn('counter call failed, kept for a retry', call, String(err));
            return true;
          }
          // Refused for good (e.g. the listing is gone): drop it, but say so.
          console.warn('counter call refused, dropped', call, err.message);
        }
        if (this.stopped) return false;
        await doc.remove();
      }
    }
    return false;
  }
}
