/**
 * The admin's settings save on the device (issue 14): every key is written the first time, then
 * only the keys whose value changed (an unchanged one makes no new revision to sync); each
 * document passes the device schema and the model's write schema.
 */
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { settingWriteSchema } from '@couchdb/model/setting';
import {
  DEFAULT_LOAN_RATES,
  resolveSettings,
  SETTING_DESCRIPTIONS,
} from '@couchdb/model/setting-facts';
import { COLLECTION_SCHEMAS, type DeviceDatabase } from '@client/data/storage/database';
import { saveSettings } from '@client/data/writes/setting-mutations';

let db: DeviceDatabase | null = null;

async function openDatabase(): Promise<DeviceDatabase> {
  const rx = await createRxDatabase({
    name: `settings-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
  });
  await rx.addCollections({ settings: { schema: COLLECTION_SCHEMAS.settings } });
  db = rx as unknown as DeviceDatabase;
  return db;
}

afterEach(async () => {
  await db?.close();
  db = null;
});

const FORM = {
  default_contact_phone: '13912345678',
  audit_required: false,
  max_images_per_property: 3,
};

describe('saveSettings', () => {
  it('writes each setting the device does not hold yet, as the gateway will check it', async () => {
    const database = await openDatabase();
    await saveSettings(database, FORM, '2026-01-01T00:00:00.000Z');
    const docs = (await database.settings.find().exec()).map((d) => d.toJSON());
    expect(docs).toHaveLength(3);
    for (const doc of docs) {
      const { server_rev: _rev, ...content } = doc as typeof doc & { server_rev?: string };
      expect(settingWriteSchema.safeParse(content).success).toBe(true);
      expect(doc.description).toBe(SETTING_DESCRIPTIONS[doc.id]);
    }
    expect(resolveSettings(docs)).toEqual({
      defaultContact: { phone: '13912345678' },
      auditRequired: false,
      maxImagesPerProperty: 3,
      loanRates: DEFAULT_LOAN_RATES,
    });
  });

  it('changes only the settings whose value changed', async () => {
    const database = await openDatabase();
    await saveSettings(database, FORM, '2026-01-01T00:00:00.000Z');
    const revs = async () =>
      Object.fromEntries(
        (await database.settings.find().exec()).map((d) => [d.id, d.revision]),
      ) as Record<string, string>;
    const before = await revs();

    await saveSettings(
      database,
      { ...FORM, max_images_per_property: 20 },
      '2026-01-02T00:00:00.000Z',
    );
    const after = await revs();
    expect(after.default_contact).toBe(before.default_contact);
    expect(after.audit_required).toBe(before.audit_required);
    expect(after.max_images_per_property).not.toBe(before.max_images_per_property);
    const limit = await database.settings.findOne('max_images_per_property').exec();
    expect(limit?.setting_value).toBe(20);
    expect(limit?.updated_at).toBe('2026-01-02T00:00:00.000Z');
  });
});
