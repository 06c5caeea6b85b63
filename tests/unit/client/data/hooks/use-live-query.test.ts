/**
 * A reload after a failed device query gets a fresh query: RxDB keeps one RxQuery per query string
 * and one whose storage read failed stays failed, so `forgetIdleQueries` (what `reload` of
 * useLiveQuery calls) drops the idle cached queries and keeps those still watched.
 */
import { addRxPlugin, createRxDatabase, type RxStorage, type RxStorageInstance } from 'rxdb';
import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { constantSource, mapSource, switchSource } from '@client/data/hooks/use-live-query';
import { forgetIdleQueries } from '@client/data/reads/query-cache';
import { buildDemand } from '@tests/fixtures/builders';

addRxPlugin(RxDBDevModePlugin);

/** Memory storage whose reads fail while `failing.on` is set (a broken IndexedDB). */
function failingStorage(failing: { on: boolean }): RxStorage<unknown, unknown> {
  const memory = getRxStorageMemory() as RxStorage<unknown, unknown>;
  return {
    ...memory,
    async createStorageInstance(params) {
      const instance = (await memory.createStorageInstance(params)) as RxStorageInstance<
        unknown,
        unknown,
        unknown
      >;
      const query = instance.query.bind(instance);
      instance.query = (q) =>
        failing.on ? Promise.reject(new Error('injected read failure')) : query(q);
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}

let db: DeviceDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

describe('forgetIdleQueries', () => {
  it('lets a query that failed once run again, and keeps queries still watched', async () => {
    const failing = { on: true };
    const rx = await createRxDatabase({
      name: `live-query-${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: failingStorage(failing) }),
    });
    await rx.addCollections({
      demands: { schema: COLLECTION_SCHEMAS.demands },
      news: { schema: COLLECTION_SCHEMAS.news },
    });
    db = rx as unknown as DeviceDatabase;
    const demand = buildDemand();
    failing.on = false;
    await db.demands.insert(demand);
    const watched = db.news.find();
    const sub = watched.$.subscribe();
    await watched.exec();

    failing.on = true;
    const mine = () => db!.demands.find({ selector: { user_id: demand.user_id } });
    await expect(mine().exec()).rejects.toThrow('injected read failure');
    failing.on = false;
    // RxDB hands back the same, still failed query...
    await expect(mine().exec()).rejects.toThrow('injected read failure');
    forgetIdleQueries(db);
    // ...until it is forgotten; the watched one stays cached.
    expect((await mine().exec()).map((d) => d.id)).toEqual([demand.id]);
    expect(db.news.find()).toBe(watched);
    sub.unsubscribe();
  });
});

describe("mapSource, switchSource and constantSource (the screens' queries without rxjs)", () => {
  it('maps every value of an RxDB query, passes its failure on, and stops on unsubscribe', async () => {
    const failing = { on: false };
    const rx = await createRxDatabase({
      name: `live-source-${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: failingStorage(failing) }),
    });
    await rx.addCollections({ demands: { schema: COLLECTION_SCHEMAS.demands } });
    db = rx as unknown as DeviceDatabase;
    const seen: string[][] = [];
    const error = vi.fn();
    const sub = mapSource(db.demands.find().$, (docs) => docs.map((d) => d.id)).subscribe({
      next: (ids) => seen.push(ids),
      error,
    });
    await vi.waitFor(() => expect(seen).toEqual([[]]));
    const demand = buildDemand();
    await db.demands.insert(demand);
    await vi.waitFor(() => expect(seen).toEqual([[], [demand.id]]));
    sub.unsubscribe();
    await db.demands.insert(buildDemand());
    await db.demands.find().exec();
    expect(seen).toEqual([[], [demand.id]]);
    expect(error).not.toHaveBeenCalled();

    failing.on = true;
    const failed = vi.fn();
    const broken = mapSource(db.demands.find({ selector: { user_id: 'x' } }).$, (d) => d.length);
    const sub2 = broken.subscribe({ next: () => {}, error: failed });
    await vi.waitFor(() => expect(failed).toHaveBeenCalled());
    sub2.unsubscribe();
  });

  it('mapSource hands a projection that throws to the failure, not to the source', () => {
    const next = vi.fn();
    const error = vi.fn();
    mapSource(constantSource(1), () => {
      throw new Error('bad projection');
    }).subscribe({ next, error });
    expect(next).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(new Error('bad projection'));
  });

  it('switchSource follows the query made of the latest value only, and stops on unsubscribe', async () => {
    const rx = await createRxDatabase({
      name: `switch-source-${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
    });
    await rx.addCollections({ demands: { schema: COLLECTION_SCHEMAS.demands } });
    db = rx as unknown as DeviceDatabase;
    const first = buildDemand({ user_id: 'u-a' });
    const second = buildDemand({ user_id: 'u-b' });
    await db.demands.bulkInsert([first, second]);
    // The outer query names whose demands to follow: the newest demand's owner.
    const owners = mapSource(db.demands.find().$, (docs) => docs.map((d) => d.user_id).sort());
    const seen: string[][] = [];
    const error = vi.fn();
    const sub = switchSource(owners, (users) =>
      mapSource(db!.demands.find({ selector: { user_id: users[users.length - 1]! } }).$, (docs) =>
        docs.map((d) => d.id),
      ),
    ).subscribe({ next: (ids) => seen.push(ids), error });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([second.id]));

    // A third owner sorts last: the inner query switches to them; the one before is dropped.
    const third = buildDemand({ user_id: 'u-c' });
    await db.demands.insert(third);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([third.id]));
    // A change to the dropped query's owner does not come through: by the time the next change
    // of the followed owner has, it would have.
    const dropped = buildDemand({ user_id: 'u-b' });
    await db.demands.insert(dropped);
    const fourth = buildDemand({ user_id: 'u-c' });
    await db.demands.insert(fourth);
    await vi.waitFor(() => expect(seen.at(-1)?.sort()).toEqual([third.id, fourth.id].sort()));
    expect(seen.some((ids) => ids.includes(dropped.id))).toBe(false);

    // Unsubscribed, it hands nothing more over (a second watcher of the same query shows when
    // the write has come through).
    sub.unsubscribe();
    const count = seen.length;
    const watcher: string[][] = [];
    const watch = db.demands
      .find({ selector: { user_id: 'u-c' } })
      .$.subscribe((docs) => watcher.push(docs.map((d) => d.id)));
    await db.demands.insert(buildDemand({ user_id: 'u-c' }));
    await vi.waitFor(() => expect(watcher.at(-1)).toHaveLength(3));
    watch.unsubscribe();
    expect(seen.length).toBe(count);
    expect(error).not.toHaveBeenCalled();
  });

  it('constantSource hands over its value at once', () => {
    const next = vi.fn();
    constantSource([1, 2])
      .subscribe({ next, error: () => {} })
      .unsubscribe();
    expect(next).toHaveBeenCalledWith([1, 2]);
  });
});
