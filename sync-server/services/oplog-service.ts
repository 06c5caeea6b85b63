/**
 * The property operation log (product §3): one entry per accepted property write and per counted
 * favourite or contact-dialog open, and one per listing and day for its views, carrying the count. Written by the gateway only; admins read it through sync.
 */
import { createHash } from 'node:crypto';
import { newId } from '@couchdb/model/common-facts';
import { OPERATION_TYPE_LABELS, type OperationType } from '@couchdb/model/oplog-facts';
import type { UserRole } from '@couchdb/model/roles';
import type { AdminLogTarget } from '@couchdb/model/admin-log-facts';
import { classifyAdminWrite } from '@couchdb/rules/admin-log';
import { formatAddress } from '@couchdb/rules/format';
import { jsonEqual } from '@couchdb/rules/json-equal';
import {
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from '@couchdb/model/verification-facts';
import { couchStatus, type Store } from '../store/couch';
import { toModelDoc, type StoredDoc } from './sync/projection';

export interface Operator {
  id: string | null;
  name: string;
  role: UserRole | 'system';
}

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

/** Which operation a property write is, from the stored versions before and after. */
export function classifyPropertyWrite(oldDoc: StoredDoc | null, newDoc: StoredDoc): OperationType {
  if (!oldDoc) return 'create';
  if (newDoc.status === 'deleted' && oldDoc.status !== 'deleted') return 'delete';
  if (newDoc.audit_status !== oldDoc.audit_status) {
    if (newDoc.audit_status === 'approved') return 'approve';
    if (newDoc.audit_status === 'rejected') return 'reject';
  }
  const decided = revisionDecisionOf(oldDoc, newDoc);
  if (decided) return decided;
  if (newDoc.status !== oldDoc.status) {
    if (newDoc.status === 'active') return 'publish';
    if (newDoc.status === 'inactive') return 'unpublish';
  }
  return 'update';
}

type Revision = { status?: string; comment?: string } | null | undefined;

/** An admin's decision on a change waiting for review (listing-review.ts), if the write is one. */
function revisionDecisionOf(oldDoc: StoredDoc, newDoc: StoredDoc): 'approve' | 'reject' | null {
  const before = oldDoc.change_review as Revision;
  const after = newDoc.change_review as Revision;
  if (before?.status !== 'pending') return null;
  if (!after) return 'approve';
  return after.status === 'rejected' ? 'reject' : null;
}

function describe(
  type: OperationType,
  operator: Operator,
  doc: StoredDoc,
  oldDoc: StoredDoc | null,
): string {
  const who = operator.name || (operator.role === 'system' ? '访客' : '用户');
  const title = typeof doc.title === 'string' ? `「${doc.title}」` : '';
  const ofChange = oldDoc && revisionDecisionOf(oldDoc, doc) ? '的修改' : '';
  const reason = ofChange ? (doc.change_review as Revision)?.comment : doc.audit_comment;
  const comment =
    type === 'reject' && typeof reason === 'string' && reason ? `，原因：${reason}` : '';
  return `${who}${OPERATION_TYPE_LABELS[type]}了房源${title}${ofChange}${comment}${trustNote(oldDoc, doc)}`;
}

type Moderation = { kind?: string; reason?: string } | null | undefined;

/**
 * What else the write did that its type does not say: an admin's priority display, check of the
 * verification code or decision on reports (issue 19).
 */
function trustNote(oldDoc: StoredDoc | null, doc: StoredDoc): string {
  const notes: string[] = [];
  if (oldDoc && Boolean(doc.is_priority) !== Boolean(oldDoc.is_priority)) {
    notes.push(doc.is_priority ? '设为优先展示' : '取消优先展示');
  }
  const status = doc.verification_status as VerificationStatus | undefined;
  if (oldDoc && status && status !== oldDoc.verification_status && status !== 'unchecked') {
    notes.push(`核验码${VERIFICATION_STATUS_LABELS[status]}`);
  }
  const before = oldDoc?.moderation as Moderation;
  const after = doc.moderation as Moderation;
  if (after?.kind && !jsonEqual(before, after)) {
    const action = after.kind === 'taken_down' ? '因举报下架' : '要求整改';
    notes.push(`${action}，原因：${after.reason ?? ''}`);
  }
  return notes.length > 0 ? `（${notes.join('；')}）` : '';
}

/**
 * The log entry of a property write is named after the revision it produced, so writing it twice
 * (a retry after a crash between the two writes) stores it once.
 */
export function oplogIdFor(propertyId: string, rev: string): string {
  return `w${createHash('sha256').update(`${propertyId}@${rev}`).digest('hex').slice(0, 40)}`;
}

/** The admin log entry of a write, named after the revision it produced (written once). */
export function adminLogIdFor(targetId: string, rev: string): string {
  return `a${createHash('sha256').update(`${targetId}@${rev}`).digest('hex').slice(0, 40)}`;
}

/** An admin's change for the admin action log: the documents before and after (null: none). */
export interface AdminChange {
  target: AdminLogTarget;
  targetId: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
  /** What was done, where the documents do not show it (a password reset changes none). */
  detail?: string;
}

/** A property log entry as stored (product §3), ready to insert. */
export function propertyLogEntry(
  type: OperationType,
  operator: Operator,
  request: RequestInfo,
  oldDoc: StoredDoc | null,
  newDoc: StoredDoc,
  id: string,
  description?: string,
) {
  const now = new Date().toISOString();
  const snapshot = (d: StoredDoc | null) => (d ? toModelDoc(d) : null);
  const withData = type !== 'view' && type !== 'favorite' && type !== 'contact';
  const entry = {
    _id: id,
    property_id: newDoc._id,
    operation_type: type,
    operation_description: (description ?? describe(type, operator, newDoc, oldDoc)).slice(0, 500),
    operator_id: operator.id,
    operator_name: operator.name,
    operator_role: operator.role,
    old_data: withData ? snapshot(oldDoc) : null,
    new_data: withData ? snapshot(newDoc) : null,
    ip_address: request.ip.slice(0, 64),
    user_agent: request.userAgent.slice(0, 500),
    property_title: typeof newDoc.title === 'string' ? newDoc.title.slice(0, 100) : undefined,
    property_address: formatAddress(newDoc.address as Parameters<typeof formatAddress>[0]).slice(
      0,
      300,
    ),
    property_status: typeof newDoc.status === 'string' ? newDoc.status : undefined,
    created_at: now,
    updated_at: now,
  };
  return entry;
}

/** Fields never copied into a log snapshot. */
const PRIVATE_SNAPSHOT_FIELDS = ['_rev', 'ever_public', 'ever_published'];

export class OplogService {
  constructor(private readonly store: Store) {}

  async append(
    type: OperationType,
    operator: Operator,
    request: RequestInfo,
    oldDoc: StoredDoc | null,
    newDoc: StoredDoc,
    id: string = newId(),
    /** A text of its own in place of the one made from the write (a decision without a write). */
    options: { description?: string } = {},
  ): Promise<void> {
    try {
      await this.store
        .writer('oplog')
        .insert(
          propertyLogEntry(
            type,
            operator,
            request,
            oldDoc,
            newDoc,
            id,
            options.description,
          ) as never,
        );
    } catch (err) {
      if (couchStatus(err) !== 409) throw err; // already logged
    }
  }

  /** Appends an admin action log entry (architecture §4): users, news, demands and settings. */
  async appendAdmin(
    change: AdminChange,
    operator: Operator,
    request: RequestInfo,
    id: string = newId(),
  ): Promise<void> {
    if (operator.role !== 'admin' || !operator.id) return;
    const now = new Date().toISOString();
    const snapshot = (d: StoredDoc | null) => {
      if (!d) return null;
      const model: Record<string, unknown> = toModelDoc(d);
      for (const f of PRIVATE_SNAPSHOT_FIELDS) delete model[f];
      return model;
    };
    const line = classifyAdminWrite(
      change.target,
      snapshot(change.before),
      snapshot(change.after),
      change.detail,
    );
    const entry = {
      _id: id,
      kind: 'admin',
      target_collection: change.target,
      target_id: change.targetId,
      target_label: line.label,
      operation_type: line.action,
      operation_description: `${operator.name || '管理员'}${line.description}`.slice(0, 500),
      operator_id: operator.id,
      operator_name: operator.name,
      operator_role: operator.role,
      old_data: snapshot(change.before),
      new_data: snapshot(change.after),
      ip_address: request.ip.slice(0, 64),
      user_agent: request.userAgent.slice(0, 500),
      created_at: now,
      updated_at: now,
    };
    try {
      await this.store.db('oplog').insert(entry as never);
    } catch (err) {
      if (couchStatus(err) !== 409) throw err; // already logged
    }
  }
}
