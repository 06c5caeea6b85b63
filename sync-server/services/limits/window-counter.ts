/**
 * Fixed counting windows in the shared limit store: at most `max` a key per window (registrations,
 * counter calls per address), and "seen in this window" marks (a view counted once per person).
 * A key's record lives as long as its window, so storage holds only the windows still open.
 */
import type { LimitRecord, LimitStore } from './limit-store';

interface WindowRecord extends LimitRecord {
  count: number;
}

export class WindowCounter {
  constructor(private readonly store: LimitStore) {}

  /** Counts one for `key`: 0 when within `max` for the window, else the ms until it closes. */
  async take(key: string, max: number, windowMs: number): Promise<number> {
    let wait = 0;
    await this.store.update<WindowRecord>(key, (current, now) => {
      if (current && current.count >= max) {
        wait = current.expires_at - now;
        return current;
      }
      wait = 0;
      return {
        count: (current?.count ?? 0) + 1,
        expires_at: current?.expires_at ?? now + windowMs,
      };
    });
    return wait;
  }

  /** Whether `key` is marked in a window now (reads only). */
  async marked(key: string): Promise<boolean> {
    return (await this.store.update<WindowRecord>(key, (current) => current)) !== null;
  }

  /** True the first time `key` is marked in a window, false while its mark lasts. */
  async firstTime(key: string, windowMs: number): Promise<boolean> {
    let first = false;
    await this.store.update<WindowRecord>(key, (current, now) => {
      first = current === null;
      return current ?? { count: 1, expires_at: now + windowMs };
    });
    return first;
  }
}
