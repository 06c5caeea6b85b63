/**
 * Caps the event streams open per signed-in account and per address (STREAM_LIMITS) across every
 * gateway over one store (architecture §12): each open stream holds a lease in the shared limit store,
 * under its address's key and its account's key. A gateway renews the leases of the streams it
 * holds; one that dies stops renewing, and its leases lapse after STREAM_LEASE_MS, so a crash never
 * keeps a village's allowance used up. Admissions for one key are queued within a gateway, so the
 * store sees contention only between gateways.
 */
import { randomUUID } from 'node:crypto';
import { STREAM_LIMITS, TOO_MANY_STREAMS_MESSAGE } from '@couchdb/model/sync';
import { HttpError } from '../http-error';
import type { LimitRecord, LimitStore } from './limits/limit-store';

/** How long a lease lasts without renewal; the holder renews it three times as often. */
export const STREAM_LEASE_MS = 90_000;
const RENEW_MS = STREAM_LEASE_MS / 3;

/** A key's live leases: lease id → when it lapses (epoch ms). */
interface LeaseRecord extends LimitRecord {
  leases: Record<string, number>;
}

const liveLeases = (record: LeaseRecord | null, now: number): Record<string, number> =>
  Object.fromEntries(Object.entries(record?.leases ?? {}).filter(([, until]) => until > now));

function withLeases(leases: Record<string, number>): LeaseRecord | null {
  const untils = Object.values(leases);
  return untils.length ? { leases, expires_at: Math.max(...untils) } : null;
}

export class StreamGate {
  /** The leases this gateway holds, by key (renewed together, one write a key). */
  private readonly held = new Map<string, Set<string>>();
  /** Admissions and releases per key, one at a time within this gateway. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly renewer: NodeJS.Timeout;

  constructor(private readonly limits: LimitStore) {
    this.renewer = setInterval(() => void this.renew(), RENEW_MS);
    this.renewer.unref();
  }

  /** Runs `work` after the key's earlier admissions and releases within this gateway. */
  private queued<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  /** Takes a lease under `key` unless `cap` leases are live there; says whether it got one. */
  private take(key: string, lease: string, cap: number): Promise<boolean> {
    return this.queued(key, async () => {
      let granted = false;
      await this.limits.update<LeaseRecord>(`stream:${key}`, (current, now) => {
        const leases = liveLeases(current, now);
        granted = Object.keys(leases).length < cap;
        if (!granted) return current;
        return withLeases({ ...leases, [lease]: now + STREAM_LEASE_MS });
      });
      if (granted) {
        const mine = this.held.get(key) ?? new Set<string>();
        mine.add(lease);
        this.held.set(key, mine);
      }
      return granted;
    });
  }

  private give(key: string, lease: string): Promise<void> {
    const mine = this.held.get(key);
    mine?.delete(lease);
    if (mine?.size === 0) this.held.delete(key);
    return this.queued(key, async () => {
      await this.limits.update<LeaseRecord>(`stream:${key}`, (current, now) => {
        if (!current?.leases[lease]) return current;
        const { [lease]: _gone, ...rest } = liveLeases(current, now);
        return withLeases(rest);
      });
    });
  }

  /** Renews every lease this gateway holds, one write a key. */
  private async renew(): Promise<void> {
    await Promise.all(
      [...this.held].map(([key, mine]) =>
        this.queued(key, () =>
          this.limits.update<LeaseRecord>(`stream:${key}`, (current, now) => {
            const leases = liveLeases(current, now);
            for (const lease of mine) leases[lease] = now + STREAM_LEASE_MS;
            return withLeases(leases);
          }),
        ).catch(() => undefined),
      ),
    );
  }

  /**
   * Admits one stream for the account (if any) and address; resolves to its release (safe to call
   * more than once), or rejects with 429 beyond a cap.
   */
  async admit(accountId: string | null, address: string): Promise<() => void> {
    const lease = randomUUID();
    const keys: [string, number][] = [[`ip:${address}`, STREAM_LIMITS.perAddress]];
    if (accountId) keys.push([`u:${accountId}`, STREAM_LIMITS.perAccount]);
    const taken: string[] = [];
    const release = () => {
      for (const key of taken.splice(0)) {
        this.give(key, lease).catch(() => undefined); // lapses by itself otherwise
      }
    };
    for (const [key, cap] of keys) {
      if (!(await this.take(key, lease, cap))) {
        release();
        throw new HttpError(429, 'rate_limited', TOO_MANY_STREAMS_MESSAGE, undefined, {
          'Retry-After': String(STREAM_LIMITS.retryAfterSeconds),
        });
      }
      taken.push(key);
    }
    return release;
  }

  /** Stops renewing (the gateway is closing; its leases lapse unless released first). */
  close(): void {
    clearInterval(this.renewer);
  }
}
