/**
 * Many-key reads on the device (sparse-reads.ts): the answer is the one Dexie gives key by key
 * (the stored document or undefined, in the order asked, duplicates included), and keys the
 * device does not hold cost no request of their own: an empty device answers 10,000 keys with one
 * keys-only listing, a sparse range reads only the stored keys, a dense range reads key by key.
 */
import { Dexie, type DBCore, type Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SPARSE_READ_MIN_KEYS,
  SPARSE_READ_SPAN,
  sparseReads,
} from '@client/data/storage/sparse-reads';

interface Doc {
  id: string;
  n: number;
}

/** What reaches IndexedDB below the middleware: the keys of each getMany, and each listing. */
interface Requests {
  getMany: number[];
  listings: number;
}

let db: Dexie | null = null;

afterEach(() => {
  db?.close();
  db = null;
});

async function open(
  stored: string[],
): Promise<{ table: Dexie['Table']['prototype']; requests: Requests }> {
  const requests: Requests = { getMany: [], listings: 0 };
  const counting: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'count-requests',
    level: 1,
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          getMany(req) {
            requests.getMany.push(req.keys.length);
            return table.getMany(req);
          },
          query(req) {
            requests.listings += 1;
            return table.query(req);
          },
        };
      },
    }),
  };
  db = new Dexie(`sparse-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  db.version(1).stores({ docs: 'id' });
  db.use(counting);
  db.use(sparseReads);
  await db.open();
  const table = db.table('docs');
  await table.bulkPut(stored.map((id, n) => ({ id, n })));
  requests.getMany.length = 0;
  requests.listings = 0;
  return { table, requests };
}

const key = (i: number) => `doc-${String(i).padStart(6, '0')}`;
const keys = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => key(from + i));

describe('many-key reads on the device', () => {
  it('an empty device answers 10,000 keys with one listing and no read', async () => {
    const { table, requests } = await open([]);
    const asked = keys(0, 10_000);
    const answer = (await table.bulkGet(asked)) as (Doc | undefined)[];
    expect(answer).toHaveLength(10_000);
    expect(answer.every((d) => d === undefined)).toBe(true);
    expect(requests).toEqual({ getMany: [], listings: 1 });
  });

  it('a sparse range reads only the stored keys, in the order asked, duplicates included', async () => {
    const { table, requests } = await open([key(10), key(500), key(999)]);
    const asked = [...keys(0, 1_000).reverse(), key(500), key(1_000_000)];
    const answer = (await table.bulkGet(asked)) as (Doc | undefined)[];
    expect(answer).toHaveLength(asked.length);
    answer.forEach((doc, i) => {
      const id = asked[i]!;
      if ([key(10), key(500), key(999)].includes(id)) expect(doc?.id).toBe(id);
      else expect(doc).toBeUndefined();
    });
    // The stored keys once each (the duplicate too: a Set would merge it, the answer must not).
    expect(requests.listings).toBe(1);
    expect(requests.getMany).toEqual([4]);
  });

  it('a range denser than the keys asked is read key by key, with the same answer', async () => {
    const stored = keys(0, SPARSE_READ_MIN_KEYS * (SPARSE_READ_SPAN + 2));
    const { table, requests } = await open(stored);
    // Every other stored key plus absent ones in between: more stored than SPAN × asked.
    const asked = [...keys(0, SPARSE_READ_MIN_KEYS - 1), key(stored.length - 1), 'doc-x'];
    const answer = (await table.bulkGet(asked)) as (Doc | undefined)[];
    expect(answer.map((d) => d?.id)).toEqual([...asked.slice(0, -1), undefined]);
    expect(requests.getMany).toEqual([asked.length]);
  });

  it('every key stored: one read of them all, as without the middleware', async () => {
    const { table, requests } = await open(keys(0, 100));
    const asked = keys(0, 100);
    const answer = (await table.bulkGet(asked)) as Doc[];
    expect(answer.map((d) => d.n)).toEqual(asked.map((_, i) => i));
    expect(requests.getMany).toEqual([100]);
  });

  it('few keys, or keys that are not strings, go to IndexedDB as they are', async () => {
    const { table, requests } = await open([key(1)]);
    const few = keys(0, SPARSE_READ_MIN_KEYS - 1);
    expect(((await table.bulkGet(few)) as (Doc | undefined)[]).filter(Boolean)).toHaveLength(1);
    const numbers = Array.from({ length: SPARSE_READ_MIN_KEYS }, (_, i) => i);
    expect(await table.bulkGet(numbers)).toEqual(numbers.map(() => undefined));
    expect(requests).toEqual({ getMany: [few.length, numbers.length], listings: 0 });
  });

  it('reads inside a write transaction see its writes', async () => {
    const { table } = await open([]);
    const asked = keys(0, 200);
    const seen = await db!.transaction('rw', table, async () => {
      await table.bulkPut([{ id: key(150), n: 150 }]);
      return (await table.bulkGet(asked)) as (Doc | undefined)[];
    });
    expect(seen.filter(Boolean).map((d) => d!.id)).toEqual([key(150)]);
  });
});
