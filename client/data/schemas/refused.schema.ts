/**
 * Device-only: local versions the gateway refused or that lost a clash, with the reason and the
 * server's version at the time, so nothing is lost silently (architecture §5).
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_COLLECTIONS, type SyncCollection, type SyncDocument } from '@couchdb/model/sync';
import { idField, textField, timestampField } from './fields';

export interface RefusedDoc {
  id: string;
  /** The collection of the document (RxDB reserves the top-level name `collection`). */
  collection_name: SyncCollection;
  doc_id: string;
  /** The local version that did not make it. */
  doc: SyncDocument;
  /** The gateway's reason code, or 'clash' when the conflict policy kept the server's value. */
  code: string;
  message: string;
  /** The server's version when it was refused (null when the server has none). */
  server_doc: SyncDocument | null;
  created_at: string;
}

export const refusedSchema: RxJsonSchema<RefusedDoc> = {
  title: 'refused',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    collection_name: { type: 'string', enum: [...SYNC_COLLECTIONS] },
    doc_id: textField(129),
    doc: { type: 'object' },
    code: textField(64),
    message: textField(500),
    server_doc: { type: ['object', 'null'] },
    created_at: timestampField,
  },
  required: ['id'],
};
