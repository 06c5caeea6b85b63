/**
 * A role changed by an admin reaches the device without a new sign-in (issue 14): the device's own
 * account document carries the new role, the data layer syncs again with that role's scope (the
 * gateway re-scopes pulls made for the old role), a promoted admin's device receives every demand
 * and the operation log, and a demoted one drops both.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import request from 'supertest';
import type { RxStorage } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceData } from '../../../client/data/device-data';
import type { SyncHttpOptions } from '../../../client/data/sync/sync-http';
import type { UserRole } from '../../../couchdb/model/roles';
import { buildNewDemand } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually } from './device';
import { deviceStorage } from '@client/data/storage/device-storage';

let gw: TestGateway;
let url: string;
let admin: Account;
let bob: Account;
let carol: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  admin = await gw.createUser('admin', '管理员');
  bob = await gw.createUser('user', '鲍勃');
  carol = await gw.createUser('user', '卡罗尔');
});

afterAll(async () => {
  await gw.cleanup();
});

const setRole = (id: string, role: UserRole) =>
  request(gw.app).put(`/api/admin/users/${id}/role`).set(api.bearer(admin)).send({ role });

describe('a role change', () => {
  it('reaches the device through its own account and re-scopes its data', async () => {
    const carolsDemand = await api.insert(gw.app, carol, 'demands', buildNewDemand(carol.user.id));
    const storage = wrappedValidateAjvStorage({
      storage: deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    }) as RxStorage<unknown, unknown>;
    // Bob keeps the token he signed in with (issued for role `user`) throughout.
    const auth: SyncHttpOptions = { baseUrl: url, getAccessToken: async () => bob.accessToken };
    const data = new DeviceData(auth, async () => storage);
    try {
      await data.use({ kind: 'user', userId: bob.user.id, role: 'user' });
      const db = data.database!;
      await eventually(async () => await db.users.findOne(bob.user.id).exec(), 'own account');
      expect(await db.demands.findOne(carolsDemand).exec()).toBeNull();

      expect((await setRole(bob.user.id, 'admin')).status).toBe(200);
      // The device learns it from its own account document (the app then switches the role).
      const role = await eventually(async () => {
        const me = await db.users.findOne(bob.user.id).exec();
        return me?.user_type === 'admin' ? me.user_type : null;
      }, 'the new role on the device');
      await data.use({ kind: 'user', userId: bob.user.id, role });
      expect(data.database).toBe(db);
      await eventually(
        async () => await db.demands.findOne(carolsDemand).exec(),
        "another user's demand on the promoted device",
      );
      await eventually(
        async () => (await db.oplog.find({ selector: { target_id: bob.user.id } }).exec()).length,
        'the admin action log on the promoted device',
      );

      expect((await setRole(bob.user.id, 'user')).status).toBe(200);
      await eventually(async () => {
        const me = await db.users.findOne(bob.user.id).exec();
        return me?.user_type === 'user';
      }, 'the demotion on the device');
      await data.use({ kind: 'user', userId: bob.user.id, role: 'user' });
      await eventually(
        async () => (await db.demands.findOne(carolsDemand).exec()) === null,
        "another user's demand gone from the demoted device",
      );
      expect(await db.oplog.count().exec()).toBe(0);
      // His own account stays.
      expect((await db.users.findOne(bob.user.id).exec())?.user_type).toBe('user');
    } finally {
      await data.close();
    }
  });
});
