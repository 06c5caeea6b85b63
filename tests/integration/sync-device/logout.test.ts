/**
 * The page's data layer across login and logout (issue 3 item 1, architecture §5): login opens the
 * user's own database, logout closes it and removes it from the device (IndexedDB included), the
 * visitor database is opened in its place, and logging in again rebuilds the user's data from the
 * server. Before it, the device counts what it has not sent (issue 21); a logout that keeps it
 * leaves the database on the device, and the user's next sign-in here sends it.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_DATABASE, databaseNameFor } from '../../../client/data/storage/database';
import { DeviceData } from '../../../client/data/device-data';
import type { SyncHttpOptions } from '../../../client/data/sync/sync-http';
import type { TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually } from './device';
import { buildNewListing } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { deviceStorage } from '@client/data/storage/device-storage';
import { startUserAndAdmin } from './support';

let gw: TestGateway;
let url: string;
let alice: Account;
let admin: Account;

beforeAll(async () => {
  ({ gw, url, alice, admin } = await startUserAndAdmin());
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
      storage: deviceStorage({ indexedDB, IDBKeyRange }),
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

describe('logout with unsent changes', () => {
  it('counts a change made offline, keeps it at a logout that keeps, and sends it at the next sign-in', async () => {
    const indexedDB = new IDBFactory();
    const storage = wrappedValidateAjvStorage({
      storage: deviceStorage({ indexedDB, IDBKeyRange }),
    }) as RxStorage<unknown, unknown>;
    let token: string | null = alice.accessToken;
    const auth: SyncHttpOptions = { baseUrl: url, getAccessToken: async () => token };
    const data = new DeviceData(auth, async () => storage);
    const identity = { kind: 'user', userId: alice.user.id, role: 'user' } as const;

    try {
      await data.use(identity);
      await data.sync!.awaitInSync();
      expect(await data.unsent(alice.user.id)).toEqual({
        listings: 0,
        photos: 0,
        videos: 0,
        changes: 0,
        refused: 0,
      });

      await data.sync!.goOffline();
      const listing = buildNewListing(alice.user.id, { title: '离线发布后退出登录的房源' });
      await data.database!.properties.insert(listing as never);
      expect(await data.unsent(alice.user.id)).toMatchObject({ changes: 1, refused: 0 });
      // Another account's database is not this user's: nothing to count for it.
      expect(await data.unsent('someone-else')).toBeNull();

      // Logout keeping it: the database stays on the device, the server has not got the listing.
      token = null;
      await data.removeUser(alice.user.id, { keepUnsent: true });
      expect(data.database).toBeNull();
      await data.use({ kind: 'anon' });
      expect((await serverDocs(url, admin, 'properties')).has(listing.id)).toBe(false);

      // The same user signs in again here: the kept listing is still unsent, then sent.
      token = alice.accessToken;
      await data.use(identity);
      expect(await data.database!.properties.findOne(listing.id).exec()).not.toBeNull();
      await eventually(
        async () => (await serverDocs(url, admin, 'properties')).get(listing.id) ?? null,
        'the kept listing on the server',
        20_000,
      );
      await eventually(
        async () => (await data.unsent(alice.user.id))?.changes === 0,
        'nothing left unsent',
      );
    } finally {
      await data.close();
    }
  });
});
