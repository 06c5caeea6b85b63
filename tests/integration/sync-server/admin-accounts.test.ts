/**
 * Admin users (issue 14, product §2 Admin users): the account endpoints are refused for users and
 * agents, take effect at once for admins (a disabled account cannot sign in, refresh or write; a
 * role change applies to the next request and the device's next pull, with its old token), keep
 * the deletion and last-admin rules, and every admin action lands in the admin action log.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../couchdb/model/errors';
import type { SyncDocument } from '../../../couchdb/model/sync';
import type { UserRole } from '../../../couchdb/model/roles';
import {
  PASSWORD_RESET_LOG_DETAIL,
  TEMPORARY_PASSWORD_ALPHABET,
  TEMPORARY_PASSWORD_LENGTH,
  USER_ADMIN_MESSAGES,
} from '../../../couchdb/model/user-facts';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNewDemand, buildNewListing, buildNews } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
});
afterAll(async () => {
  await gw?.cleanup();
});

const as = (who: Account | null) => (who ? api.bearer(who) : {});
const setRole = (who: Account | null, id: string, role: UserRole) =>
  request(gw.app).put(`/api/admin/users/${id}/role`).set(as(who)).send({ role });
const setEnabled = (who: Account | null, id: string, enabled: boolean) =>
  request(gw.app).put(`/api/admin/users/${id}/enabled`).set(as(who)).send({ enabled });
const editUser = (who: Account | null, id: string, body: object) =>
  request(gw.app).patch(`/api/admin/users/${id}`).set(as(who)).send(body);
const deleteUser = (who: Account | null, id: string) =>
  request(gw.app).delete(`/api/admin/users/${id}`).set(as(who));
const resetPassword = (who: Account | null, id: string) =>
  request(gw.app).post(`/api/admin/users/${id}/reset-password`).set(as(who));
const deleteUserBySpec = (who: Account | null, userId: string) =>
  request(gw.app).post('/api/auth/delete-user').set(as(who)).send({ userId });

/** The admin action log entries about `targetId`, oldest first. */
async function adminLogOf(targetId: string): Promise<SyncDocument[]> {
  const entries = [...(await api.pullAll(gw.app, admin, 'oplog')).byId.values()];
  return entries
    .filter((e) => e.kind === 'admin' && e.target_id === targetId)
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
}

describe.each(['user', 'agent'] as const)('a caller of role %s', (role) => {
  it('is refused every account action, and nothing changes or is logged', async () => {
    const caller = await gw.createUser(role);
    const target = await gw.createUser('user', '目标用户');
    const answers = [
      await setRole(caller, target.user.id, 'admin'),
      await setRole(caller, caller.user.id, 'admin'),
      await setEnabled(caller, target.user.id, false),
      await editUser(caller, target.user.id, { name: '改名', phone: '13900000001' }),
      await resetPassword(caller, target.user.id),
      await deleteUser(caller, target.user.id),
      await deleteUserBySpec(caller, target.user.id),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'forbidden',
        message: ERROR_MESSAGES.forbidden,
      });
    }
    expect(await gw.store.db('users').get(target.user.id)).toMatchObject({
      name: '目标用户',
      user_type: 'user',
      is_verified: true,
    });
    expect(await adminLogOf(target.user.id)).toEqual([]);
    expect((await api.login(gw.app, target.user.phone, target.password)).status).toBe(200);
  });
});

describe('visitors', () => {
  it('are asked to sign in', async () => {
    const target = await gw.createUser('user');
    expect((await setRole(null, target.user.id, 'admin')).status).toBe(401);
    expect((await resetPassword(null, target.user.id)).status).toBe(401);
    expect((await deleteUserBySpec(null, target.user.id)).status).toBe(401);
  });
});

describe('a pull checkpoint naming a role', () => {
  it('counts only as the gateway sealed it: a user naming a former admin role lists no hidden ids', async () => {
    const mallory = await gw.createUser('user', '冒名者');
    const someone = await gw.createUser('user', '别人');
    const hidden = await api.insert(gw.app, someone, 'demands', buildNewDemand(someone.user.id));
    const own = (await api.pullPage(gw.app, mallory, 'demands')).body as {
      checkpoint: { seq: string; role: string; sig: string };
    };
    expect(own.checkpoint).toMatchObject({ role: 'user', sig: expect.any(String) });
    const forged = [
      { role: 'admin' },
      { role: 'admin', sig: own.checkpoint.sig },
      { role: 'user', was: 'admin', sig: own.checkpoint.sig },
      { role: 'user', was: 'admin' },
    ];
    for (const claim of forged) {
      const res = await request(gw.app)
        .get('/api/sync/demands/pull')
        .query({ checkpoint: '0', limit: 500, ...claim })
        .set(api.bearer(mallory));
      expect(res.status).toBe(200);
      const ids = (res.body.documents as SyncDocument[]).map((d) => d.id);
      expect(ids).not.toContain(hidden);
      expect(res.body.checkpoint).toMatchObject({ role: 'user' });
      expect(res.body.checkpoint.was).toBeUndefined();
    }
  });
});

describe('an admin', () => {
  it('promotes and demotes: the next request and pull follow the role, with the old token', async () => {
    const bob = await gw.createUser('user', '鲍勃');
    const someone = await gw.createUser('user', '别人');
    const othersDemand = await api.insert(
      gw.app,
      someone,
      'demands',
      buildNewDemand(someone.user.id),
    );
    const first = (await api.pullPage(gw.app, bob, 'demands')).body as {
      documents: SyncDocument[];
      checkpoint: { seq: string; role: string; sig: string };
    };
    expect(first.documents.map((d) => d.id)).not.toContain(othersDemand);
    expect(first.checkpoint.role).toBe('user');
    // An admin-only collection is closed to him.
    expect((await api.pullPage(gw.app, bob, 'oplog')).status).toBe(403);

    expect((await setRole(admin, bob.user.id, 'admin')).status).toBe(200);
    // Same token, new role: the log opens, and a pull from his old checkpoint starts again.
    expect((await api.pullPage(gw.app, bob, 'oplog')).status).toBe(200);
    const scope = first.checkpoint;
    const again = await request(gw.app)
      .get('/api/sync/demands/pull')
      .query({ checkpoint: scope.seq, role: scope.role, sig: scope.sig, limit: 500 })
      .set(api.bearer(bob));
    expect(again.body.documents.map((d: SyncDocument) => d.id)).toContain(othersDemand);
    expect(again.body.checkpoint).toMatchObject({ role: 'admin' });

    // Demoted: the pull from his admin checkpoint sends a stub for what he may no longer see.
    expect((await setRole(admin, bob.user.id, 'user')).status).toBe(200);
    const back = await request(gw.app)
      .get('/api/sync/demands/pull')
      .query({
        checkpoint: again.body.checkpoint.seq,
        role: 'admin',
        sig: again.body.checkpoint.sig,
        limit: 500,
      })
      .set(api.bearer(bob));
    expect(back.body.documents).toContainEqual({ id: othersDemand, _deleted: true });
    expect(back.body.checkpoint).toMatchObject({ role: 'user' });
    expect((await api.pullPage(gw.app, bob, 'oplog')).status).toBe(403);

    const log = await adminLogOf(bob.user.id);
    expect(log.map((e) => e.operation_type)).toEqual(['role', 'role']);
    expect(log[0]).toMatchObject({
      target_collection: 'users',
      operator_id: admin.user.id,
      operator_name: '管理员甲',
      operator_role: 'admin',
      old_data: expect.objectContaining({ user_type: 'user' }),
      new_data: expect.objectContaining({ user_type: 'admin' }),
    });
    expect(String(log[0]!.operation_description)).toContain('普通用户 → 管理员');
  });

  it('disables an account: its token, refresh and sign-in stop at once; enabling restores sign-in', async () => {
    const carol = await gw.createUser('user', '卡罗尔');
    const session = await api.login(gw.app, carol.user.phone, carol.password);
    const cookie = session.headers['set-cookie'] as unknown as string[];
    expect((await setEnabled(admin, carol.user.id, false)).status).toBe(200);

    const write = await api.push(gw.app, carol, 'demands', [
      { assumedMasterState: null, newDocumentState: buildNewDemand(carol.user.id) as never },
    ]);
    expect(write.status).toBe(401);
    expect(write.body.error.code).toBe('account_disabled');
    const refresh = await request(gw.app).post('/api/auth/refresh').set('Cookie', cookie);
    expect(refresh.status).toBe(401);
    // The device is told why (its login page says so), not only that the session is over.
    expect(refresh.body.error.code).toBe('account_disabled');
    const login = await api.login(gw.app, carol.user.phone, carol.password);
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({
      code: 'account_disabled',
      message: ERROR_MESSAGES.account_disabled,
    });

    expect((await setEnabled(admin, carol.user.id, true)).status).toBe(200);
    expect((await api.login(gw.app, carol.user.phone, carol.password)).status).toBe(200);
    // The old session stays ended.
    expect((await request(gw.app).post('/api/auth/refresh').set('Cookie', cookie)).status).toBe(
      401,
    );
    expect((await adminLogOf(carol.user.id)).map((e) => e.operation_type)).toEqual([
      'disable',
      'enable',
    ]);
  });

  it('edits name and phone; a phone already registered is refused; the old phone is released', async () => {
    const dave = await gw.createUser('user', '戴夫');
    const other = await gw.createUser('user');
    const taken = await editUser(admin, dave.user.id, { name: '戴夫', phone: other.user.phone });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'phone_taken',
      message: ERROR_MESSAGES.phone_taken,
    });
    const bad = await editUser(admin, dave.user.id, { name: '戴', phone: '123' });
    expect(bad.status).toBe(400);

    const newPhone = `139${String(Date.now()).slice(-8)}`;
    const ok = await editUser(admin, dave.user.id, { name: '戴夫新', phone: newPhone });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ name: '戴夫新', phone: newPhone });
    expect((await api.login(gw.app, newPhone, dave.password)).status).toBe(200);
    expect((await api.login(gw.app, dave.user.phone, dave.password)).status).toBe(401);
    // The old phone can be registered again.
    expect(
      (await api.register(gw.app, { phone: dave.user.phone, password: 'Another#1' })).status,
    ).toBe(201);
    expect((await adminLogOf(dave.user.id)).map((e) => e.operation_type)).toEqual(['update']);
  });

  it('cannot delete a user who owns a listing or a demand; deletes one who owns nothing', async () => {
    const owner = await gw.createUser('user', '有房源的人');
    await api.insert(gw.app, owner, 'properties', buildNewListing(owner.user.id));
    const refused = await deleteUser(admin, owner.user.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(USER_ADMIN_MESSAGES.hasListings);

    const demander = await gw.createUser('user');
    await api.insert(gw.app, demander, 'demands', buildNewDemand(demander.user.id));
    expect((await deleteUserBySpec(admin, demander.user.id)).body.error.message).toBe(
      USER_ADMIN_MESSAGES.hasListings,
    );

    const empty = await gw.createUser('user', '空账号');
    expect((await deleteUserBySpec(admin, empty.user.id)).status).toBe(204);
    expect((await api.login(gw.app, empty.user.phone, empty.password)).status).toBe(401);
    // Its token stops working and the account is gone for admins' devices (a stub).
    expect((await api.pullPage(gw.app, empty, 'users')).status).toBe(401);
    const users = await api.pullAll(gw.app, admin, 'users');
    expect(users.byId.get(empty.user.id)).toEqual({ id: empty.user.id, _deleted: true });

    const missing = await deleteUser(admin, empty.user.id);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(USER_ADMIN_MESSAGES.notFound);
    expect((await adminLogOf(empty.user.id)).map((e) => e.operation_type)).toEqual(['delete']);
  });

  it('resets a forgotten password: a temporary one, shown once, signs in; the old one and every session end; a locked-out user can sign in', async () => {
    const erin = await gw.createUser('user', '艾琳');
    const session = await api.login(gw.app, erin.user.phone, erin.password);
    const cookie = session.headers['set-cookie'] as unknown as string[];
    // Erin guessed until the gateway made her wait.
    let guessed = await api.login(gw.app, erin.user.phone, 'not-her-password');
    for (let i = 0; i < 30 && guessed.status !== 429; i++)
      guessed = await api.login(gw.app, erin.user.phone, 'not-her-password');
    expect(guessed.status).toBe(429);

    const res = await resetPassword(admin, erin.user.id);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { password } = res.body as { password: string };
    expect(password).toMatch(
      new RegExp(`^[${TEMPORARY_PASSWORD_ALPHABET}]{${TEMPORARY_PASSWORD_LENGTH}}$`),
    );
    // Another reset makes another password.
    const again = await resetPassword(admin, erin.user.id);
    const second = (again.body as { password: string }).password;
    expect(second).not.toBe(password);

    expect((await api.login(gw.app, erin.user.phone, erin.password)).status).toBe(401);
    expect((await api.login(gw.app, erin.user.phone, password)).status).toBe(401);
    expect((await api.login(gw.app, erin.user.phone, second)).status).toBe(200);
    expect((await request(gw.app).post('/api/auth/refresh').set('Cookie', cookie)).status).toBe(
      401,
    );
    // Her access tokens end with their sessions, not 15 minutes later.
    for (const token of [erin.accessToken, session.body.accessToken as string]) {
      const me = await request(gw.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect(me.body.error?.code).toBe('session_ended');
    }
    const log = await adminLogOf(erin.user.id);
    expect(log.map((e) => e.operation_type)).toEqual(['update', 'update']);
    expect(log[0]!.operation_description).toContain(PASSWORD_RESET_LOG_DETAIL);
    // The log holds no password, old or new.
    expect(JSON.stringify(log)).not.toContain(second);
    expect(JSON.stringify(log)).not.toContain('hash');

    const missing = await resetPassword(admin, 'no-such-user');
    expect(missing.status).toBe(404);
    expect((await resetPassword(admin, admin.user.id)).body.error.message).toBe(
      USER_ADMIN_MESSAGES.ownPassword,
    );
  });

  it('never acts on their own account, and never removes the last active admin', async () => {
    const self = admin.user.id;
    expect((await setRole(admin, self, 'user')).body.error.message).toBe(
      USER_ADMIN_MESSAGES.ownRole,
    );
    expect((await setEnabled(admin, self, false)).body.error.message).toBe(
      USER_ADMIN_MESSAGES.ownStatus,
    );
    expect((await deleteUser(admin, self)).body.error.message).toBe(
      ACCESS_MESSAGES.cannotDeleteSelf,
    );

    // Two admins demoting each other at the same moment: at least one admin remains.
    const second = await gw.createUser('admin', '管理员乙');
    const answers = await Promise.all([
      setRole(admin, second.user.id, 'user'),
      setRole(second, self, 'user'),
    ]);
    const roleOf = async (id: string) =>
      ((await gw.store.db('users').get(id)) as unknown as { user_type: string }).user_type;
    const roles = [await roleOf(self), await roleOf(second.user.id)];
    expect(roles).toContain('admin');
    for (const res of answers) {
      if (res.status !== 200)
        expect(res.body.error.code).toMatch(/^(last_admin|forbidden|conflict)$/);
    }
    // The first admin is needed by the tests that follow.
    if (roles[0] !== 'admin') expect((await setRole(second, self, 'admin')).status).toBe(200);
  });
});

describe('admin writes by sync', () => {
  it('are logged for news, demands and settings; not for a user writing their own demand', async () => {
    const article = buildNews({ author_id: admin.user.id, status: 'draft', title: '草稿文章' });
    await api.insert(gw.app, admin, 'news', article);
    await api.updateAccepted(gw.app, admin, 'news', article.id, { status: 'published' });
    const erin = await gw.createUser('user', '艾琳');
    const demand = await api.insert(gw.app, erin, 'demands', buildNewDemand(erin.user.id));
    await api.updateAccepted(gw.app, admin, 'demands', demand, { status: 'completed' });

    const setting = {
      id: 'max_images_per_property',
      setting_value: 12,
      description: '每个房源最多上传的媒体数量',
      updated_at: new Date().toISOString(),
    };
    await api.pushAccepted(gw.app, admin, 'settings', [
      { assumedMasterState: null, newDocumentState: setting },
    ]);
    const settingLog = await adminLogOf(setting.id);
    expect(settingLog).toHaveLength(1);
    expect(settingLog[0]).toMatchObject({
      target_collection: 'settings',
      operation_type: 'create',
      new_data: expect.objectContaining({ setting_value: 12 }),
    });
    // A user's own demand write is not an admin action.
    expect((await adminLogOf(demand)).filter((e) => e.operator_id === erin.user.id)).toEqual([]);
    expect((await adminLogOf(article.id)).map((e) => e.operation_type)).toEqual([
      'create',
      'status',
    ]);
    const demandLog = await adminLogOf(demand);
    expect(demandLog.map((e) => e.operation_type)).toEqual(['status']);
    expect(String(demandLog[0]!.operation_description)).toContain('待处理 → 已完成');
  });
});
