/**
 * The device's RxDB schemas agree with couchdb/model: every fixture passes both the zod model
 * schema and the RxDB JSON schema (with RxDB's own ajv validator), deleted stubs pass the JSON
 * schema, and RxDB dev-mode accepts every collection.
 */
import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { getValidator, wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { demandSchema as demandModel } from '@couchdb/model/demand';
import { favoriteSchema as favoriteModel } from '@couchdb/model/favorite';
import { newsSchema as newsModel } from '@couchdb/model/news';
import { oplogSchema as oplogModel } from '@couchdb/model/oplog';
import { propertySchema as propertyModel } from '@couchdb/model/property';
import { settingSchema as settingModel } from '@couchdb/model/setting';
import { userSchema as userModel } from '@couchdb/model/user';
import { savedSearchSchema as savedSearchModel } from '@couchdb/model/saved-search';
import { inboxEntrySchema as inboxModel } from '@couchdb/model/inbox';
import { COLLECTION_SCHEMAS, migrationStrategiesFor } from '@client/data/storage/database';
import {
  buildDemand,
  buildFavorite,
  buildInboxEntry,
  buildNews,
  buildOplogEntry,
  buildProperty,
  buildSavedSearch,
  buildSetting,
  buildUser,
} from '@tests/fixtures/builders';

addRxPlugin(RxDBDevModePlugin);

const FIXED_ISO_READ = '2025-03-02T04:00:00.000Z';

const cases: [keyof typeof COLLECTION_SCHEMAS, z.ZodType, Record<string, unknown>[]][] = [
  [
    'properties',
    propertyModel,
    [
      buildProperty(),
      buildProperty({
        audit_status: 'pending',
        audited_by: null,
        panorama_url: 'https://vr.example.com/1',
      }),
      // Issue 18: the structured facts and the gateway's price history.
      buildProperty({
        type: 'rent',
        facts: {
          floor: -1,
          total_floors: 18,
          orientation: '南北',
          decoration: '精装',
          year_built: 2015,
          lift: true,
          usage: '住宅',
          rental_mode: '合租',
          payment: '押一付三',
        },
        price_history: [
          { price: 2600, at: '2025-03-01T04:00:00.000Z' },
          { price: 2400, at: '2025-03-09T04:00:00.000Z' },
        ],
      }),
      // Issue 64: where the home is, exact (the owner's) and on the public grid (anyone else's).
      buildProperty({
        location: {
          latitude: 24.671234,
          longitude: 102.912345,
          accuracy_m: 12,
          public_exact: false,
        },
      }),
      buildProperty({
        location: { latitude: 24.671, longitude: 102.912, accuracy_m: 100, public_exact: false },
      }),
      // A visitor's projection: phones stripped.
      (({ contact_phone: _p, ...rest }) => ({ ...rest, contact: { name: '张先生' } }))(
        buildProperty(),
      ),
    ],
  ],
  ['news', newsModel, [buildNews(), buildNews({ status: 'draft' })]],
  ['demands', demandModel, [buildDemand(), buildDemand({ type: 'rent', rooms: [] })]],
  ['favorites', favoriteModel, [buildFavorite()]],
  [
    'settings',
    settingModel,
    [
      buildSetting(),
      buildSetting({ id: 'max_images_per_property', setting_value: 10 } as never),
      buildSetting({ id: 'default_contact', setting_value: { phone: '18887700000' } } as never),
    ],
  ],
  ['users', userModel, [buildUser(), buildUser({ company: '澄江地产', position: '经纪人' })]],
  [
    'oplog',
    oplogModel,
    [buildOplogEntry(), buildOplogEntry({ operator_id: null, operator_role: 'system' })],
  ],
  [
    'saved_searches',
    savedSearchModel,
    [
      buildSavedSearch(),
      buildSavedSearch({ mode: 'daily', filter: '', quiet_hours: { from: '22:00', to: '08:00' } }),
    ],
  ],
  [
    'inbox',
    inboxModel,
    [
      buildInboxEntry(),
      buildInboxEntry({
        kind: 'notice',
        search_id: undefined as never,
        property_ids: [],
        read_at: FIXED_ISO_READ,
      }),
    ],
  ],
];

const withMeta = (doc: Record<string, unknown>) => ({
  ...doc,
  _deleted: false,
  _rev: '1-a',
  _meta: { lwt: 1 },
  _attachments: {},
});

describe('RxDB schemas mirror couchdb/model', () => {
  it.each(cases)('%s fixtures pass the model and the RxDB JSON schema', (name, model, docs) => {
    const validate = getValidator(COLLECTION_SCHEMAS[name] as never);
    for (const doc of docs) {
      expect(model.safeParse(doc).success, JSON.stringify(doc)).toBe(true);
      expect(validate(withMeta({ ...doc, server_rev: '3-abc' }))).toEqual([]);
    }
  });

  it.each(cases)('%s deleted stubs pass the RxDB JSON schema', (name, _model, docs) => {
    const validate = getValidator(COLLECTION_SCHEMAS[name] as never);
    expect(validate({ ...withMeta({ id: docs[0]!.id }), _deleted: true })).toEqual([]);
  });

  it('rejects what the model rejects on the bounded fields', () => {
    const validate = getValidator(COLLECTION_SCHEMAS.properties as never);
    const tooLong = buildProperty({ title: '长'.repeat(101) });
    expect(propertyModel.safeParse(tooLong).success).toBe(false);
    expect(validate(withMeta(tooLong))).not.toEqual([]);
    const badType = { ...buildProperty(), type: 'lease' };
    expect(validate(withMeta(badType))).not.toEqual([]);
  });

  it('every collection is accepted by RxDB dev-mode', async () => {
    const db = await createRxDatabase({
      name: `schemas${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      multiInstance: false,
    });
    const created = await db.addCollections(
      Object.fromEntries(
        Object.entries(COLLECTION_SCHEMAS).map(([name, schema]) => [
          name,
          { schema, ...migrationStrategiesFor(name as never, schema.version) },
        ]),
      ) as never,
    );
    expect(Object.keys(created).sort()).toEqual(Object.keys(COLLECTION_SCHEMAS).sort());
    await db.remove();
  });
});
