/** The settings collection: couchdb/model settingSchema (id = setting key) plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import { IMAGE_LIMIT_MAX, IMAGE_LIMIT_MIN } from '@couchdb/model/constants';
import type { Setting } from '@couchdb/model/setting';
import { SETTING_KEYS } from '@couchdb/model/setting-facts';
import { serverRevField, textField, timestampField } from './fields';

export type SettingDoc = Setting & { server_rev?: string };

export const settingSchema: RxJsonSchema<SettingDoc> = {
  title: 'settings',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40, enum: [...SETTING_KEYS] },
    server_rev: serverRevField,
    /** Typed per key: {phone}, a boolean, or the image limit. */
    setting_value: {
      anyOf: [
        { type: 'object', properties: { phone: { type: 'string', maxLength: 11 } } },
        { type: 'boolean' },
        { type: 'integer', minimum: IMAGE_LIMIT_MIN, maximum: IMAGE_LIMIT_MAX },
      ],
    },
    description: textField(200),
    updated_at: timestampField,
  },
  required: ['id'],
};
