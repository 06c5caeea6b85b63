/**
 * Accounts: registration, login, refresh-token rotation, logout, password change, profile edit.
 * Private data lives in the `auth` database (never replicated): `phone:<phone>` reserves a phone
 * (CouchDB has no unique index, a doc id does), `cred:<userId>` holds the argon2id hash,
 * `family:<id>` is one login session, `refresh:<sha256>` one issued refresh token of it. Access
 * tokens name their session: ending it (sign-out, password change or reset, a disabled or deleted
 * account, a replayed refresh token) ends them too (authenticate.ts).
 */
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { CHANGE_PASSWORD_MESSAGES } from '@couchdb/model/auth-facts';
import type {
  ChangePasswordInput,
  LoginInput,
  ProfileUpdate,
  RegisterRequest,
} from '@couchdb/model/auth';
import { newId } from '@couchdb/model/common-facts';
import type { User } from '@couchdb/model/user';
import type { RateLimits } from '../config';
import { HttpError, rateLimitedFor } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import { fromStoreDoc, toStoreDoc, type StoreDoc } from '../store/documents';
import type { LimitStore } from './limits/limit-store';
import { PasswordGuard } from './limits/password-guard';
import { WindowCounter } from './limits/window-counter';
import {
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  signAccessToken,
} from './tokens';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export type UserDoc = StoreDoc<User>;
export interface PhoneDoc {
  _id: string;
  _rev?: string;
  kind: 'phone';
  user_id: string;
}
export interface CredDoc {
  _id: string;
  _rev?: string;
  kind: 'cred';
  user_id: string;
  hash: string;
  updated_at: string;
}
export interface FamilyDoc {
  _id: string;
  _rev?: string;
  kind: 'family';
  user_id: string;
  revoked: boolean;
  created_at: string;
  revoked_reason?: string;
}
interface RefreshDoc {
  _id: string;
  _rev?: string;
  kind: 'refresh';
  user_id: string;
  family: string;
  expires_at: string;
  rotated_at?: string;
  /** The hash of the token that replaced this one. */
  successor?: string;
}
type AuthDoc = PhoneDoc | CredDoc | FamilyDoc | RefreshDoc;

/** The auth database's id of a session's document. */
export const sessionDocId = (session: string) => `family:${session}`;
const FAMILY_PREFIX = sessionDocId('');

export interface Session {
  user: User;
  accessToken: string;
  expiresAt: string;
  refreshToken: string;
}

export const toUser = (doc: UserDoc): User => fromStoreDoc<User>(doc);

async function getOrNull<D>(fetch: () => Promise<D>): Promise<D | null> {
  try {
    return await fetch();
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

export class AuthService {
  private readonly passwords: PasswordGuard;
  private readonly registrations: WindowCounter;
  private readonly registrationsPerWindow: number;
  private readonly registrationWindowMs: number;
  /** A real hash to verify against when the phone is unknown, so timing doesn't reveal accounts. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly jwtSecret: string,
    limits: RateLimits,
    limitStore: LimitStore,
    /** Told of every session this service ends (the gateway's cache of live sessions). */
    private readonly sessionEnded: (session: string) => void = () => undefined,
  ) {
    this.passwords = new PasswordGuard(limitStore, limits);
    // A fixed allowance per window rather than growing waits: registering is not guessing.
    this.registrations = new WindowCounter(limitStore);
    this.registrationsPerWindow = limits.registrationsPerIp;
    this.registrationWindowMs = limits.windowSeconds * 1000;
  }

  private get auth() {
    return this.store.db<AuthDoc>('auth');
  }
  private get users() {
    return this.store.db<UserDoc>('users');
  }

  async register(input: RegisterRequest, ip: string): Promise<User> {
    const wait = await this.registrations.take(
      `register-ip:${ip}`,
      this.registrationsPerWindow,
      this.registrationWindowMs,
    );
    if (wait > 0) throw rateLimitedFor(wait);
    const id = newId();
    const now = new Date().toISOString();
    const phoneDoc: PhoneDoc = { _id: `phone:${input.phone}`, kind: 'phone', user_id: id };
    try {
      await this.auth.insert(phoneDoc);
    } catch (err) {
      if (couchStatus(err) === 409) throw new HttpError(409, 'phone_taken');
      throw err;
    }
    try {
      const hash = await argon2.hash(input.password, ARGON2_OPTIONS);
      await this.auth.insert({
        _id: `cred:${id}`,
        kind: 'cred',
        user_id: id,
        hash,
        updated_at: now,
      });
      const user: UserDoc = {
        _id: id,
        phone: input.phone,
        name: input.name ?? '',
        user_type: 'user',
        // Enabled from the start; an admin can disable the account (product §2 Admin users).
        is_verified: true,
        avatar_url: '',
        created_at: now,
        updated_at: now,
      };
      await this.users.insert(user);
      return toUser(user);
    } catch (err) {
      // Release the phone so a retry can succeed; the half-made account is unreachable without it.
      const lock = await getOrNull(() => this.auth.get(phoneDoc._id));
      if (lock?._rev) await this.auth.destroy(lock._id, lock._rev).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Creates an account with a given id, role and timestamps (demo seed); skips the rate limit.
   * Returns false when the phone is already taken (so seeding can be re-run safely).
   */
  async createAccount(user: User, password: string): Promise<boolean> {
    try {
      await this.auth.insert({ _id: `phone:${user.phone}`, kind: 'phone', user_id: user.id });
    } catch (err) {
      if (couchStatus(err) === 409) return false;
      throw err;
    }
    const hash = await argon2.hash(password, ARGON2_OPTIONS);
    await this.auth.insert({
      _id: `cred:${user.id}`,
      kind: 'cred',
      user_id: user.id,
      hash,
      updated_at: user.updated_at,
    });
    await this.users.insert(toStoreDoc(user));
    return true;
  }

  async login(input: LoginInput, ip: string): Promise<Session> {
    const userId = await this.passwords.check(`phone:${input.phone}`, ip, () =>
      this.verifyLogin(input),
    );
    if (userId === null) throw new HttpError(401, 'invalid_credentials');
    const user = await this.getUser(userId);
    // Told only to whoever knows the password.
    if (!user.is_verified) throw new HttpError(403, 'account_disabled');
    return this.openSession(user);
  }

  /** A new session of `user` (a sign-in whose password was checked), with its first tokens. */
  async openSession(user: User): Promise<Session> {
    const family = randomUUID();
    await this.auth.insert({
      _id: sessionDocId(family),
      kind: 'family',
      user_id: user.id,
      revoked: false,
      created_at: new Date().toISOString(),
    });
    return this.issue(user, family);
  }

  /** The account's id when the phone exists and the password is its own; null otherwise. */
  private async verifyLogin(input: LoginInput): Promise<string | null> {
    const phone = await getOrNull(() => this.auth.get(`phone:${input.phone}`) as Promise<PhoneDoc>);
    const cred = phone
      ? await getOrNull(() => this.auth.get(`cred:${phone.user_id}`) as Promise<CredDoc>)
      : null;
    this.dummyHash ??= argon2.hash('not-a-password', ARGON2_OPTIONS);
    const ok = await argon2.verify(cred?.hash ?? (await this.dummyHash), input.password);
    return ok && phone && cred ? phone.user_id : null;
  }

  /**
   * Rotates a refresh token. A token that was already rotated means it leaked or was replayed:
   * the whole session family is revoked, so the thief's copy and the owner's die together. One
   * exception: within REFRESH_REUSE_GRACE_SECONDS of its rotation, while the token that replaced it
   * has not been used, the browser most likely never got the answer (a reload cancelled it), so a
   * new token of the same family is issued instead of signing the user out.
   */
  async refresh(token: string | undefined): Promise<Session> {
    if (!token || token.length > 200) throw new HttpError(401, 'refresh_invalid');
    const id = `refresh:${hashRefreshToken(token)}`;
    let doc = await getOrNull(() => this.auth.get(id) as Promise<RefreshDoc>);
    if (!doc || doc.kind !== 'refresh') throw new HttpError(401, 'refresh_invalid');
    const family = await getOrNull(
      () => this.auth.get(sessionDocId(doc!.family)) as Promise<FamilyDoc>,
    );
    // A session ended by disabling the account says so (the login page tells the user why).
    if (family?.revoked && family.revoked_reason === 'disabled')
      throw new HttpError(401, 'account_disabled');
    if (!family || family.revoked) throw new HttpError(401, 'refresh_invalid');
    if (Date.parse(doc.expires_at) <= Date.now()) throw new HttpError(401, 'refresh_invalid');
    const next = newRefreshToken();
    if (!doc.rotated_at) {
      try {
        await this.auth.insert({
          ...doc,
          rotated_at: new Date().toISOString(),
          successor: next.hash,
        });
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
        // Rotated a moment ago by a concurrent request with the same cookie: judge it as a replay.
        doc = (await getOrNull(() => this.auth.get(id) as Promise<RefreshDoc>)) ?? doc;
      }
    }
    if (doc.rotated_at && !(await this.isLostAnswer(doc))) {
      await this.revokeFamily(family, 'reuse');
      throw new HttpError(401, 'refresh_reused');
    }
    const user = await getOrNull(() => this.getUser(doc.user_id));
    if (!user) throw new HttpError(401, 'refresh_invalid');
    if (!user.is_verified) {
      await this.revokeFamily(family, 'disabled');
      throw new HttpError(401, 'account_disabled');
    }
    return this.issue(user, doc.family, next);
  }

  /** A rotated token sent again soon after, its successor unused: the answer never arrived. */
  private async isLostAnswer(doc: RefreshDoc): Promise<boolean> {
    const rotatedAt = Date.parse(doc.rotated_at ?? '');
    if (!doc.successor || !(Date.now() - rotatedAt < REFRESH_REUSE_GRACE_SECONDS * 1000)) {
      return false;
    }
    const successor = await getOrNull(
      () => this.auth.get(`refresh:${doc.successor}`) as Promise<RefreshDoc>,
    );
    // Not written yet: the concurrent request that rotated it is still issuing it.
    return successor === null || !successor.rotated_at;
  }

  /** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
  async logout(token: string | undefined): Promise<void> {
    if (!token || token.length > 200) return;
    const doc = await getOrNull(
      () => this.auth.get(`refresh:${hashRefreshToken(token)}`) as Promise<RefreshDoc>,
    );
    if (!doc || doc.kind !== 'refresh') return;
    const family = await getOrNull(
      () => this.auth.get(sessionDocId(doc.family)) as Promise<FamilyDoc>,
    );
    if (family && !family.revoked) await this.revokeFamily(family, 'logout');
  }

  async getUser(id: string): Promise<User> {
    const doc = await getOrNull(() => this.users.get(id));
    if (!doc) throw new HttpError(404, 'user_not_found');
    return toUser(doc);
  }

  /**
   * Checks the current password, stores the new hash and ends every other session of the user
   * than `keep`, the caller's.
   */
  async changePassword(
    userId: string,
    input: ChangePasswordInput,
    ip: string,
    keep: string,
  ): Promise<void> {
    const cred = await getOrNull(() => this.auth.get(`cred:${userId}`) as Promise<CredDoc>);
    if (!cred) throw new HttpError(401, 'unauthorized');
    // Limited like a login: a stolen access token must not become a way to guess the password.
    const ok = await this.passwords.check(`user:${userId}`, ip, async () =>
      (await argon2.verify(cred.hash, input.currentPassword)) ? true : null,
    );
    if (ok === null) {
      throw new HttpError(400, 'wrong_password', undefined, {
        currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent,
      });
    }
    const hash = await argon2.hash(input.newPassword, ARGON2_OPTIONS);
    await this.auth.insert({ ...cred, hash, updated_at: new Date().toISOString() });
    await this.revokeSessions(userId, 'password-changed', keep);
  }

  /**
   * Stores a new password for the user without the current one (an admin's reset), ends every
   * session of the account and clears its password-guess waits. A user without credentials is 404.
   */
  async setPassword(
    user: { id: string; phone: string },
    password: string,
    reason: string,
  ): Promise<void> {
    const userId = user.id;
    const cred = await getOrNull(() => this.auth.get(`cred:${userId}`) as Promise<CredDoc>);
    if (!cred) throw new HttpError(404, 'user_not_found');
    const hash = await argon2.hash(password, ARGON2_OPTIONS);
    try {
      await this.auth.insert({ ...cred, hash, updated_at: new Date().toISOString() });
    } catch (err) {
      if (couchStatus(err) === 409) throw new HttpError(409, 'conflict');
      throw err;
    }
    await this.revokeSessions(userId, reason);
    // The waits of someone locked out guessing end: the new password works at once.
    await this.passwords.forgetAccount(`phone:${user.phone}`);
    await this.passwords.forgetAccount(`user:${userId}`);
  }

  /** Ends every session of the user (all refresh tokens), except the family `keep`. */
  async revokeSessions(userId: string, reason: string, keep?: string): Promise<void> {
    for (;;) {
      const families = await this.auth.find({
        selector: { kind: 'family', user_id: userId, revoked: false },
        use_index: 'idx-by-kind-user',
        limit: 1000,
      });
      const live = (families.docs as FamilyDoc[]).filter(
        (f) => keep === undefined || f._id !== sessionDocId(keep),
      );
      for (const f of live) await this.revokeFamily(f, reason);
      if (families.docs.length < 1000) return;
    }
  }

  async updateProfile(userId: string, patch: ProfileUpdate): Promise<User> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await getOrNull(() => this.users.get(userId));
      if (!doc) throw new HttpError(404, 'user_not_found');
      const next: UserDoc = {
        ...doc,
        ...stripUndefined(patch),
        updated_at: new Date().toISOString(),
      };
      try {
        await this.users.insert(next);
        return toUser(next);
      } catch (err) {
        if (couchStatus(err) !== 409) throw err; // a concurrent edit: re-read and apply again
      }
    }
    throw new HttpError(409, 'conflict');
  }

  private async issue(user: User, family: string, refresh = newRefreshToken()): Promise<Session> {
    await this.auth.insert({
      _id: `refresh:${refresh.hash}`,
      kind: 'refresh',
      user_id: user.id,
      family,
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    const access = signAccessToken(this.jwtSecret, {
      id: user.id,
      role: user.user_type,
      session: family,
    });
    return {
      user,
      accessToken: access.token,
      expiresAt: access.expiresAt,
      refreshToken: refresh.token,
    };
  }

  private async revokeFamily(family: FamilyDoc, reason: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.auth.insert({ ...family, revoked: true, revoked_reason: reason });
        this.sessionEnded(family._id.slice(FAMILY_PREFIX.length));
        return;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
        const fresh = await getOrNull(() => this.auth.get(family._id) as Promise<FamilyDoc>);
        if (!fresh || fresh.revoked) {
          this.sessionEnded(family._id.slice(FAMILY_PREFIX.length));
          return;
        }
        family = fresh;
      }
    }
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
