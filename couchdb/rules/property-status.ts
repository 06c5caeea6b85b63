/**
 * Listing state rules of product §4: status changes (single and batch), audit, priority, and the
 * Chinese labels for status, audit status and the owner's combined label.
 */
import type { Property } from '../model/property';
import {
  ADMIN_PROPERTY_MESSAGES,
  AUDIT_COMMENT_MAX,
  type AuditStatus,
  PROPERTY_MESSAGES,
  type PropertyStatus,
} from '../model/property-facts';
import type { UserRole } from '../model/roles';
import { ALLOW, type Decision, refuse } from './decision';
import { hasPendingRevision } from './listing-review';

export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  active: '上架',
  inactive: '下架',
  deleted: '已删除',
};
export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已拒绝',
};

export const STATUS_MESSAGES = {
  notApproved: '房源审核通过后才能上架或下架',
  fromDeleted: '房源已删除，无法再修改',
  notPending: '只能审核待审核的房源',
  adminOnly: '只有管理员可以审核房源',
  commentTooLong: '审核意见不能超过500个字符',
} as const;

type StatusFields = Pick<Property, 'status' | 'audit_status'>;

/**
 * Whether a listing may move to `to` (product §4): active↔inactive only when approved, any
 * non-deleted status → deleted, nothing out of deleted. Staying put is a no-op and allowed
 * (so a batch may include listings already in the target state), except on a deleted listing.
 */
export function canChangeStatus(property: StatusFields, to: PropertyStatus): Decision {
  const from = property.status;
  if (from === 'deleted') return refuse('invalid_transition', STATUS_MESSAGES.fromDeleted);
  if (from === to || to === 'deleted') return ALLOW;
  if (property.audit_status !== 'approved') {
    return refuse('invalid_transition', STATUS_MESSAGES.notApproved);
  }
  return ALLOW;
}

/** Returns the listing with its new status, or the refusal. */
export function changeStatus<P extends StatusFields & { updated_at: string }>(
  property: P,
  to: PropertyStatus,
  now: number = Date.now(),
): { ok: true; property: P } | Extract<Decision, { ok: false }> {
  const decision = canChangeStatus(property, to);
  if (!decision.ok) return decision;
  if (property.status === to) return { ok: true, property };
  return {
    ok: true,
    property: { ...property, status: to, updated_at: new Date(now).toISOString() },
  };
}

/** Splits a batch (take down, put up, delete) into the listings that may move and those that may not. */
export function planBatchStatusChange<P extends StatusFields & { id: string }>(
  properties: readonly P[],
  to: PropertyStatus,
): { allowed: P[]; refused: { id: string; message: string }[] } {
  const allowed: P[] = [];
  const refused: { id: string; message: string }[] = [];
  for (const p of properties) {
    const d = canChangeStatus(p, to);
    if (d.ok) {
      if (p.status !== to) allowed.push(p);
    } else refused.push({ id: p.id, message: d.message });
  }
  return { allowed, refused };
}

/** The message for a batch action with nothing selected, or null when something is. */
export function checkBatchSelection(ids: readonly string[]): string | null {
  return ids.length === 0 ? ADMIN_PROPERTY_MESSAGES.noSelection : null;
}

export type AuditDecision = 'approved' | 'rejected';

/** The fields one audit decision sets together (product §4); they change only as a whole. */
export const AUDIT_DECISION_FIELDS = [
  'audit_status',
  'audit_comment',
  'audited_by',
  'audited_at',
] as const;

type AuditChange = { audit_status?: unknown; audit_comment?: unknown };
const commentOf = (doc: AuditChange): unknown => doc.audit_comment ?? '';

/**
 * Whether a write may change a listing's audit status and comment from `before` to `after` (product
 * §4): only as a decision on a pending listing (to approved or rejected), with a comment of at most
 * AUDIT_COMMENT_MAX characters. Leaving both alone is always allowed; who may decide at all is
 * checked by the access rules. The gateway's own move of an edited rejected listing back to
 * pending happens after this check.
 */
export function canChangeAudit(before: AuditChange, after: AuditChange): Decision {
  const statusChanged = before.audit_status !== after.audit_status;
  const commentChanged = commentOf(before) !== commentOf(after);
  if (!statusChanged && !commentChanged) return ALLOW;
  if (
    before.audit_status !== 'pending' ||
    (after.audit_status !== 'approved' && after.audit_status !== 'rejected')
  ) {
    return refuse('invalid_transition', STATUS_MESSAGES.notPending);
  }
  const comment = commentOf(after);
  if (typeof comment === 'string' && comment.length > AUDIT_COMMENT_MAX) {
    return refuse('validation_failed', STATUS_MESSAGES.commentTooLong);
  }
  return ALLOW;
}

type AuditFields = StatusFields &
  Pick<Property, 'audit_comment' | 'audited_by' | 'audited_at' | 'updated_at'>;

/**
 * An admin approves or rejects a pending listing (product §4); rejection takes an optional reason.
 * Sets audited_by, audited_at and the comment. Returns the new document or the refusal.
 */
export function auditProperty<P extends AuditFields>(
  property: P,
  decision: AuditDecision,
  admin: { id: string; role: UserRole },
  comment: string = '',
  now: number = Date.now(),
): { ok: true; property: P } | Extract<Decision, { ok: false }> {
  if (admin.role !== 'admin') return refuse('forbidden', STATUS_MESSAGES.adminOnly);
  if (property.status === 'deleted')
    return refuse('invalid_transition', STATUS_MESSAGES.fromDeleted);
  if (property.audit_status !== 'pending') {
    return refuse('invalid_transition', STATUS_MESSAGES.notPending);
  }
  const text = comment.trim();
  if (text.length > AUDIT_COMMENT_MAX) {
    return refuse('validation_failed', STATUS_MESSAGES.commentTooLong);
  }
  const at = new Date(now).toISOString();
  return {
    ok: true,
    property: {
      ...property,
      audit_status: decision,
      audit_comment: text,
      audited_by: admin.id,
      audited_at: at,
      updated_at: at,
    },
  };
}

/** The toast after an audit (product §4). */
export function auditToast(decision: AuditDecision): string {
  return decision === 'approved'
    ? ADMIN_PROPERTY_MESSAGES.approved
    : ADMIN_PROPERTY_MESSAGES.rejected;
}

/** The owner's combined label on "my listings" (product §2). */
export function myListingStatusLabel(property: StatusFields): string {
  if (property.audit_status === 'pending') return AUDIT_STATUS_LABELS.pending;
  if (property.audit_status === 'rejected') return AUDIT_STATUS_LABELS.rejected;
  if (property.status === 'active') return '已发布';
  if (property.status === 'inactive') return '已下架';
  return AUDIT_STATUS_LABELS.approved;
}

/**
 * What a listing's own page tells its owner while others cannot see it (waiting for review,
 * rejected with the reviewer's comment, taken off the market), or null while it is public.
 */
export function ownListingNotice(
  property: StatusFields & { audit_comment?: string | null | undefined },
): string | null {
  if (property.audit_status === 'pending') return PROPERTY_MESSAGES.ownPendingNotice;
  if (property.audit_status === 'rejected')
    return PROPERTY_MESSAGES.rejectedEditNotice(property.audit_comment ?? undefined);
  if (property.status === 'inactive') return PROPERTY_MESSAGES.ownInactiveNotice;
  return null;
}

/**
 * 状态 in the operation log: the listing's status after the operation, with its review when that
 * keeps it off the public list (a new listing is 上架 yet 待审核). '' for an unknown status.
 */
export function logStatusLabel(status: unknown, audit: unknown): string {
  if (typeof status !== 'string' || !Object.hasOwn(PROPERTY_STATUS_LABELS, status)) return '';
  const label = PROPERTY_STATUS_LABELS[status as PropertyStatus];
  return audit === 'pending' || audit === 'rejected'
    ? `${label}（${AUDIT_STATUS_LABELS[audit]}）`
    : label;
}

/** The "my listings" status filter (product §2): all, pending, approved, rejected, active, inactive. */
export const MY_LISTING_FILTERS = [
  'all',
  'pending',
  'approved',
  'rejected',
  'active',
  'inactive',
] as const;
export type MyListingFilter = (typeof MY_LISTING_FILTERS)[number];

export const MY_LISTING_FILTER_LABELS: Record<MyListingFilter, string> = {
  all: '全部',
  pending: '待审核',
  approved: '已通过',
  rejected: '已拒绝',
  active: '已上架',
  inactive: '已下架',
};

/** Whether a listing matches a "my listings" status filter. */
export function matchesMyListingFilter(property: StatusFields, filter: MyListingFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'active' || filter === 'inactive') return property.status === filter;
  return property.audit_status === filter;
}

/** Stat cards of the admin listing page (product §2): total, active, pending, approved. */
/**
 * Whether a listing waits for an admin's review (房源审核's queue and the 待审核 counts): a new or
 * resubmitted listing, or a change to an approved one; never a deleted one.
 */
export function awaitsReview(p: StatusFields): boolean {
  return (
    (p.audit_status === 'pending' || hasPendingRevision(p as Record<string, unknown>)) &&
    p.status !== 'deleted'
  );
}

export function propertyStats(properties: readonly StatusFields[]): {
  total: number;
  active: number;
  pending: number;
  approved: number;
} {
  const stats = { total: properties.length, active: 0, pending: 0, approved: 0 };
  for (const p of properties) {
    if (p.status === 'active') stats.active++;
    if (awaitsReview(p)) stats.pending++;
    if (p.audit_status === 'approved') stats.approved++;
  }
  return stats;
}
