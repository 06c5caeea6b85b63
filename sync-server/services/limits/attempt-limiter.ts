/**
 * Attempts with growing delays (password checks, registrations): a key's first `free` attempts go
 * through at once, then each further one must wait twice as long as the one before. An attempt is
 * taken atomically in the shared limit store before the work it guards, so a burst of concurrent
 * requests gets no more than the free ones through, on any number of gateways.
 */
import type { LimitRecord, LimitStore } from './limit-store';

export interface AttemptPolicy {
  /** Attempts allowed one after another before any delay. */
  free: number;
  /** The wait after the last free attempt; it doubles with each attempt after, up to maxDelayMs. */
  delayMs: number;
  maxDelayMs: number;
  /** A key forgets its attempts this long after the last one's wait ends. */
  windowMs: number;
}

interface AttemptRecord extends LimitRecord {
  count: number;
  /** Epoch ms before which the next attempt is refused. */
  next_at: number;
}

/** The wait after attempt number `count` (1-based) under `policy`. */
export function delayAfter(count: number, policy: AttemptPolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.delayMs * 2 ** (count - policy.free));
}

export class AttemptLimiter {
  constructor(private readonly store: LimitStore) {}

  /**
   * Takes one attempt: 0 when it may go ahead, else the milliseconds to wait (nothing taken).
   * Attempts made before `since` (epoch ms) do not count: the key starts afresh.
   */
  async take(key: string, policy: AttemptPolicy, since = 0): Promise<number> {
    let wait = 0;
    await this.store.update<AttemptRecord>(key, (stored, now) => {
      const lastAttempt = stored ? stored.next_at - delayAfter(stored.count, policy) : 0;
      const current = stored && lastAttempt >= since ? stored : null;
      wait = current && current.next_at > now ? current.next_at - now : 0;
      if (wait > 0) return current;
      const count = (current?.count ?? 0) + 1;
      const nextAt = now + delayAfter(count, policy);
      return { count, next_at: nextAt, expires_at: nextAt + policy.windowMs };
    });
    return wait;
  }

  /** The milliseconds `key` must still wait before its next attempt (0: none); writes nothing. */
  async waiting(key: string): Promise<number> {
    let wait = 0;
    await this.store.update<AttemptRecord>(key, (current, now) => {
      wait = current && current.next_at > now ? current.next_at - now : 0;
      return current;
    });
    return wait;
  }

  /** Records the present moment under `key` for `keepMs` (e.g. when a password was reset). */
  async mark(key: string, keepMs: number): Promise<void> {
    await this.store.update<AttemptRecord>(key, (_current, now) => ({
      count: 0,
      next_at: now,
      expires_at: now + keepMs,
    }));
  }

  /** When `key` was last marked (epoch ms), or 0. */
  async markedAt(key: string): Promise<number> {
    let at = 0;
    await this.store.update<AttemptRecord>(key, (current) => {
      at = current?.next_at ?? 0;
      return current;
    });
    return at;
  }

  /** Forgets a key's attempts (its owner proved who they are). */
  async forget(key: string): Promise<void> {
    await this.store.update<AttemptRecord>(key, () => null);
  }

  /** Returns one attempt that turned out not to count (a shared key's successful login). */
  async giveBack(key: string, policy: AttemptPolicy): Promise<void> {
    await this.store.update<AttemptRecord>(key, (current, now) => {
      if (!current || current.count === 0) return current;
      const count = current.count - 1;
      const nextAt = Math.min(current.next_at, now + delayAfter(count, policy));
      return { count, next_at: nextAt, expires_at: nextAt + policy.windowMs };
    });
  }
}
