/**
 * The accounts as they are now, for every request: an access token names its holder, but the
 * holder's role and enabled state are read here, so an admin's change applies at once, without
 * waiting for the token to expire (spec §2 Admin users). Entries are cached briefly and dropped as
 * soon as the users feed reports a change (every gateway watches it, so several agree within the
 * feed's delay) or this gateway changes an account itself.
 */
import type { UserRole } from '@couchdb/model/roles';
import { couchStatus, type Store } from '../store/couch';
import type { ChangeFeed } from './change-feed';

export interface AccountState {
  role: UserRole;
  enabled: boolean;
}

/** A safety net for a feed that is late: entries older than this are read again. */
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class AccountDirectory {
  private readonly cache = new Map<string, { at: number; state: Promise<AccountState | null> }>();

  constructor(
    private readonly store: Store,
    feed?: ChangeFeed,
  ) {
    feed?.subscribe((event) => {
      if (event.type === 'resync' || event.collection === 'users') this.cache.clear();
    });
  }

  /** The account's current role and enabled state, or null when it no longer exists. */
  current(userId: string): Promise<AccountState | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.state;
    const state = this.read(userId);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(userId, { at: Date.now(), state });
    state.catch(() => this.cache.delete(userId));
    return state;
  }

  /** Forgets an account (this gateway just changed it). */
  forget(userId: string): void {
    this.cache.delete(userId);
  }

  private async read(userId: string): Promise<AccountState | null> {
    try {
      const doc = (await this.store.db('users').get(userId)) as unknown as {
        user_type: UserRole;
        is_verified?: boolean;
      };
      return { role: doc.user_type, enabled: doc.is_verified !== false };
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }
}
