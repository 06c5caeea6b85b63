/**
 * Field shapes shared by the collection schemas. They mirror the limits of couchdb/model (the
 * schemas test checks fixtures against both), loosely: the gateway validates with the model itself.
 */
import type { JsonSchema } from 'rxdb';

/** Document ids (couchdb/model idSchema). */
export const ID_MAX = 64;
export const idField = { type: 'string', maxLength: ID_MAX } as const satisfies JsonSchema;
export const nullableIdField = {
  type: ['string', 'null'],
  maxLength: ID_MAX,
} as const satisfies JsonSchema;
export const timestampField = {
  type: 'string',
  format: 'date-time',
  maxLength: 40,
} as const satisfies JsonSchema;
export const nullableTimestampField = {
  type: ['string', 'null'],
  format: 'date-time',
  maxLength: 40,
} as const satisfies JsonSchema;
export const textField = (maxLength: number) =>
  ({ type: 'string', maxLength }) as const satisfies JsonSchema;
export const enumField = (values: readonly string[]) =>
  ({ type: 'string', enum: [...values] }) as const satisfies JsonSchema;
/** The store revision the device last saw (couchdb/model/sync.ts). */
export const serverRevField = { type: 'string', maxLength: 200 } as const satisfies JsonSchema;
export const booleanField = { type: 'boolean' } as const satisfies JsonSchema;
export const countField = { type: 'integer', minimum: 0 } as const satisfies JsonSchema;
export const phoneField = { type: 'string', maxLength: 11 } as const satisfies JsonSchema;
