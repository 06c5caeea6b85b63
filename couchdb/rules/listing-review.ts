/**
 * Re-review of an approved listing's changes (issue 16): while audit_required is on, an owner's
 * change to REVIEWED_PROPERTY_FIELDS is stored (the owner keeps working on it) with a `change_review`
 * holding the last approved values, which everyone but the owner and admins keeps seeing until an
 * admin approves the change. Pure: the gateway's listing policy and projection and the device's
 * admin actions use the same functions.
 */
import type { PropertyRevision } from '../model/property';
import {
  REVIEWED_FIELD_LABELS,
  REVIEWED_PROPERTY_FIELDS,
  type ReviewedPropertyField,
} from '../model/property-facts';
import { jsonEqual } from './json-equal';

type Doc = Readonly<Record<string, unknown>>;

/** The reviewed fields of a listing, as stored (absent fields stay absent). */
export function reviewedContent(doc: Doc): Partial<Record<ReviewedPropertyField, unknown>> {
  const out: Partial<Record<ReviewedPropertyField, unknown>> = {};
  for (const f of REVIEWED_PROPERTY_FIELDS) if (doc[f] !== undefined) out[f] = doc[f];
  return out;
}

const revisionOf = (doc: Doc): PropertyRevision | null =>
  (doc.change_review as PropertyRevision | null | undefined) ?? null;

/** The reviewed fields whose value differs from the approved snapshot. */
export function changedReviewedFields(
  approved: Partial<Record<ReviewedPropertyField, unknown>>,
  doc: Doc,
): ReviewedPropertyField[] {
  const emptyAs = (f: ReviewedPropertyField, v: unknown) =>
    v ?? (f === 'features' || f === 'images' || f === 'media_items' ? [] : '');
  return REVIEWED_PROPERTY_FIELDS.filter(
    (f) => !jsonEqual(emptyAs(f, approved[f]), emptyAs(f, doc[f])),
  );
}

/** The labels of the changed fields (for the review queue and the owner). */
export function changedFieldLabels(doc: Doc): string[] {
  const revision = revisionOf(doc);
  if (!revision) return [];
  return changedReviewedFields(revision.approved, doc).map((f) => REVIEWED_FIELD_LABELS[f]);
}

/**
 * The revision after an owner's (or agent's) edit of an existing listing. Only an approved listing
 * under audit_required gets one; an edit that brings the reviewed fields back to the approved
 * values ends it. A rejected change edited again is pending again.
 */
export function revisionAfterOwnerEdit(
  current: Doc,
  next: Doc,
  auditRequired: boolean,
  now: string,
): PropertyRevision | null {
  const revision = revisionOf(current);
  if (current.audit_status !== 'approved' || next.audit_status !== 'approved') return null;
  if (!auditRequired) return null;
  const approved = revision ? revision.approved : reviewedContent(current);
  const changed = changedReviewedFields(approved, next);
  if (changed.length === 0) return null;
  // Unchanged since the last submission (a status change, a price cut): the revision stays as is.
  const sameAsSubmitted =
    revision && changedReviewedFields(reviewedContent(current), next).length === 0;
  if (sameAsSubmitted) return revision;
  return { status: 'pending', approved, comment: '', submitted_at: now };
}

/** Whether a listing has a change waiting for an admin. */
export const hasPendingRevision = (doc: Doc): boolean => revisionOf(doc)?.status === 'pending';

/**
 * The listing as everyone but its owner and admins sees it: the last approved values of the
 * reviewed fields while a change waits or was refused, and no revision.
 */
export function publicVersion<T extends Doc>(doc: T): T {
  const revision = revisionOf(doc);
  if (!('change_review' in doc)) return doc;
  const { change_review: _r, ...rest } = doc as Doc;
  const out: Record<string, unknown> = { ...rest };
  if (revision) {
    for (const f of REVIEWED_PROPERTY_FIELDS) {
      if (revision.approved[f] === undefined) delete out[f];
      else out[f] = revision.approved[f];
    }
  }
  return out as T;
}

export type RevisionDecision = 'approved' | 'rejected';

/**
 * An admin's decision on a pending change, as the revision to store: approved ends it (the
 * change goes public), rejected keeps the approved snapshot public and tells the owner why.
 */
export function decideRevision(
  change_review: PropertyRevision,
  decision: RevisionDecision,
  comment = '',
): PropertyRevision | null {
  if (decision === 'approved') return null;
  return { ...change_review, status: 'rejected', comment: comment.trim() };
}
