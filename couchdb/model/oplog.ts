/**
 * The property operation log entry (spec §3), written by the gateway only and read by admins.
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, timestampSchema } from './common';
import { userRoleSchema } from './user';

export const OPERATION_TYPES = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'publish',
  'unpublish',
  'view',
  'favorite',
  'contact',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
export const OPERATION_TYPE_LABELS: Record<OperationType, string> = {
  create: '创建',
  update: '更新',
  delete: '删除',
  approve: '审核通过',
  reject: '审核拒绝',
  publish: '上架',
  unpublish: '下架',
  view: '浏览',
  favorite: '收藏',
  contact: '联系',
};

export const OPLOG_MESSAGES = {
  loadFailed: '加载操作日志失败，请稍后重试',
  empty: '暂无操作记录',
} as const;

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
