/**
 * The property operation log entry (product §3), written by the gateway only and read by admins.
 * Operation types, labels and texts live in oplog-facts.ts (zod-free).
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, timestampSchema } from './common';
import { OPERATION_TYPES } from './oplog-facts';
import { userRoleSchema } from './user';

/** A snapshot of a document before or after the operation (JSON object). */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable().default(null);

export const oplogSchema = z.object({
  id: idSchema,
  property_id: idSchema,
  operation_type: z.enum(OPERATION_TYPES),
  operation_description: z.string().max(500).default(''),
  /** Null for system operations (anonymous views). */
  operator_id: idSchema.nullable(),
  operator_name: displayNameSchema.default(''),
  operator_role: userRoleSchema.or(z.literal('system')),
  old_data: snapshotSchema,
  new_data: snapshotSchema,
  ip_address: z.string().max(64).default(''),
  user_agent: z.string().max(500).default(''),
  /** Joined from the property when the entry is written, so the log reads without a lookup. */
  property_title: z.string().max(100).optional(),
  property_address: z.string().max(300).optional(),
  property_status: z.string().max(20).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type OplogEntry = z.infer<typeof oplogSchema>;
