/**
 * Listings: a new one gets the forced fields of DESIGN §4 (pending or approved by the setting,
 * active, owned by the caller, counters 0); an edit keeps the owner, the counters and the creation
 * time, stamps an admin's audit decision, and sends an owner's edit of a rejected listing back to
 * review. The media limit is the one set now.
 */
import { propertyWriteSchema } from '@couchdb/model/property';
import {
  COLLECTION_ACCESS,
  createRefusal,
  forceNewPropertyFields,
  jsonEqual,
} from '@couchdb/rules/access';
import { checkListingMediaLimit, listingMediaChanged } from '@couchdb/rules/listing-media';
import type { StoredDoc } from '../../projection';
import { refused, type WriteContext, type WritePolicy } from './policy';

/** The listing's content: what its owner edits, apart from its status (spec §4 transitions). */
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

export const propertiesPolicy: WritePolicy = {
  schema: propertyWriteSchema,
  async prepare(ctx) {
    const { viewer, operator, current, content, now } = ctx;
    let next: Record<string, unknown>;
    if (!current) {
      const refusal = createRefusal('properties', viewer.role, content);
      if (refusal) return refusal;
      next = forceNewPropertyFields(
        content,
        viewer,
        { auditRequired: (await ctx.settings()).auditRequired },
        Date.parse(now),
      );
    } else {
      next = edited(ctx, current);
    }
    next.owner = current?.owner ?? { name: operator.name };
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
