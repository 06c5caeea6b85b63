/**
 * A device on a previous release, for the schema-migration tests: its database opened with the
 * properties schema that release had, a listing pulled through its replication, then one published
 * offline and never sent, as a device in the field would hold them when it upgrades.
 */
import { createRxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { IDBKeyRange } from 'fake-indexeddb';
import type { User } from '../../../couchdb/model/user';
import type { DeviceDatabase } from '../../../client/data/storage/database';
import { propertySchema } from '../../../client/data/schemas/property.schema';
import { DeviceSync } from '../../../client/data/sync/device-sync';
import { RefusalLedger } from '../../../client/data/sync/refusals';
import { SyncHttp } from '../../../client/data/sync/sync-http';
import { SyncStatusStore } from '../../../client/data/sync/sync-status';
import { buildNewListing } from '../../fixtures/builders';
import { eventually, type TestDevice } from './device';

/** The properties schema at `version`: today's without the fields added since. */
export function propertiesSchemaBefore(
  version: number,
  addedSince: readonly (keyof typeof propertySchema.properties)[],
): RxJsonSchema<Record<string, unknown>> {
  const properties: Record<string, unknown> = { ...propertySchema.properties };
  for (const field of addedSince) delete properties[field];
  return { ...propertySchema, version, properties } as unknown as RxJsonSchema<
    Record<string, unknown>
  >;
}

/**
 * Runs the previous release on `device`'s storage: pulls until `pulledId` is held, stops syncing,
 * then publishes a listing offline. Returns that unsent listing; the database is closed.
 */
export async function publishOfflineOnPreviousRelease({
  device,
  url,
  owner,
  schema,
  pulledId,
}: {
  device: TestDevice;
  url: string;
  owner: { user: User; accessToken: string };
  schema: RxJsonSchema<Record<string, unknown>>;
  pulledId: string;
}) {
  const storage = wrappedValidateAjvStorage({
    storage: getRxStorageDexie({ indexedDB: device.indexedDB, IDBKeyRange }),
  }) as RxStorage<unknown, unknown>;
  const old = await createRxDatabase({ name: device.name, storage, multiInstance: false });
  const identity = (doc: unknown) => doc;
  await old.addCollections({
    properties: {
      schema,
      migrationStrategies: Object.fromEntries(
        Array.from({ length: schema.version }, (_, i) => [i + 1, identity]),
      ),
    },
  });
  const ledger = new RefusalLedger();
  ledger.attach(null);
  const sync = new DeviceSync(old as unknown as DeviceDatabase, {
    http: new SyncHttp({ baseUrl: url, getAccessToken: async () => owner.accessToken }),
    role: 'user',
    ledger,
    status: new SyncStatusStore(),
    retry: { baseMs: 200, maxMs: 2_000 },
    pullLimit: 100,
  });
  await eventually(
    async () => (await old.properties!.findOne(pulledId).exec())?.get('server_rev'),
    `the v${schema.version} device pulling the listing`,
  );
  await sync.stop();
  const draft = buildNewListing(owner.user.id, { title: '升级前离线发布的房源', price: 880_000 });
  await old.properties!.insert(draft as never);
  await old.close();
  return draft;
}
