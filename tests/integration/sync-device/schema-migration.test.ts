/**
 * A device upgraded to a new settings schema (v1 added the loan_rates key) keeps what it held:
 * documents pulled under v0 migrate, and an admin's edit saved offline under v0 but never sent is
 * still sent after the upgrade (RxDB's migration plugin moves the replication's state along, and
 * the collection keeps its replication identifier).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { IDBKeyRange } from 'fake-indexeddb';
import type { User } from '../../../couchdb/model/user';
import { DEFAULT_LOAN_RATES } from '../../../couchdb/model/setting-facts';
import type { DeviceDatabase } from '../../../client/data/storage/database';
import { saveLoanRates } from '../../../client/data/writes/setting-mutations';
import { DeviceSync } from '../../../client/data/sync/device-sync';
import { RefusalLedger } from '../../../client/data/sync/refusals';
import { SyncHttp } from '../../../client/data/sync/sync-http';
import { SyncStatusStore } from '../../../client/data/sync/sync-status';
import { toStoreDoc } from '../../../sync-server/store/documents';
import { buildSetting } from '../../fixtures/builders';
import { serverDocs } from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { eventually, signedInAs, TestDevice } from './device';
import { deviceStorage } from '@client/data/storage/device-storage';

/** The settings schema devices held before v1, as it was shipped. */
const SETTINGS_V0: RxJsonSchema<Record<string, unknown>> = {
  title: 'settings',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 40,
      enum: ['default_contact', 'audit_required', 'max_images_per_property'],
    },
    server_rev: { type: 'string', maxLength: 40 },
    setting_value: {
      anyOf: [
        { type: 'object', properties: { phone: { type: 'string', maxLength: 11 } } },
        { type: 'boolean' },
        { type: 'integer', minimum: 1, maximum: 50 },
      ],
    },
    description: { type: 'string', maxLength: 200 },
    updated_at: { type: 'string', maxLength: 40 },
  },
  required: ['id'],
};

let gw: TestGateway;
let url: string;
let admin: { user: User; accessToken: string };
let device: TestDevice | null = null;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ url } = await gw.listen());
  admin = await gw.createUser('admin', '管理员');
  await gw.store.db('settings').insert(toStoreDoc(buildSetting()) as never);
});

afterAll(async () => {
  await device?.close().catch(() => undefined);
  await gw.cleanup();
});

/** Opens the device's database as the previous release did: settings at schema version 0. */
async function openAtV0(target: TestDevice) {
  const storage = wrappedValidateAjvStorage({
    storage: deviceStorage({ indexedDB: target.indexedDB, IDBKeyRange }),
  }) as RxStorage<unknown, unknown>;
  const db = await createRxDatabase({ name: target.name, storage, multiInstance: false });
  await db.addCollections({ settings: { schema: SETTINGS_V0 } });
  return db;
}

it('an unsent settings edit made under schema v0 is sent after the upgrade to v1', async () => {
  device = new TestDevice({ url, ...signedInAs(admin), collections: ['settings'] });

  // The previous release: pulls the settings, then the admin saves a change while offline.
  const old = await openAtV0(device);
  const ledger = new RefusalLedger();
  ledger.attach(null);
  const sync = new DeviceSync(old as unknown as DeviceDatabase, {
    http: new SyncHttp({ baseUrl: url, getAccessToken: async () => admin.accessToken }),
    role: 'admin',
    ledger,
    status: new SyncStatusStore(),
    retry: { baseMs: 200, maxMs: 2_000 },
    pullLimit: 100,
  });
  await eventually(
    async () => (await old.settings!.findOne('audit_required').exec())?.get('server_rev'),
    'the v0 device pulling the settings',
  );
  await sync.stop();
  const doc = await old.settings!.findOne('audit_required').exec();
  await doc!.incrementalPatch({ setting_value: false, updated_at: new Date().toISOString() });
  await old.close();

  // The new release opens the same database: the documents migrate, the edit is still pending.
  await device.open();
  const migrated = await device.db.settings.findOne('audit_required').exec();
  expect(migrated?.setting_value).toBe(false);
  expect(migrated?.server_rev).toBeTruthy();

  // v1 holds the new key too, and both reach the server once the device syncs.
  await saveLoanRates(device.db, { ...DEFAULT_LOAN_RATES, lprPercent: 3.1 });
  device.startSync();
  const server = await eventually(async () => {
    const docs = await serverDocs(url, admin, 'settings');
    const audit = docs.get('audit_required');
    const rates = docs.get('loan_rates');
    return audit?.setting_value === false && rates ? docs : null;
  }, 'the migrated edit and the new rates reaching the server');
  expect(server.get('loan_rates')?.setting_value).toMatchObject({ lprPercent: 3.1 });
});
