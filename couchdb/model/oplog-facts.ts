/**
 * The zod-free half of oplog.ts (operation types, their labels and the log texts), so the device
 * data layer can declare the log collection without loading the schema library.
 */

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
