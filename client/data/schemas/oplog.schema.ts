/** The oplog collection (admins replicate it; the gateway writes it): couchdb/model oplogSchema. */
import type { RxJsonSchema } from 'rxdb';
import type { OplogEntry } from '@couchdb/model/oplog';
import { OPERATION_TYPES } from '@couchdb/model/oplog-facts';
import { USER_ROLES } from '@couchdb/model/roles';
import { idField, nullableIdField, serverRevField, textField, timestampField } from './fields';

export type OplogDoc = OplogEntry & { server_rev?: string };

const snapshot = { type: ['object', 'null'] } as const;

export const oplogSchema: RxJsonSchema<OplogDoc> = {
  title: 'oplog',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    property_id: idField,
    operation_type: { type: 'string', enum: [...OPERATION_TYPES] },
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
