/** Settings (admins only): the gateway stamps the update time. */
import { settingWriteSchema } from '@couchdb/model/setting';
import type { WritePolicy } from './policy';

export const settingsPolicy: WritePolicy = {
  schema: settingWriteSchema,
  prepare: ({ content, now }) => ({ ok: true, next: { ...content, updated_at: now } }),
};
