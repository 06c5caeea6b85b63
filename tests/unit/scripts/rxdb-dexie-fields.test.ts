/**
 * The build's check before RxDB's Dexie storage copies a document (scripts/rxdb-dexie-fields.ts):
 * every document is stored and read back exactly as RxDB's own code stores and reads it, RxDB's
 * document is never changed, and one with nothing to rename is not copied below its top level.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepUnchangedDocuments } from '../../../scripts/rxdb-dexie-fields';

type Convert = (booleanIndexes: string[], doc: Record<string, unknown>) => Record<string, unknown>;
interface Helper {
  fromStorageToDexie: Convert;
  fromDexieToStorage: Convert;
}

// The ES module the app's build bundles (what the Vite plugin rewrites), and the rewritten one
// beside it for the test (its own imports are relative to that folder).
const rxdb = path.dirname(createRequire(import.meta.url).resolve('rxdb/package.json'));
const original = path.join(rxdb, 'dist/esm/plugins/storage-dexie/dexie-helper.js');
const rewritten = path.join(
  path.dirname(original),
  `dexie-helper.rewritten-${process.pid}-${Date.now()}.js`,
);
let before: Helper;
let after: Helper;

beforeAll(async () => {
  await writeFile(rewritten, keepUnchangedDocuments(await readFile(original, 'utf8')));
  before = (await import(original)) as Helper;
  after = (await import(rewritten)) as Helper;
});

afterAll(() => rm(rewritten, { force: true }));

const listing = () => ({
  id: 'p-1',
  title: '澄江花园 3室',
  images: [{ url: '/media/a.jpg', variants: [{ w: 480 }] }],
  location: { district: '凤麓', lat: 24.67 },
  _deleted: false,
  _meta: { lwt: 1 },
  _rev: '1-a',
  _attachments: {},
});
const withPipeKey = () => ({ ...listing(), extra: { '|odd': 1, list: [{ '|deep': true }] } });
const withSubstituteKey = () => ({ ...listing(), extra: { __odd: 1, list: [{ __deep: 2 }] } });
const withNestedBoolean = () => ({ ...listing(), flags: { hidden: true, note: 'x' } });

const cases: [string, () => Record<string, unknown>, string[]][] = [
  ['a listing', listing, ['_deleted']],
  ['a key starting with |', withPipeKey, ['_deleted']],
  ['a key starting with __', withSubstituteKey, ['_deleted']],
  ['a boolean index below the top level', withNestedBoolean, ['_deleted', 'flags.hidden']],
];

describe("RxDB's Dexie storage with the build's check before it copies a document", () => {
  it.each(cases)(
    'stores and reads %s as RxDB does, and leaves the given one as it was',
    (_, make, indexes) => {
      const given = make();
      const stored = after.fromStorageToDexie(indexes, given);
      expect(given).toEqual(make());
      expect(stored).toEqual(before.fromStorageToDexie(indexes, make()));

      const read = after.fromDexieToStorage(indexes, stored);
      expect(stored).toEqual(before.fromStorageToDexie(indexes, make()));
      expect(read).toEqual(
        before.fromDexieToStorage(indexes, before.fromStorageToDexie(indexes, make())),
      );
    },
  );

  it('copies only the top level of a document with nothing to rename', () => {
    const given = listing();
    const stored = after.fromStorageToDexie(['_deleted'], given);
    expect(stored).not.toBe(given);
    expect(stored._deleted).toBe('0');
    expect(given._deleted).toBe(false);
    expect(stored.images).toBe(given.images);
    expect(stored.location).toBe(given.location);
    const read = after.fromDexieToStorage(['_deleted'], stored);
    expect(read._deleted).toBe(false);
    expect(read.images).toBe(stored.images);
  });

  it('fails the build when RxDB’s code changed', () => {
    expect(() => keepUnchangedDocuments('export function fromStorageToDexie() {}')).toThrow(
      /needs a look after the RxDB update/,
    );
  });
});
