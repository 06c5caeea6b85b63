/** The saved_searches collection (issue 19): couchdb/model savedSearchSchema plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import type { SavedSearch } from '@couchdb/model/saved-search';
import {
  SAVED_SEARCH_FILTER_MAX,
  SAVED_SEARCH_MODES,
  SAVED_SEARCH_NAME_MAX,
} from '@couchdb/model/saved-search-facts';
import { enumField, idField, serverRevField, textField, timestampField } from './fields';

export type SavedSearchDoc = SavedSearch & { server_rev?: string };

export const savedSearchSchema: RxJsonSchema<SavedSearchDoc> = {
  title: 'saved_searches',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    user_id: idField,
    name: textField(SAVED_SEARCH_NAME_MAX),
    filter: textField(SAVED_SEARCH_FILTER_MAX),
    mode: enumField(SAVED_SEARCH_MODES),
    quiet_hours: {
      type: 'object',
      properties: { from: textField(5), to: textField(5) },
    },
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
