/**
 * The signed-in session: who the user is (cached for offline boots) and the access token
 * (memory only). Refreshes the token before it expires and after a 401, one refresh at a time
 * across tabs, because every refresh rotates the cookie and a reused one is refused.
 */
import type { LoginInput, RegisterRequest } from '@couchdb/model/auth';
import { AUTH_REFRESH_BACKOFF_START_MS, SIGN_OUT_SERVER_WAIT_MS } from '@couchdb/model/constants';
import { AUTH_MESSAGES, messageForStatus } from '@couchdb/model/errors';
import { hasSessionHint } from '@couchdb/model/session-cookies';
import type { User } from '@couchdb/model/user';
import { Backoff } from '@client/lib/backoff';
import { ApiError, HttpClient, registerAccessTokens, type RequestOptions } from '@client/lib/http';
import { orAfter } from '@client/lib/or-after';
import { REFRESH_LOCK } from './refresh-lock';
import type { AuthApi, SessionResponse } from './auth-api';
import {
  clearPendingRevocation,
  readPendingRevocation,
  writePendingRevocation,
} from './pending-revocation';
import { clearCachedUser, readCachedUser, USER_KEY, writeCachedUser } from './user-cache';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** How a sign-out ended: the server revoked the session, or it will when a connection returns. */
export type SignOutResult = 'revoked' | 'revocation-pending';

export interface SessionState {
  status: AuthStatus;
  user: User | null;
  /**
   * Signed out because the server ended the session (not by the user): the login page says so and
   * fills in the phone of the account whose session ended. `reason`: the server's own words when
   * they say more than an expired session (账号已被禁用).
   */
  ended?: { phone: string; reason?: string };
}

/** Renew this long before the access token runs out. */
const REFRESH_AHEAD_MS = 60_000;
const MIN_REFRESH_DELAY_MS = 5_000;
/** Failed renewals retry from 200 ms, doubling (product §9), up to a minute. */
const RETRY_MAX_MS = 60_000;

/**
 * Whether the gateway set a refresh cookie for this browser (its page-readable hint), or null where
 * there are no cookies to read (outside a page).
 */
function readSessionHint(): boolean | null {
  try {
    const cookie = globalThis.document?.cookie;
    return typeof cookie === 'string' ? hasSessionHint(cookie) : null;
  } catch {
    return null;
  }
}

/** Token lifetime from the JWT's own iat/exp, so a wrong device clock does not matter. */
function tokenLifetimeMs(token: string, expiresAt: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { iat, exp } = JSON.parse(json) as { iat?: number; exp?: number };
    if (typeof iat === 'number' && typeof exp === 'number' && exp > iat) return (exp - iat) * 1000;
  } catch {
    // Not a readable JWT: fall back to the server's expiry time below.
  }
  return Math.max(0, Date.parse(expiresAt) - Date.now());
}

/** The browser knows it has no connection (onLine true may still be wrong; false is not). */
const isOffline = (): boolean => globalThis.navigator?.onLine === false;

function isSignedOutAnswer(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

/** The real calls, loaded on first use: they bring zod, which the first paint does not need. */
const loadAuthApi = () => import('./auth-api').then((m) => m.authApi);
const lazyAuthApi: AuthApi = {
  login: async (input) => (await loadAuthApi()).login(input),
  register: async (input) => (await loadAuthApi()).register(input),
  refresh: async () => (await loadAuthApi()).refresh(),
  logout: async (token) => (await loadAuthApi()).logout(token),
};

export class SessionManager {
  private state: SessionState;
  private accessToken: string | null = null;
  private tokenExpiresAt = 0;
  private readonly listeners = new Set<() => void>();
  private inFlight: Promise<string | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly retryBackoff = new Backoff({
    baseMs: AUTH_REFRESH_BACKOFF_START_MS,
    maxMs: RETRY_MAX_MS,
  });
  /** The signed-in user's calls: a token is required, renewed once on a 401. */
  private readonly http = new HttpClient({
    tokens: { getAccessToken: () => this.currentToken(), refreshAccessToken: () => this.refresh() },
  });
  private unregisterTokens: (() => void) | null = null;
  private running = false;
  /** Set once the server said there is no session; cleared by a successful sign-in. */
  private knownSignedOut = false;
  /** Bumped by sign-in and sign-out, so a refresh answer that arrives later is ignored. */
  private generation = 0;

  constructor(private readonly api: AuthApi = lazyAuthApi) {
    // After an offline sign-out the refresh cookie is still here, but its session is over.
    const owed = readPendingRevocation() !== null;
    const cached = owed ? null : readCachedUser();
    // A cached identity is shown at once (offline-first); the refresh below confirms or clears it.
    // Without one, a browser the gateway never gave a session is a visitor at once: no refresh
    // round trip, and no re-render of the whole app when it answers.
    const visitor = owed || (!cached && readSessionHint() === false);
    this.knownSignedOut = visitor;
    this.state = cached
      ? { status: 'authenticated', user: cached }
      : { status: visitor ? 'anonymous' : 'loading', user: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionState => this.state;

  /** Restores the session from the refresh cookie; returns a stop function. */
  start(): () => void {
    if (!this.running) {
      this.running = true;
      // The data layer's calls (sync, stream, uploads) read this session's token at call time.
      this.unregisterTokens = registerAccessTokens(this);
      globalThis.addEventListener?.('online', this.onOnline);
      globalThis.addEventListener?.('storage', this.onStorage);
      if (readPendingRevocation()) this.revokeOwed().catch(() => undefined);
      else if (!this.knownSignedOut) this.refresh().catch(() => undefined);
    }
    return () => this.stop();
  }

  stop(): void {
    this.running = false;
    this.unregisterTokens?.();
    this.unregisterTokens = null;
    globalThis.removeEventListener?.('online', this.onOnline);
    globalThis.removeEventListener?.('storage', this.onStorage);
    this.clearTimer();
  }

  /**
   * Gets a new access token with the refresh cookie. Resolves null when the server says the
   * session is over (the cached identity is cleared); rejects on network or server trouble
   * (the identity is kept and the renewal retried).
   */
  refresh(): Promise<string | null> {
    this.inFlight ??= this.refreshOnce().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  async login(input: LoginInput): Promise<User> {
    // After any renewal under way here or in another tab: its answer sets the cookie too, and one
    // arriving after the login's would put the previous session's cookie back.
    const session = await this.afterRenewals(async () => {
      // The previous session's cookie goes first: the login's answer replaces it.
      await this.revokeOwedLocked();
      return this.api.login(input);
    });
    this.generation += 1;
    this.apply(session);
    return session.user;
  }

  register(input: RegisterRequest): Promise<User> {
    return this.api.register(input);
  }

  /**
   * Forgets the session on this device at once and revokes it on the server: now when there is a
   * connection, else (or when the call fails) at the next online moment, whoever is signed in then.
   * A revocation with no answer within SIGN_OUT_SERVER_WAIT_MS goes on in the background (and is
   * owed until it has one): the user is signed out here without waiting for a slow connection.
   */
  async logout(): Promise<SignOutResult> {
    writePendingRevocation({ userId: this.state.user?.id ?? null, at: new Date().toISOString() });
    const offline = globalThis.navigator?.onLine === false;
    let result: SignOutResult = 'revocation-pending';
    if (!offline) {
      const sent = this.afterRenewals(() => this.revokeOwedLocked()).then(
        () => 'revoked' as const,
        (err: unknown) => {
          console.warn('[session] sign-out not sent; it is sent when the connection returns', err);
          return 'revocation-pending' as const;
        },
      );
      result = await orAfter(sent, SIGN_OUT_SERVER_WAIT_MS, () => 'revocation-pending' as const);
    }
    this.generation += 1;
    this.clear();
    return result;
  }

  /** Sends the revocation an earlier offline sign-out left owed (no-op when none is). */
  revokeOwed(): Promise<void> {
    if (!readPendingRevocation()) return Promise.resolve();
    return this.afterRenewals(() => this.revokeOwedLocked());
  }

  /** Inside the refresh lock: POST /api/auth/logout with the cookie, then forget the record. */
  private async revokeOwedLocked(): Promise<void> {
    if (!readPendingRevocation()) return;
    await this.api.logout(null);
    clearPendingRevocation();
  }

  /** Replaces the signed-in user's profile (after an edit) and its cached copy. */
  updateUser(user: User): void {
    if (this.state.status !== 'authenticated') return;
    writeCachedUser(user);
    this.setState({ status: 'authenticated', user });
  }

  /** A gateway call as the signed-in user; on a 401 it renews the token and retries once. */
  request<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
    return this.http.json<T>(path, options);
  }

  /**
   * The access token for a data-layer call, read at call time (renewed when due), or null for a
   * visitor. Rejects when a due renewal fails, so the caller retries later.
   */
  getAccessToken = async (): Promise<string | null> => {
    if (this.state.status !== 'authenticated') return null;
    return this.currentToken();
  };

  /** A renewed access token after a 401, or null when the session is over. */
  refreshAccessToken = (): Promise<string | null> => this.refresh();

  private async currentToken(): Promise<string> {
    if (this.accessToken && Date.now() < this.tokenExpiresAt - MIN_REFRESH_DELAY_MS) {
      return this.accessToken;
    }
    const token = await this.refresh();
    if (!token) throw new ApiError(401, 'unauthorized', messageForStatus(401));
    return token;
  }

  private async refreshOnce(): Promise<string | null> {
    // The cookie belongs to a signed-out session: revoke it rather than renew it.
    if (readPendingRevocation()) {
      await this.revokeOwedUnderLock();
      return null;
    }
    const generation = this.generation;
    try {
      // Offline, the renewal cannot go through: no request (each would fail and be logged); the
      // `online` event renews.
      if (isOffline()) throw new ApiError(0, 'network_error', AUTH_MESSAGES.networkError);
      const session = await this.withRefreshLock(() => this.api.refresh());
      if (generation !== this.generation) return this.accessToken;
      this.apply(session);
      return session.accessToken;
    } catch (err) {
      if (generation !== this.generation) return this.accessToken;
      if (isSignedOutAnswer(err)) {
        const user = this.state.status === 'authenticated' ? this.state.user : null;
        const reason =
          (err as ApiError).code === 'account_disabled' ? (err as ApiError).message : undefined;
        this.clear({
          ended: user ? { phone: user.phone, ...(reason ? { reason } : {}) } : undefined,
        });
        return null;
      }
      if (this.state.status === 'loading') {
        this.setState({ status: 'anonymous', user: null });
      } else if (!isOffline() && (this.state.status === 'authenticated' || readCachedUser())) {
        // Signed in, or signed out here while another tab signed in (its user is cached): the
        // renewal is tried again, so a slow or failed answer does not leave this tab behind.
        this.scheduleRetry();
      }
      throw err;
    }
  }

  /** Runs a call that sets the session cookie once no renewal is under way, in any tab. */
  private async afterRenewals<T>(run: () => Promise<T>): Promise<T> {
    await this.inFlight?.catch(() => undefined);
    return this.withRefreshLock(run);
  }

  /** Serialises refreshes across tabs: they share the cookie, and each use rotates it. */
  private withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
    const locks = globalThis.navigator?.locks;
    return locks ? locks.request(REFRESH_LOCK, run) : run();
  }

  private apply(session: SessionResponse): void {
    this.accessToken = session.accessToken;
    const lifetime = tokenLifetimeMs(session.accessToken, session.expiresAt);
    this.tokenExpiresAt = Date.now() + lifetime;
    this.retryBackoff.reset();
    this.knownSignedOut = false;
    writeCachedUser(session.user);
    this.setState({ status: 'authenticated', user: session.user });
    this.schedule(Math.max(MIN_REFRESH_DELAY_MS, lifetime - REFRESH_AHEAD_MS));
  }

  private clear({ ended }: { ended?: SessionState['ended'] } = {}): void {
    this.accessToken = null;
    this.tokenExpiresAt = 0;
    this.knownSignedOut = true;
    this.clearTimer();
    clearCachedUser();
    this.setState(
      ended ? { status: 'anonymous', user: null, ended } : { status: 'anonymous', user: null },
    );
  }

  private scheduleRetry(): void {
    this.schedule(this.retryBackoff.next());
  }

  private schedule(delay: number): void {
    this.clearTimer();
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh().catch(() => undefined);
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private readonly onOnline = (): void => {
    if (readPendingRevocation()) {
      this.revokeOwed().catch((err: unknown) =>
        console.warn('[session] the owed sign-out is not sent yet', err),
      );
    } else if (!this.knownSignedOut) this.refresh().catch(() => undefined);
  };

  /**
   * Another tab of this browser signed out or in (the tabs share the refresh cookie): this one
   * follows. Signed out there, it is signed out here too (the other tab revoked the session and
   * decided about the device data); signed in as someone else, it takes the new session from the
   * cookie; the same user's edited profile is taken as it is.
   */
  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== USER_KEY || event.newValue === event.oldValue) return;
    const current = this.state.user;
    if (event.newValue === null) {
      if (this.state.status === 'anonymous') return;
      this.generation += 1;
      this.clear();
      return;
    }
    const next = readCachedUser();
    if (next && current && next.id === current.id) {
      if (JSON.stringify(current) !== event.newValue) {
        this.setState({ status: 'authenticated', user: next });
      }
      return;
    }
    // A renewal under way belongs to the session before: its answer is set aside (generation).
    // Signed out here until now: the cookie is the other tab's session, renewed again when the
    // connection returns should this renewal fail.
    this.generation += 1;
    this.knownSignedOut = false;
    const renewal = this.inFlight?.catch(() => undefined);
    void (async () => {
      await renewal;
      await this.refresh();
    })().catch((err: unknown) =>
      console.warn('[session] another tab signed in; this tab follows once renewed', err),
    );
  };

  /** From a refresh (which holds no lock yet): the owed revocation, its failure only logged. */
  private async revokeOwedUnderLock(): Promise<void> {
    await this.withRefreshLock(() => this.revokeOwedLocked()).catch((err: unknown) =>
      console.warn('[session] the owed sign-out is not sent yet', err),
    );
  }

  private setState(next: SessionState): void {
    if (next.status === this.state.status && next.user === this.state.user) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
