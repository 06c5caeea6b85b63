/**
 * The build sorts RxDB's schema keys by code unit instead of with the device's locale
 * (scripts/rxdb-code-unit-sort.ts: no ICU collator built on the main thread at start-up). A device
 * whose database stored its collections under the locale order's schema hashes must still open it
 * with everything it held: RxDB compares the schemas' content when a stored hash differs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  getAllCollectionDocuments,
  type RxDocumentData,
  type RxStorage,
  type InternalStoreCollectionDocType,
} from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DeviceDatabase } from '@client/data/storage/database';
import { deviceStorage } from '@client/data/storage/device-storage';
import { sortByCodeUnits } from '../../../../../scripts/rxdb-code-unit-sort';

const conflicts = {
  isAdmin: () => false,
  takeServerVersion: () => false,
  keep: () => undefined,
};

let open: DeviceDatabase | null = null;

afterEach(async () => {
  await open?.close();
  open = null;
});

async function openOn(indexedDB: IDBFactory, name: string): Promise<DeviceDatabase> {
  const storage = wrappedValidateAjvStorage({
    storage: deviceStorage({ indexedDB, IDBKeyRange }),
  }) as RxStorage<unknown, unknown>;
  open = await openDatabase({
    name,
    storage,
    multiInstance: false,
    collections: ['recent', 'counter_queue'],
    conflicts: conflicts as never,
  });
  return open;
}

/** The same object with its keys, at every depth, in the reverse of their current order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

/**
 * Rewrites the stored collection documents as another build stored them: each schema's keys in
 * another order and so another hash, with `change` applied to the schema.
 */
async function storeAsAnotherBuild(
  db: DeviceDatabase,
  change: (schema: Record<string, unknown>) => void = () => {},
): Promise<void> {
  const docs = (await getAllCollectionDocuments(
    db.internalStore,
  )) as RxDocumentData<InternalStoreCollectionDocType>[];
  expect(docs.length).toBe(2);
  const rows = docs.map((previous) => {
    const schema = reversedKeys(previous.data.schema) as Record<string, unknown>;
    change(schema);
    return {
      previous,
      document: {
        ...previous,
        data: { ...previous.data, schema, schemaHash: `another-order-${previous.data.schemaHash}` },
        _rev: `${Number(previous._rev.split('-')[0]) + 1}-anotherbuild`,
        _meta: { lwt: Date.now() + 1 },
      },
    };
  });
  const result = await db.internalStore.bulkWrite(rows as never, 'test-another-build');
  expect(result.error).toEqual([]);
}

describe('a database stored under another schema key order', () => {
  it('opens with what it held', async () => {
    const indexedDB = new IDBFactory();
    const first = await openOn(indexedDB, 'order-kept');
    await first.collections.recent!.insert({ id: 'p-1', viewed_at: '2026-11-28T10:00:00.000Z' });
    await storeAsAnotherBuild(first);
    await first.close();
    open = null;

    const again = await openOn(indexedDB, 'order-kept');
    const kept = await again.collections.recent!.findOne('p-1').exec();
    expect(kept?.viewed_at).toBe('2026-11-28T10:00:00.000Z');
  });

  it('is still refused when the stored schema differs in content, not only in order', async () => {
    const indexedDB = new IDBFactory();
    const first = await openOn(indexedDB, 'order-changed');
    await storeAsAnotherBuild(first, (schema) => {
      (schema.properties as Record<string, Record<string, unknown>>).id!.maxLength = 7;
    });
    await first.close();
    open = null;

    await expect(openOn(indexedDB, 'order-changed')).rejects.toMatchObject({ code: 'DB6' });
    open = null;
  });
});

describe("the build's sort of RxDB's schema keys", () => {
  // The ES module the app's build bundles (what the Vite plugin rewrites).
  const rxdb = path.dirname(createRequire(import.meta.url).resolve('rxdb/package.json'));
  const utilsObject = path.join(rxdb, 'dist/esm/plugins/utils/utils-object.js');

  it('orders keys by code unit, with no locale collation left', async () => {
    const source = await readFile(utilsObject, 'utf8');
    const code = sortByCodeUnits(source);
    expect(code).not.toContain('localeCompare');
    const { sortObject } = (await import(
      `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
    )) as { sortObject: (obj: unknown, noArraySort?: boolean) => Record<string, unknown> };
    const sorted = sortObject({
      maximum: 1,
      b: 2,
      maxLength: 3,
      B: 4,
      _meta: 5,
      a: { y: 1, x: 2 },
    });
    // A locale order puts maximum before maxLength and b before B.
    expect(Object.keys(sorted)).toEqual(['B', '_meta', 'a', 'b', 'maxLength', 'maximum']);
    expect(Object.keys(sorted.a as object)).toEqual(['x', 'y']);
  });

  it('fails the build when RxDB changed the code it rewrites', () => {
    expect(() => sortByCodeUnits('export function sortObject(obj) { return obj; }')).toThrow(
      /needs a look after the RxDB update/,
    );
  });
});
