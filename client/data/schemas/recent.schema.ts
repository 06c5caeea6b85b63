/** Device-only: recently viewed listings (id = property id). The UI keeps the newest RECENT_LIMIT. */
import type { RxJsonSchema } from 'rxdb';
import { idField, timestampField } from './fields';

export interface RecentDoc {
  id: string;
  viewed_at: string;
}

export const recentSchema: RxJsonSchema<RecentDoc> = {
  title: 'recent',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: idField, viewed_at: timestampField },
  required: ['id'],
};
