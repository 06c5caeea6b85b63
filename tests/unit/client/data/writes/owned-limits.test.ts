/**
 * The per-user limits the gateway enforces are checked on the device first, with the gateway's
 * message, so nothing is queued that could only come back refused: the DEMAND_MAX-th + 1 demand
 * and the FAVORITE_MAX-th + 1 favourite are refused before they are written, and below the limit
 * they are written (on the browser's storage).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMAND_MAX, DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { FAVORITE_MAX, FAVORITE_MESSAGES, favoriteId } from '@couchdb/model/favorite-facts';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { publishDemand } from '@client/data/writes/demand-mutations';
import { toggleFavorite } from '@client/data/hooks/use-favorites';
import { LimitReachedError } from '@client/data/writes/limit-reached';
import { buildNewDemand } from '../../../../fixtures/builders';
import { deviceStorage } from '@client/data/storage/device-storage';

let db: DeviceDatabase | null = null;

async function openDatabase(): Promise<DeviceDatabase> {
  const rx = await createRxDatabase({
    name: `limits-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    // The browser's storage (Dexie on IndexedDB): it refuses what the memory storage allows,
    // e.g. a count() its indexes cannot answer alone (RxDB QU14).
    storage: deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
  await rx.addCollections({
    demands: { schema: COLLECTION_SCHEMAS.demands },
    favorites: { schema: COLLECTION_SCHEMAS.favorites },
  });
  db = rx as unknown as DeviceDatabase;
  return db;
}

afterEach(async () => {
  await db?.close();
  db = null;
});

const USER = 'u-limits';

describe('per-user limits on the device', () => {
  it(`refuse a demand past ${DEMAND_MAX} with the gateway's message, before writing it`, async () => {
    const database = await openDatabase();
    await database.demands.bulkInsert(
      Array.from({ length: DEMAND_MAX }, () => buildNewDemand(USER) as never),
    );
    // Refused before the form is read: any content would do.
    const attempt = publishDemand(database, USER, {} as never);
    await expect(attempt).rejects.toThrow(LimitReachedError);
    await expect(attempt).rejects.toThrow(DEMAND_MESSAGES.tooMany);
    expect(await database.demands.count().exec()).toBe(DEMAND_MAX);
  });

  it(`refuse a favourite past ${FAVORITE_MAX}; removing one still works`, async () => {
    const database = await openDatabase();
    await database.favorites.bulkInsert(
      Array.from({ length: FAVORITE_MAX }, (_, i) => ({
        id: favoriteId(USER, `p-${i}`),
        user_id: USER,
        property_id: `p-${i}`,
        created_at: '2026-11-27T00:00:00.000Z',
      })),
    );
    await expect(toggleFavorite(database, USER, 'p-new')).rejects.toThrow(
      FAVORITE_MESSAGES.tooMany,
    );
    expect(await toggleFavorite(database, USER, 'p-0')).toBe('removed');
    expect(await toggleFavorite(database, USER, 'p-new')).toBe('added');
  });

  it('write a demand below the limit', async () => {
    const database = await openDatabase();
    const form = { ...buildNewDemand(USER) } as never;
    await expect(publishDemand(database, USER, form)).resolves.toEqual(expect.any(String));
  });
});
