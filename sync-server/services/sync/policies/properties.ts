/**
 * Listings: a new one gets the forced fields of architecture §4 (pending or approved by the setting,
 * active, owned by the caller, counters 0); an edit keeps the owner, the counters and the creation
 * time, stamps an admin's audit decision, and sends an owner's edit of a rejected listing back to
 * review. An owner's change to an approved listing's reviewed fields waits for review as a
 * `change_review` while the approved version stays public (couchdb/rules/listing-review.ts); only an
 * admin decides on it. The media limit is the one set now. The price history is the gateway's: it
 * appends each accepted price change, whatever the device sent.
 */
import { propertyWriteSchema } from '@couchdb/model/property';
import { LISTING_MAX, PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { createRefusal, forceNewPropertyFields } from '@couchdb/rules/access';
import { COLLECTION_ACCESS } from '@couchdb/rules/collection-access';
import { jsonEqual } from '@couchdb/rules/json-equal';
import type { PropertyRevision } from '@couchdb/model/property';
import { checkListingMediaLimit, listingMediaChanged } from '@couchdb/rules/listing-media';
import { decideRevision, revisionAfterOwnerEdit } from '@couchdb/rules/listing-review';
import { nextPriceHistory } from '@couchdb/rules/price-history';
import { visibilityHistory } from '@couchdb/rules/visibility';
import { applyTrustFields, nextTrustFields } from '@couchdb/rules/listing-trust';
import type { PricePoint } from '@couchdb/model/listing-facts';
import type { StoredDoc } from '../projection';
import { capRefusal } from './cap-refusal';
import { refused, type WriteContext, type WritePolicy } from './policy';

/** The listing's content: what its owner edits, apart from its status (product §4 transitions). */
const CONTENT_FIELDS = (COLLECTION_ACCESS.properties.ownerEditable ?? []).filter(
  (f) => f !== 'status',
);

function contentChanged(current: StoredDoc, next: Record<string, unknown>): boolean {
  return CONTENT_FIELDS.some((f) => !jsonEqual(current[f], next[f]));
}

/** The listing as edited, with the fields the device does not decide taken from the store. */
function edited(
  { viewer, content, now }: WriteContext,
  current: StoredDoc,
): Record<string, unknown> {
  const next: Record<string, unknown> = {
    ...content,
    view_count: current.view_count ?? 0,
    created_at: current.created_at,
    user_id: current.user_id,
    updated_at: now,
  };
  if (content.audit_status !== current.audit_status) {
    // An admin's decision (the rules allow no other audit change): who and when.
    next.audited_by = viewer.id;
    next.audited_at = now;
  } else if (
    viewer.role !== 'admin' &&
    current.audit_status === 'rejected' &&
    contentChanged(current, content)
  ) {
    // The owner edited a rejected listing: it goes back to review (resubmission).
    next.audit_status = 'pending';
    next.audited_by = null;
    next.audited_at = null;
  } else {
    // No decision in this write: the auditor and time stay those of the last decision.
    next.audited_by = current.audited_by ?? null;
    next.audited_at = current.audited_at ?? null;
  }
  return next;
}

/**
 * The revision an admin's write leaves: the admin may approve a waiting change (no revision) or
 * refuse it (rejected, with a reason); the approved snapshot itself is never theirs to rewrite.
 */
function revisionAfterAdminWrite(
  current: StoredDoc,
  content: Record<string, unknown>,
): PropertyRevision | null {
  const revision = (current.change_review as PropertyRevision | null | undefined) ?? null;
  if (!revision) return null;
  const sent = content.change_review as Partial<PropertyRevision> | null | undefined;
  if (sent === null) return decideRevision(revision, 'approved');
  if (sent?.status === 'rejected' && revision.status === 'pending') {
    return decideRevision(
      revision,
      'rejected',
      typeof sent.comment === 'string' ? sent.comment : '',
    );
  }
  return revision;
}

export const propertiesPolicy: WritePolicy = {
  schema: propertyWriteSchema,
  async prepare(ctx) {
    const { viewer, operator, current, content, now } = ctx;
    let next: Record<string, unknown>;
    if (!current) {
      const refusal = createRefusal('properties', viewer.role, content);
      if (refusal) return refusal;
      // At most LISTING_MAX an account, deleted ones not counted (sync/owned-cap.ts).
      const max = LISTING_MAX[viewer.role];
      const overCap = await capRefusal(ctx, max, PROPERTY_MESSAGES.tooMany(max));
      if (overCap) return overCap;
      next = forceNewPropertyFields(
        content,
        viewer,
        { auditRequired: (await ctx.settings()).auditRequired },
        Date.parse(now),
      );
      // A revision is the gateway's to open, never a device's.
      delete next.change_review;
    } else {
      next = edited(ctx, current);
      next.change_review =
        viewer.role === 'admin'
          ? revisionAfterAdminWrite(current, content)
          : revisionAfterOwnerEdit(current, next, (await ctx.settings()).auditRequired, now);
      if (next.change_review === null && current.change_review === undefined)
        delete next.change_review;
    }
    applyTrustFields(next, nextTrustFields(current, next, viewer, now, CONTENT_FIELDS));
    next.owner = current?.owner ?? { name: operator.name };
    const history = nextPriceHistory(
      current
        ? { ...current, price_history: current.price_history as PricePoint[] | undefined }
        : null,
      next.price as number,
      now,
      current ? 'ever_public' in visibilityHistory('properties', current) : false,
    );
    if (history.length > 0) next.price_history = history;
    else delete next.price_history;
    // The limit as set now: a device offline while an admin lowered it may not know yet.
    if (listingMediaChanged(current ?? null, content)) {
      const tooMany = checkListingMediaLimit(
        current ?? null,
        content,
        (await ctx.settings()).maxImagesPerProperty,
      );
      if (tooMany) return refused('validation_failed', tooMany);
    }
    return { ok: true, next };
  },
};
