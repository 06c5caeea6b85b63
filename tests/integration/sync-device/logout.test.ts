/**
 * The page's data layer across login and logout (issue 3 item 1, DESIGN §5): login opens the
 * user's own database, logout closes it and removes it from the device (IndexedDB included), the
 * visitor database is opened in its place, and logging in again rebuilds the user's data from the
 * server.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_DATABASE, databaseNameFor } from '../../../client/data/database';
import { DeviceData } from '../../../client/data/device-data';
import type { SyncHttpOptions } from '../../../client/data/sync-http';
import type { User } from '../../../couchdb/model/user';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually } from './device';
import { buildNewListing } from '../../fixtures/builders';

let gw: TestGateway;
let url: string;
let alice: { user: User; accessToken: string };

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  alice = await gw.createUser('user', '爱丽丝');
});

afterAll(async () => {
  await gw.cleanup();
});

/** How many records an IndexedDB database holds across its object stores. */
async function recordsIn(factory: IDBFactory, name: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  try {
    const stores = [...db.objectStoreNames];
    if (stores.length === 0) return 0;
    const tx = db.transaction(stores, 'readonly');
    const counts = await Promise.all(
      stores.map(
        (store) =>
          new Promise<number>((resolve, reject) => {
            const req = tx.objectStore(store).count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          }),
      ),
    );
    return counts.reduce((a, b) => a + b, 0);
  } finally {
    db.close();
  }
}

describe('logout', () => {
  it('closes and removes the user database, opens the visitor one, and login rebuilds it', async () => {
    const indexedDB = new IDBFactory();
    const storage = wrappedValidateAjvStorage({
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    }) as RxStorage<unknown, unknown>;
    let token: string | null = alice.accessToken;
    const auth: SyncHttpOptions = { baseUrl: url, getAccessToken: async () => token };
    const data = new DeviceData(auth, async () => storage);
    const idbNames = async () => (await indexedDB.databases()).map((d) => d.name ?? '');
    const userDb = databaseNameFor({ kind: 'user', userId: alice.user.id });

    try {
      await data.use({ kind: 'user', userId: alice.user.id, role: 'user' });
      const db = data.database!;
      expect(db.name).toBe(userDb);
      const listing = buildNewListing(alice.user.id, { title: '退出登录前发布的房源' });
      await db.properties.insert(listing as never);
      await eventually(
        async () => (await db.properties.findOne(listing.id).exec())?.server_rev,
        'the listing to be accepted',
      );
      await data.sync!.awaitInSync();
      expect((await idbNames()).some((n) => n.includes(userDb))).toBe(true);

      // Logout: the session ends, the user's database is closed and removed, the visitor's opens.
      token = null;
      await data.removeUser(alice.user.id);
      expect(db.closed).toBe(true);
      expect(data.database).toBeNull();
      // RxDB's Dexie storage empties a removed database's IndexedDB stores but leaves them in place.
      const leftovers = (await idbNames()).filter((n) => n.includes(userDb));
      for (const name of leftovers)
        expect([name, await recordsIn(indexedDB, name)]).toEqual([name, 0]);
      await data.use({ kind: 'anon' });
      expect(data.database?.name).toBe(ANON_DATABASE);
      // The visitor's database has no place for demands at all (nor accounts or the log).
      expect(data.database!.collections.demands).toBeUndefined();
      expect(data.database!.collections.users).toBeUndefined();

      // Login again: a fresh database, filled from the server.
      token = alice.accessToken;
      await data.use({ kind: 'user', userId: alice.user.id, role: 'user' });
      expect(data.database?.name).toBe(userDb);
      const again = await eventually(
        async () => data.database!.properties.findOne(listing.id).exec(),
        'the listing back from the server',
      );
      expect(again.title).toBe('退出登录前发布的房源');
    } finally {
      await data.close();
    }
  });
});
