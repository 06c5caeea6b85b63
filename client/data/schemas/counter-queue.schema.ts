/** Device-only: counter calls made offline, sent when the connection returns (couchdb/model/sync.ts). */
import type { RxJsonSchema } from 'rxdb';
import { idField, timestampField } from './fields';

export const COUNTER_KINDS = [
  'property_view',
  'property_contact',
  'news_view',
  'news_like',
] as const;
export type CounterKind = (typeof COUNTER_KINDS)[number];

export interface CounterQueueDoc {
  id: string;
  kind: CounterKind;
  target_id: string;
  created_at: string;
}

export const counterQueueSchema: RxJsonSchema<CounterQueueDoc> = {
  title: 'counter_queue',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    kind: { type: 'string', enum: [...COUNTER_KINDS] },
    target_id: idField,
    created_at: timestampField,
  },
  required: ['id'],
};
