/**
 * The settings collection: couchdb/model settingSchema (id = setting key) plus server_rev.
 * Version 1 added the loan_rates key (the calculator's reference rates); version 0's documents
 * migrate unchanged (database.ts SCHEMA_LINEAGE), so an admin's unsent edit survives the upgrade.
 */
import type { RxJsonSchema } from 'rxdb';
import { IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from '@couchdb/model/constants';
import type { Setting } from '@couchdb/model/setting';
import {
  LOAN_RATE_DATE_KEYS,
  LOAN_RATE_DOWN_KEYS,
  LOAN_RATE_PERCENT_KEYS,
  SETTING_KEYS,
} from '@couchdb/model/setting-facts';
import { serverRevField, textField, timestampField } from './fields';

export type SettingDoc = Setting & { server_rev?: string };

export const settingSchema: RxJsonSchema<SettingDoc> = {
  title: 'settings',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40, enum: [...SETTING_KEYS] },
    server_rev: serverRevField,
    /** Typed per key: {phone}, a boolean, the image limit, or the reference rates. */
    setting_value: {
      anyOf: [
        { type: 'object', properties: { phone: { type: 'string', maxLength: 11 } } },
        {
          type: 'object',
          properties: {
            ...Object.fromEntries(
              [...LOAN_RATE_PERCENT_KEYS, ...LOAN_RATE_DOWN_KEYS, 'basisPoints'].map((k) => [
                k,
                { type: 'number' },
              ]),
            ),
            ...Object.fromEntries(
              LOAN_RATE_DATE_KEYS.map((k) => [k, { type: 'string', maxLength: 10 }]),
            ),
          },
          required: ['lprPercent'],
        },
        { type: 'boolean' },
        { type: 'integer', minimum: IMAGE_LIMIT_MIN, maximum: IMAGE_LIMIT_MAX },
      ],
    },
    description: textField(200),
    updated_at: timestampField,
  },
  required: ['id'],
};
