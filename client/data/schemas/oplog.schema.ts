/**
 * The oplog collection (admins replicate it; the gateway writes it): the property operation log
 * (couchdb/model oplogSchema) and the admin action log (adminLogEntrySchema, `kind: 'admin'`).
 * Version 1 added the admin log's fields; the collection is pull-only, so a new version simply
 * starts empty and pulls again (its replication identifier carries the version).
 */
import type { RxJsonSchema } from 'rxdb';
import type { AdminLogEntry } from '@couchdb/model/admin-log';
import { ADMIN_ACTIONS, ADMIN_LOG_TARGETS } from '@couchdb/model/admin-log-facts';
import type { OplogEntry } from '@couchdb/model/oplog';
import { OPERATION_TYPES } from '@couchdb/model/oplog-facts';
import { USER_ROLES } from '@couchdb/model/roles';
import { idField, nullableIdField, serverRevField, textField, timestampField } from './fields';

/** A property log entry (no `kind`, a `property_id`) or an admin action entry (`kind: 'admin'`). */
export type OplogDoc = Omit<OplogEntry, 'property_id' | 'operation_type'> & {
  server_rev?: string;
  property_id?: string;
  operation_type: OplogEntry['operation_type'] | AdminLogEntry['operation_type'];
  kind?: AdminLogEntry['kind'];
  target_collection?: AdminLogEntry['target_collection'];
  target_id?: string;
  target_label?: string;
};

const snapshot = { type: ['object', 'null'] } as const;

export const oplogSchema: RxJsonSchema<OplogDoc> = {
  title: 'oplog',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    kind: { type: 'string', enum: ['admin'] },
    property_id: idField,
    target_collection: { type: 'string', enum: [...ADMIN_LOG_TARGETS] },
    target_id: textField(64),
    target_label: textField(100),
    operation_type: { type: 'string', enum: [...new Set([...OPERATION_TYPES, ...ADMIN_ACTIONS])] },
    operation_description: textField(500),
    operator_id: nullableIdField,
    operator_name: textField(30),
    operator_role: { type: 'string', enum: [...USER_ROLES, 'system'] },
    old_data: snapshot,
    new_data: snapshot,
    ip_address: textField(64),
    user_agent: textField(500),
    property_title: textField(100),
    property_address: textField(300),
    property_status: textField(20),
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
