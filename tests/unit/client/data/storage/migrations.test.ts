/**
 * Every collection's every schema step (tests/fixtures/schema-versions.ts) on the device's storage:
 * a document held at a version opens at the next as the step says (migrated, or dropped where a
 * pull-only collection restarts empty), and the next version stores what it added. The table must
 * name every step a collection's schema has taken, so a new version cannot ship without its row.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxJsonSchema,
  type WithDeleted,
  type RxStorage,
} from 'rxdb';
import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_SCHEMAS,
  migrationStrategiesFor,
  replicationVersion,
  type CollectionName,
} from '@client/data/storage/database';
import { deviceStorage } from '@client/data/storage/device-storage';
import { SCHEMA_STEPS, type SchemaStep } from '@tests/fixtures/schema-versions';

addRxPlugin(RxDBDevModePlugin);

type Schema = RxJsonSchema<Record<string, unknown>>;

/** The schema of `version`: the table's where it is an older one, today's otherwise. */
function schemaAt(collection: CollectionName, version: number): Schema {
  const current = COLLECTION_SCHEMAS[collection] as unknown as Schema;
  if (version === current.version) return current;
  const step = SCHEMA_STEPS.find((s) => s.collection === collection && s.from === version);
  if (!step) throw new Error(`no schema of ${collection} at version ${version}`);
  return step.schema;
}

/** Opens database `name` with `collection` at `version` on the device storage of `indexedDB`. */
async function openAt(
  indexedDB: IDBFactory,
  name: string,
  collection: CollectionName,
  version: number,
) {
  const storage = wrappedValidateAjvStorage({
    storage: deviceStorage({ indexedDB, IDBKeyRange }),
  }) as RxStorage<unknown, unknown>;
  const db = await createRxDatabase({ name, storage, multiInstance: false });
  const created = await db.addCollections({
    [collection]: {
      schema: schemaAt(collection, version),
      ...migrationStrategiesFor(collection, version),
    },
  });
  return { db, collection: created[collection]! };
}

/**
 * Stores `doc` in `collection` as a pull does: through a replication, not the collection's own
 * writes (which RxDB blocks while a restarted collection's older version still holds data).
 */
async function pullInto(collection: RxCollection, doc: Record<string, unknown>): Promise<void> {
  const replication = replicateRxCollection({
    collection,
    replicationIdentifier: `migrations-${collection.name}`,
    live: false,
    pull: {
      // One page with the document, then nothing more.
      handler: async (checkpoint: number | undefined) => ({
        documents: checkpoint ? [] : [doc as WithDeleted<Record<string, unknown>>],
        checkpoint: 1,
      }),
    },
  });
  await replication.awaitInitialReplication();
  await replication.cancel();
}

const plain = (doc: { toJSON(): unknown } | null) =>
  doc ? (JSON.parse(JSON.stringify(doc.toJSON())) as Record<string, unknown>) : null;

const stepName = (s: SchemaStep) => `${s.collection} v${s.from} → v${s.from + 1}`;

describe('schema steps of the device collections', () => {
  it('the table names every step of every collection, each once', () => {
    const expected = Object.entries(COLLECTION_SCHEMAS).flatMap(([collection, schema]) =>
      Array.from({ length: schema.version }, (_, from) => `${collection} v${from}`),
    );
    const named = SCHEMA_STEPS.map((s) => `${s.collection} v${s.from}`);
    expect([...named].sort()).toEqual([...expected].sort());
  });

  it.each(SCHEMA_STEPS.map((s) => [stepName(s), s] as const))(
    '%s: what the device held opens as the step says, and the new version stores what it added',
    async (_name, step) => {
      const indexedDB = new IDBFactory();
      const name = `cjfc_migrations_${step.collection}_${step.from}`;
      const old = await openAt(indexedDB, name, step.collection, step.from);
      expect(old.collection.schema.version).toBe(step.from);
      await old.collection.insert(step.held);
      await old.db.close();

      const next = await openAt(indexedDB, name, step.collection, step.from + 1);
      expect(next.collection.schema.version).toBe(step.from + 1);
      expect(plain(await next.collection.findOne(step.held.id).exec())).toEqual(step.migrated);
      if (step.migrated === null) {
        // It pulls everything again: under a replication identifier of its own.
        expect(replicationVersion(step.collection)).toBeGreaterThanOrEqual(step.from + 1);
      }
      // A migrated collection takes the device's own writes; a restarted one is written by pulls.
      if (step.migrated === null) await pullInto(next.collection, step.added);
      else await next.collection.insert(step.added);
      expect(plain(await next.collection.findOne(step.added.id).exec())).toEqual(step.added);
      await next.db.close();
    },
  );
});
