/** The favorites collection: couchdb/model favoriteSchema (id `${userId}:${propertyId}`) plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import type { Favorite } from '@couchdb/model/favorite';
import { idField, serverRevField, textField, timestampField } from './fields';

export type FavoriteDoc = Favorite & { server_rev?: string };

export const favoriteSchema: RxJsonSchema<FavoriteDoc> = {
  title: 'favorites',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textField(129),
    server_rev: serverRevField,
    user_id: idField,
    property_id: idField,
    created_at: timestampField,
  },
  required: ['id'],
};
