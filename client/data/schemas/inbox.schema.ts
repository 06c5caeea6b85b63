/** The inbox collection (issue 19): couchdb/model inboxEntrySchema plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import type { InboxEntry } from '@couchdb/model/inbox';
import {
  DIGEST_MAX_LISTINGS,
  INBOX_BODY_MAX,
  INBOX_KINDS,
  INBOX_LINK_MAX,
  INBOX_TITLE_MAX,
} from '@couchdb/model/saved-search-facts';
import { enumField, idField, serverRevField, textField, timestampField } from './fields';

export type InboxDoc = InboxEntry & { server_rev?: string };

export const inboxSchema: RxJsonSchema<InboxDoc> = {
  title: 'inbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    user_id: idField,
    kind: enumField(INBOX_KINDS),
    search_id: idField,
    property_ids: { type: 'array', maxItems: DIGEST_MAX_LISTINGS, items: idField },
    title: textField(INBOX_TITLE_MAX),
    body: textField(INBOX_BODY_MAX),
    link: textField(INBOX_LINK_MAX),
    created_at: timestampField,
    read_at: timestampField,
  },
  required: ['id'],
};
