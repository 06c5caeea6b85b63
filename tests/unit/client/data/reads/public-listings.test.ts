/**
 * The device's public listings as one list kept up to date change by change (issue 17): read in
 * pieces, then each write applied by id, the screens given a new list at most every EMIT_EVERY_MS
 * (further apart for a county's list).
 * On the browser's storage (Dexie on fake-indexeddb), as the app stores its listings.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Property } from '@couchdb/model/property';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { deviceStorage } from '@client/data/storage/device-storage';
import {
  CHUNK,
  EMIT_EVERY_MAX_MS,
  EMIT_EVERY_MS,
  emitSpacingMs,
  publicListings,
} from '@client/data/reads/public-listings';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { buildProperty } from '../../../../fixtures/builders';

let db: DeviceDatabase | null = null;

async function openDatabase(): Promise<DeviceDatabase> {
  const rx = await createRxDatabase({
    name: `public-listings-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    storage: deviceStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    multiInstance: false,
  });
  await rx.addCollections({ properties: { schema: COLLECTION_SCHEMAS.properties } });
  db = rx as unknown as DeviceDatabase;
  return db;
}

afterEach(async () => {
  await db?.close();
  db = null;
});

const asDoc = (p: Property) => p as unknown as PropertyDoc;

/** Every list the screens get, and a wait for one that passes `test`. */
function watch(database: DeviceDatabase) {
  const lists: PropertyDoc[][] = [];
  const waiting = new Set<() => void>();
  const subscription = publicListings(database).subscribe({
    next: (list) => {
      lists.push(list);
      for (const check of waiting) check();
    },
    error: (err) => {
      throw err;
    },
  });
  const until = (test: (list: PropertyDoc[]) => boolean, what: string) =>
    new Promise<PropertyDoc[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no list ${what} within 5 s`)), 5_000);
      const check = () => {
        const last = lists.at(-1);
        if (last && test(last)) {
          clearTimeout(timer);
          waiting.delete(check);
          resolve(last);
        }
      };
      waiting.add(check);
      check();
    });
  return { lists, until, stop: () => subscription.unsubscribe() };
}

const ids = (list: PropertyDoc[]) => list.map((p) => p.id).sort();

describe('the public listings of the device', () => {
  it('are every active, approved listing, read in several pieces, with the listing’s own fields', async () => {
    const database = await openDatabase();
    const shown = Array.from({ length: CHUNK * 2 + 37 }, () => buildProperty());
    const hidden = [
      buildProperty({ status: 'inactive' }),
      buildProperty({ audit_status: 'pending' }),
      buildProperty({ audit_status: 'rejected' }),
    ];
    await database.properties.bulkInsert([...shown, ...hidden].map(asDoc) as never);

    const { lists, until } = watch(database);
    const list = await until((l) => l.length > 0, 'with listings');
    expect(lists).toHaveLength(1);
    expect(ids(list)).toEqual(shown.map((p) => p.id).sort());
    const one = list.find((p) => p.id === shown[0]!.id)!;
    expect(one).toEqual(shown[0]);
    expect(Object.keys(one).filter((k) => k.startsWith('_'))).toEqual([]);
  });

  it('follow each write: a new listing, a change, one taken down, one deleted', async () => {
    const database = await openDatabase();
    const [a, b, c] = [buildProperty(), buildProperty(), buildProperty()];
    await database.properties.bulkInsert([a, b, c].map(asDoc) as never);
    const { until } = watch(database);
    await until((l) => l.length === 3, 'of 3');

    const d = buildProperty({ audit_status: 'pending' });
    await database.properties.insert(asDoc(d) as never);
    await database.properties.upsert(asDoc({ ...d, audit_status: 'approved' }) as never);
    await until((l) => l.some((p) => p.id === d.id), 'with the approved one');

    await database.properties.upsert(asDoc({ ...a, title: '改过的标题' }) as never);
    const changed = await until(
      (l) => l.find((p) => p.id === a.id)?.title === '改过的标题',
      'with the new title',
    );
    expect(
      Object.keys(changed.find((p) => p.id === a.id)!).filter((k) => k.startsWith('_')),
    ).toEqual([]);

    await database.properties.upsert(asDoc({ ...b, status: 'inactive' }) as never);
    await (await database.properties.findOne(c.id).exec())!.remove();
    const last = await until((l) => l.length === 2, 'of 2');
    expect(ids(last)).toEqual([a.id, d.id].sort());
  });

  it('keep the writes made while the first read is under way', async () => {
    const database = await openDatabase();
    const before = Array.from({ length: CHUNK + 10 }, () => buildProperty());
    await database.properties.bulkInsert(before.map(asDoc) as never);
    const { until } = watch(database);
    // Written right after the list is asked for: the first piece (the lowest ids) is read by then,
    // so only the change events carry these.
    const [first, second] = before;
    await database.properties.upsert(asDoc({ ...first!, title: '读的时候改的' }) as never);
    await (await database.properties.findOne(second!.id).exec())!.remove();
    const during = Array.from({ length: 5 }, () => buildProperty());
    await database.properties.bulkInsert(during.map(asDoc) as never);
    const list = await until((l) => l.length === before.length - 1 + during.length, 'with all');
    expect(ids(list)).toEqual(
      [...before.slice(0, 1), ...before.slice(2), ...during].map((p) => p.id).sort(),
    );
    expect(list.find((p) => p.id === first!.id)?.title).toBe('读的时候改的');
  });

  it('reach the screens far less often than the writes come (a first sync)', async () => {
    const database = await openDatabase();
    const { lists, until } = watch(database);
    await until(() => true, 'at all');
    const writes = Array.from({ length: 40 }, () => buildProperty());
    // Forty writes of their own, as fast as they go.
    await Promise.all(writes.map((p) => database.properties.insert(asDoc(p) as never)));
    await until((l) => l.length === writes.length, 'with all 40');
    expect(lists.length - 1).toBeLessThan(writes.length / 4);
  });

  it('reach the screens at once, as the writes left them, when the first sync is over', async () => {
    const database = await openDatabase();
    const { lists, until } = watch(database);
    await until(() => true, 'at all');
    const writes = Array.from({ length: 40 }, () => buildProperty());
    await Promise.all(writes.map((p) => database.properties.insert(asDoc(p) as never)));
    await publicListings(database).flush();
    // No waiting for the spacing between lists: the last one the screens got holds every write.
    expect(ids(lists.at(-1)!)).toEqual(writes.map((p) => p.id).sort());
    const count = lists.length;
    await publicListings(database).flush();
    expect(lists).toHaveLength(count);
  });

  it('come further apart the more listings there are, a county’s at most once a second', () => {
    expect(emitSpacingMs(0)).toBe(EMIT_EVERY_MS);
    expect(emitSpacingMs(44)).toBe(EMIT_EVERY_MS);
    expect(emitSpacingMs(2_500)).toBe(EMIT_EVERY_MS);
    expect(emitSpacingMs(5_000)).toBe(2 * EMIT_EVERY_MS);
    expect(emitSpacingMs(10_000)).toBe(EMIT_EVERY_MAX_MS);
    expect(emitSpacingMs(50_000)).toBe(EMIT_EVERY_MAX_MS);
  });

  it('are one list for every screen of the page', async () => {
    const database = await openDatabase();
    await database.properties.insert(asDoc(buildProperty()) as never);
    const first = watch(database);
    const list = await first.until((l) => l.length === 1, 'of 1');
    const second = watch(database);
    // The second screen gets the same list at once, without reading the listings again.
    expect(second.lists).toEqual([list]);
    expect(second.lists[0]).toBe(list);
  });
});
