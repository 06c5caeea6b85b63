/**
 * A device upgraded from each older schema version of a collection that migrates what it holds
 * (tests/fixtures/schema-versions.ts) keeps it: a document pulled on the previous release keeps its
 * server revision, and an edit and a new document made offline there, never sent, are sent once
 * today's release syncs (RxDB's migration moves the replication's pending writes along, and the
 * collection keeps its replication identifier). The previous release keeps a row per document.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRxDatabase, type RxStorage } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { IDBKeyRange } from 'fake-indexeddb';
import {
  COLLECTION_SCHEMAS,
  migrationStrategiesFor,
  type DeviceDatabase,
} from '../../../client/data/storage/database';
import { dexieStorage } from '../../../client/data/storage/device-storage';
import { DeviceSync } from '../../../client/data/sync/device-sync';
import { RefusalLedger } from '../../../client/data/sync/refusals';
import { SyncHttp } from '../../../client/data/sync/sync-http';
import { SyncStatusStore } from '../../../client/data/sync/sync-status';
import { toStoreDoc } from '../../../sync-server/store/documents';
import type { SyncCollection } from '../../../couchdb/model/sync';
import { SCHEMA_STEPS, type SchemaStep } from '../../fixtures/schema-versions';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';
import { eventually, signedInAs, TestDevice } from './device';

let gw: TestGateway;
let url: string;
const devices: TestDevice[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
});

afterAll(async () => {
  for (const device of devices) await device.close().catch(() => undefined);
  await gw.cleanup();
});

/**
 * The previous release on `device`'s IndexedDB: the collection at `step.from`, synced until it
 * holds `pulledId`, then the edit and the new document written offline. The database is closed.
 */
async function runPreviousRelease(
  device: TestDevice,
  who: Account,
  step: SchemaStep,
  pulledId: string,
): Promise<string | null> {
  const { collection, offline } = step;
  const storage = wrappedValidateAjvStorage({
    storage: dexieStorage({ indexedDB: device.indexedDB, IDBKeyRange }),
  }) as RxStorage<unknown, unknown>;
  const old = await createRxDatabase({ name: device.name, storage, multiInstance: false });
  const created = await old.addCollections({
    [collection]: { schema: step.schema, ...migrationStrategiesFor(collection, step.from) },
  });
  const ledger = new RefusalLedger();
  ledger.attach(null);
  const sync = new DeviceSync(old as unknown as DeviceDatabase, {
    http: new SyncHttp({ baseUrl: url, getAccessToken: async () => who.accessToken }),
    role: who.user.user_type,
    ledger,
    status: new SyncStatusStore(),
    retry: { baseMs: 200, maxMs: 2_000 },
    pullLimit: 100,
  });
  const held = created[collection]!;
  const pulled = await eventually(async () => {
    const doc = await held.findOne(pulledId).exec();
    return doc?.get('server_rev') ? doc : null;
  }, `the v${step.from} device pulling ${collection}/${pulledId}`);
  await sync.stop();
  await pulled.incrementalPatch(offline!.edit);
  const fresh = offline!.created?.(who.user.id) ?? null;
  if (fresh) await held.insert(fresh);
  await old.close();
  return fresh?.id ?? null;
}

const upgrades = SCHEMA_STEPS.filter((s) => s.offline).map(
  (s) => [`${s.collection} v${s.from}`, s] as const,
);

it.each(upgrades)(
  '%s: unsent writes of the previous release are sent after the upgrade',
  async (_name, step) => {
    const { collection, offline } = step;
    const who = await gw.createUser(offline!.role);
    const pulled = offline!.pulled(who.user.id);
    await gw.store.db(collection as SyncCollection).insert(toStoreDoc(pulled) as never);
    const device = new TestDevice({ url, ...signedInAs(who), collections: [collection] });

    const createdId = await runPreviousRelease(device, who, step, pulled.id);

    // Today's release opens the same database: what it held migrates, the writes still unsent.
    devices.push(await device.open());
    const current = device.db.collections[collection]!;
    expect(current.schema.version).toBe(COLLECTION_SCHEMAS[collection].version);
    const held = await current.findOne(pulled.id).exec();
    expect(held?.get('server_rev')).toBeTruthy();
    expect(held?.toJSON()).toMatchObject(offline!.edit);
    if (createdId) expect((await current.findOne(createdId).exec())?.get('server_rev')).toBeFalsy();

    // Once it syncs, both reach the server.
    device.startSync();
    const server = await eventually(async () => {
      const docs = await serverDocs(url, who, collection);
      const edited = Object.entries(offline!.edit).every(
        ([key, value]) => (docs.get(pulled.id) as Record<string, unknown>)?.[key] === value,
      );
      return edited && (!createdId || docs.has(createdId)) ? docs : null;
    }, `the ${collection} writes made under v${step.from} reaching the server`);
    expect(server.get(pulled.id)).toMatchObject(offline!.edit);
    if (createdId) {
      await eventually(
        async () => (await current.findOne(createdId).exec())?.get('server_rev'),
        'the device pulling back the stored version of its new document',
      );
    }
  },
);
