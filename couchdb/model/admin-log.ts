/**
 * An admin action log entry (admin-log-facts.ts): who changed what, when, with the values before
 * and after. Stored in the `oplog` database beside the property entries, marked `kind: 'admin'`.
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, timestampSchema } from './common';
import { ADMIN_ACTIONS, ADMIN_LOG_TARGETS } from './admin-log-facts';
import { userRoleSchema } from './user';

const snapshotSchema = z.record(z.string(), z.unknown()).nullable().default(null);

export const adminLogEntrySchema = z.object({
  id: idSchema,
  kind: z.literal('admin'),
  target_collection: z.enum(ADMIN_LOG_TARGETS),
  /** The account, article, demand or setting acted on. */
  target_id: z.string().min(1).max(64),
  /** Its name as shown then (a user's name or phone, an article's title, a setting's key). */
  target_label: z.string().max(100).default(''),
  operation_type: z.enum(ADMIN_ACTIONS),
  operation_description: z.string().max(500).default(''),
  operator_id: idSchema,
  operator_name: displayNameSchema.default(''),
  operator_role: userRoleSchema,
  old_data: snapshotSchema,
  new_data: snapshotSchema,
  ip_address: z.string().max(64).default(''),
  user_agent: z.string().max(500).default(''),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;
