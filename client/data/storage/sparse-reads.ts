/**
 * Reads of many documents by key, most of which the device does not hold, in one request instead
 * of one a key (architecture §11: a first sync near its floor).
 *
 * RxDB's Dexie storage reads the stored copy of every document it writes, and its replication
 * reads the device's copy and the last server state of every document a pull brings: four reads of
 * 10,000 keys in a first sync of 10,000 listings. Dexie's `getMany` sends one IndexedDB get a key;
 * on an empty device each answers "none", and the 40,000 requests cost the main thread about as
 * much as writing the listings. This Dexie middleware first lists which of the keys are stored (one
 * keys-only request over their range) and reads only those. When the range holds many more stored
 * documents than keys asked for (a re-sync of a hundred changes on a full device), it reads key by
 * key as before: the listing stops at SPARSE_READ_SPAN times the keys asked for.
 */
import type { DBCore, DBCoreGetManyRequest, DBCoreTable, Middleware } from 'dexie';
import { DEXIE_RANGE } from './rxdb-internals';

/** Fewer keys than this are read one by one (a request each costs little). */
export const SPARSE_READ_MIN_KEYS = 32;
/**
 * Stored keys listed at most for each key asked for; a denser range is read key by key. Chromium
 * lists a stored key in about a twentieth of a get's time (20,000 keys in ~36 ms; 500 gets in
 * ~21 ms), so a listing this long costs a dense range under half a get a key more, and spares a
 * sparse one a get for every key it does not hold (a first sync's later pages, whose edited
 * listings' ids spread over those already stored).
 */
export const SPARSE_READ_SPAN = 8;

async function sparseGetMany(table: DBCoreTable, req: DBCoreGetManyRequest): Promise<unknown[]> {
  const { keys } = req;
  if (keys.length < SPARSE_READ_MIN_KEYS) return table.getMany(req);
  // IndexedDB orders strings by UTF-16 code units, as JavaScript's < does.
  let lower = keys[0] as unknown;
  let upper = lower;
  for (const key of keys) {
    if (typeof key !== 'string') return table.getMany(req);
    if (key < (lower as string)) lower = key;
    if (key > (upper as string)) upper = key;
  }
  const limit = keys.length * SPARSE_READ_SPAN + 1;
  const { result: stored } = await table.query({
    trans: req.trans,
    values: false,
    limit,
    query: {
      index: table.schema.primaryKey,
      range: { type: DEXIE_RANGE, lower, upper, lowerOpen: false, upperOpen: false },
    },
  });
  if (stored.length >= limit) return table.getMany(req);
  const held = new Set(stored as string[]);
  const present = (keys as string[]).filter((key) => held.has(key));
  if (present.length === keys.length) return table.getMany(req);
  const values = present.length > 0 ? await table.getMany({ ...req, keys: present }) : [];
  const byKey = new Map<string, unknown>();
  present.forEach((key, i) => byKey.set(key, values[i]));
  return (keys as string[]).map((key) => byKey.get(key));
}

/** Registered on each Dexie database RxDB opens (`getRxStorageDexie({ onCreate })`). */
export const sparseReads: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'cjfc-sparse-reads',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      return { ...table, getMany: (req) => sparseGetMany(table, req) };
    },
  }),
};
