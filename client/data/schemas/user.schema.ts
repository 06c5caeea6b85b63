/** The users collection: couchdb/model userSchema (own profile, or all for admins) plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import type { User } from '@couchdb/model/user';
import { NAME_MAX } from '@couchdb/model/user-facts';
import { USER_ROLES } from '@couchdb/model/roles';
import {
  booleanField,
  enumField,
  idField,
  phoneField,
  serverRevField,
  textField,
  timestampField,
} from './fields';

export type UserDoc = User & { server_rev?: string };

export const userSchema: RxJsonSchema<UserDoc> = {
  title: 'users',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    phone: phoneField,
    name: textField(NAME_MAX),
    user_type: enumField(USER_ROLES),
    is_verified: booleanField,
    avatar_url: textField(500),
    company: textField(60),
    position: textField(30),
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
