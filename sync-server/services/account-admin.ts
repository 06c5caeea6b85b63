/**
 * An admin's changes to accounts (product §2 Admin users, §5; /api/admin/users and the spec's
 * /api/auth/delete-user): name and phone, enabled state, role, deletion. These touch what only the
 * gateway holds (the phone reservation, credentials, sessions), so they are requests, not
 * replicated edits. Each is checked by the shared rule (`canChangeAccount`), applied at the stored
 * revision, logged in the admin action log, and reaches every device through the users feed.
 */
import { randomInt } from 'node:crypto';
import type { AdminUserUpdate, User } from '@couchdb/model/user';
import type { UserRole } from '@couchdb/model/roles';
import {
  PASSWORD_RESET_LOG_DETAIL,
  TEMPORARY_PASSWORD_ALPHABET,
  TEMPORARY_PASSWORD_LENGTH,
} from '@couchdb/model/user-facts';
import {
  canChangeAccount,
  canDeleteUser,
  isActiveAdmin,
  removesAdmin,
  type AccountChange,
  type Viewer,
} from '@couchdb/rules/access';
import type { Decision } from '@couchdb/rules/decision';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';
import type { AccountDirectory } from './account-directory';
import type { AuthService, CredDoc, PhoneDoc, UserDoc } from './auth-service';
import type { OplogService, RequestInfo } from './oplog-service';
import type { StoredDoc } from './sync/projection';
import { loadOperator } from './sync/store-reads';

type Caller = NonNullable<Viewer>;

/** A temporary password: letters and digits that cannot be misread on the phone, from the CSPRNG. */
export function temporaryPassword(): string {
  const letters = TEMPORARY_PASSWORD_ALPHABET;
  return Array.from(
    { length: TEMPORARY_PASSWORD_LENGTH },
    () => letters[randomInt(letters.length)]!,
  ).join('');
}

export class AccountAdmin {
  constructor(
    private readonly store: Store,
    private readonly auth: AuthService,
    private readonly accounts: AccountDirectory,
    private readonly oplog: OplogService,
  ) {}

  private get users() {
    return this.store.db<UserDoc>('users');
  }
  private get authDb() {
    return this.store.db<PhoneDoc | CredDoc>('auth');
  }

  /** Edits a user's name and phone; a phone already registered is refused (409 phone_taken). */
  async updateProfile(
    caller: Caller,
    userId: string,
    input: AdminUserUpdate,
    request: RequestInfo,
  ): Promise<User> {
    return this.apply(caller, userId, { kind: 'profile' }, request, async (doc) => {
      if (input.phone !== doc.phone) await this.movePhone(userId, doc.phone, input.phone);
      return { ...doc, name: input.name, phone: input.phone };
    });
  }

  /** Enables or disables an account; disabling ends its sessions at once. */
  async setEnabled(
    caller: Caller,
    userId: string,
    enabled: boolean,
    request: RequestInfo,
  ): Promise<User> {
    const user = await this.apply(caller, userId, { kind: 'enabled', enabled }, request, (doc) => ({
      ...doc,
      is_verified: enabled,
    }));
    if (!enabled) await this.auth.revokeSessions(userId, 'disabled');
    return user;
  }

  /** Changes an account's role; its devices follow within seconds (the users feed, the gateway). */
  async setRole(
    caller: Caller,
    userId: string,
    role: UserRole,
    request: RequestInfo,
  ): Promise<User> {
    return this.apply(caller, userId, { kind: 'role', role }, request, (doc) => ({
      ...doc,
      user_type: role,
    }));
  }

  /**
   * Resets a user's password (they forgot it and called the platform): a temporary one is made,
   * stored, and returned once, for the admin to pass on by phone; every session of the account
   * ends. The account document does not change; the reset is in the admin action log.
   */
  async resetPassword(
    caller: Caller,
    userId: string,
    request: RequestInfo,
  ): Promise<{ password: string }> {
    const doc = await this.load(userId);
    refuseUnless(
      canChangeAccount(
        caller,
        doc ? toAccount(doc) : null,
        { kind: 'password' },
        await this.activeAdmins(),
      ),
    );
    const password = temporaryPassword();
    await this.auth.setPassword({ id: userId, phone: doc!.phone }, password, 'password-reset');
    const operator = await loadOperator(this.store, caller);
    await this.oplog.appendAdmin(
      {
        target: 'users',
        targetId: userId,
        before: doc as unknown as StoredDoc,
        after: doc as unknown as StoredDoc,
        detail: PASSWORD_RESET_LOG_DETAIL,
      },
      operator,
      request,
    );
    return { password };
  }

  /**
   * Deletes an account that owns no listing or demand: its profile, credentials, phone reservation
   * and sessions. A missing user is 404 用户不存在.
   */
  async deleteUser(caller: Caller, userId: string, request: RequestInfo): Promise<void> {
    const doc = await this.load(userId);
    const decision = canChangeAccount(
      caller,
      doc ? toAccount(doc) : null,
      { kind: 'delete' },
      await this.activeAdmins(),
    );
    refuseUnless(decision);
    const owned = await this.owned(userId);
    refuseUnless(canDeleteUser(caller, doc ? { id: userId } : null, owned));
    const current = doc!;
    try {
      await this.users.destroy(userId, current._rev!);
    } catch (err) {
      if (couchStatus(err) === 409) throw new HttpError(409, 'conflict');
      if (couchStatus(err) === 404) throw new HttpError(404, 'user_not_found');
      throw err;
    }
    this.accounts.forget(userId);
    await this.auth.revokeSessions(userId, 'deleted');
    await this.removeAuthDoc(`cred:${userId}`);
    const phoneLock = await this.getAuthDoc(`phone:${current.phone}`);
    if (phoneLock && (phoneLock as PhoneDoc).user_id === userId)
      await this.removeAuthDoc(phoneLock._id);
    await this.log(caller, request, current, null);
  }

  /** Reads, checks, writes at the read revision (a concurrent change: 409), logs. */
  private async apply(
    caller: Caller,
    userId: string,
    change: AccountChange,
    request: RequestInfo,
    edit: (doc: UserDoc) => UserDoc | Promise<UserDoc>,
  ): Promise<User> {
    const doc = await this.load(userId);
    refuseUnless(
      canChangeAccount(caller, doc ? toAccount(doc) : null, change, await this.activeAdmins()),
    );
    const before = doc!;
    const next: UserDoc = { ...(await edit(before)), updated_at: new Date().toISOString() };
    try {
      const res = await this.users.insert(next);
      next._rev = res.rev;
    } catch (err) {
      if (couchStatus(err) === 409) throw new HttpError(409, 'conflict');
      throw err;
    }
    this.accounts.forget(userId);
    // Two admins removing each other at once both pass the count: the later one undoes its change.
    if (removesAdmin(toAccount(before), change) && (await this.activeAdmins()) === 0) {
      await this.users.insert({ ...before, _rev: next._rev });
      this.accounts.forget(userId);
      throw new HttpError(409, 'last_admin');
    }
    await this.log(caller, request, before, next);
    const { _id, _rev, ...rest } = next;
    return { id: _id, ...rest } as User;
  }

  private async log(
    caller: Caller,
    request: RequestInfo,
    before: UserDoc,
    after: UserDoc | null,
  ): Promise<void> {
    const operator = await loadOperator(this.store, caller);
    await this.oplog.appendAdmin(
      {
        target: 'users',
        targetId: before._id,
        before: before as unknown as StoredDoc,
        after: after as unknown as StoredDoc | null,
      },
      operator,
      request,
    );
  }

  private async load(userId: string): Promise<UserDoc | null> {
    try {
      return await this.users.get(userId);
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }

  private async activeAdmins(): Promise<number> {
    const res = await this.users.find({
      selector: { user_type: 'admin' },
      fields: ['user_type', 'is_verified'],
      use_index: 'idx-by-role',
      limit: 10_000,
    });
    return (res.docs as unknown as Pick<User, 'user_type' | 'is_verified'>[]).filter(isActiveAdmin)
      .length;
  }

  private async owned(userId: string): Promise<{ properties: number; demands: number }> {
    const count = async (db: 'properties' | 'demands') =>
      (
        await this.store.db(db).find({
          selector: { user_id: userId },
          fields: ['_id'],
          use_index: 'idx-by-owner',
          limit: 1,
        })
      ).docs.length;
    return { properties: await count('properties'), demands: await count('demands') };
  }

  /** Moves the phone reservation: the new phone first (taken: 409), then the old one released. */
  private async movePhone(userId: string, from: string, to: string): Promise<void> {
    try {
      await this.authDb.insert({ _id: `phone:${to}`, kind: 'phone', user_id: userId });
    } catch (err) {
      if (couchStatus(err) === 409) throw new HttpError(409, 'phone_taken');
      throw err;
    }
    const old = await this.getAuthDoc(`phone:${from}`);
    if (old && (old as PhoneDoc).user_id === userId) await this.removeAuthDoc(old._id);
  }

  private async getAuthDoc(id: string): Promise<(PhoneDoc | CredDoc) | null> {
    try {
      return await this.authDb.get(id);
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
  }

  private async removeAuthDoc(id: string): Promise<void> {
    const doc = await this.getAuthDoc(id);
    if (!doc?._rev) return;
    try {
      await this.authDb.destroy(id, doc._rev);
    } catch (err) {
      if (couchStatus(err) !== 404 && couchStatus(err) !== 409) throw err;
    }
  }
}

const toAccount = (doc: UserDoc) => ({
  id: doc._id,
  user_type: doc.user_type,
  is_verified: doc.is_verified,
});

function refuseUnless(decision: Decision) {
  if (decision.ok) return;
  const status =
    decision.code === 'not_found'
      ? 404
      : decision.code === 'unauthorized'
        ? 401
        : decision.code === 'forbidden'
          ? 403
          : 409;
  throw new HttpError(status, decision.code, decision.message);
}
