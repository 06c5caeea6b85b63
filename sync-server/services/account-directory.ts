/**
 * The accounts as they are now, for every request: an access token names its holder, but the
 * holder's role and enabled state are read here, so an admin's change applies at once, without
 * waiting for the token to expire (product §2 Admin users). Entries are cached briefly and dropped as
 * soon as the users feed reports a change (every gateway watches it, so several agree within the
 * feed's delay) or this gateway changes an account itself.
 *
 * Likewise the sessions: an access token names the session it was issued in, and a session ended
 * (sign-out, a password changed or reset, a stolen refresh token replayed) ends its access tokens
 * with it. The gateway that ends one forgets it at once; the private auth database has no feed, so
 * other gateways learn it within ACCOUNT_STATE_MAX_AGE_MS.
 */
import type { UserRole } from '@couchdb/model/roles';
import { couchStatus, type Store } from '../store/couch';
import { sessionDocId } from './auth-service';
import type { ChangeFeed } from './change-feed';

export interface AccountState {
  role: UserRole;
  enabled: boolean;
}

/**
 * Entries older than this are read again: a safety net for a feed that is late, and how long
 * another gateway may still take a session ended here for live.
 */
export const ACCOUNT_STATE_MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** What is read of a session (auth-service.ts FamilyDoc). */
interface SessionDoc {
  user_id: string;
  revoked: boolean;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** `read(key)`, kept ACCOUNT_STATE_MAX_AGE_MS; a failed read is not kept. */
function cached<T>(
  cache: Map<string, Entry<T>>,
  key: string,
  read: (key: string) => Promise<T>,
): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ACCOUNT_STATE_MAX_AGE_MS) return hit.value;
  const value = read(key);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

export class AccountDirectory {
  private readonly cache = new Map<string, Entry<AccountState | null>>();
  private readonly sessions = new Map<string, Entry<SessionDoc | null>>();

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
    return cached(this.cache, userId, (id) => this.read(id));
  }

  /** Whether the session `sessionId` of the account `userId` goes on (not ended, and its own). */
  async sessionLive(userId: string, sessionId: string): Promise<boolean> {
    const session = await cached(this.sessions, sessionId, (id) => this.readSession(id));
    return session !== null && !session.revoked && session.user_id === userId;
  }

  /** Forgets an account (this gateway just changed it). */
  forget(userId: string): void {
    this.cache.delete(userId);
  }

  /** Forgets a session (this gateway just ended it). */
  forgetSession(sessionId: string): void {
    this.sessions.delete(sessionId);
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

  private async readSession(sessionId: string): Promise<SessionDoc | null> {
    try {
      return (await this.store.db('auth').get(sessionDocId(sessionId))) as unknown as SessionDoc;
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }
}
