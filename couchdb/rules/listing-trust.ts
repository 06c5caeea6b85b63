/**
 * Listing trust rules (issue 19) the gateway applies to every accepted listing write: the
 * verification code's check status and who checked it, and the admin's notice after a report.
 */
import type { UserRole } from '../model/roles';
import type { ListingModeration } from '../model/property';
import type { VerificationStatus } from '../model/verification-facts';
import { jsonEqual } from './json-equal';

type Doc = Readonly<Record<string, unknown>>;

export interface TrustFields {
  verification_status?: VerificationStatus;
  verified_by?: string | null;
  verified_at?: string | null;
  moderation?: ListingModeration | null;
}

/** The content an owner's edit changes that ends a fix request (any field but the status). */
const isContentEdit = (current: Doc, next: Doc, contentFields: readonly string[]) =>
  contentFields.some((f) => !jsonEqual(current[f], next[f]));

/**
 * The trust fields of a listing as stored after a write (`current` null: a new listing):
 * - a code starts unchecked; a changed code goes back to unchecked (whoever changed it, unless an
 *   admin decided on it in the same write); no code means no status;
 * - an admin's change of the status stamps who and when; the stamps are the gateway's otherwise;
 * - a fix request ends with the owner's next content edit; a takedown ends when an admin puts the
 *   listing up again.
 */
export function nextTrustFields(
  current: Doc | null,
  next: Doc,
  viewer: { id: string; role: UserRole },
  now: string,
  contentFields: readonly string[],
): TrustFields {
  const code = typeof next.verification_code === 'string' ? next.verification_code : '';
  const out: TrustFields = {};
  const before = current ?? {};
  const sentStatus = next.verification_status as VerificationStatus | undefined;
  const decided =
    viewer.role === 'admin' && current !== null && sentStatus !== before.verification_status;
  if (!code) {
    out.verification_status = undefined;
    out.verified_by = undefined;
    out.verified_at = undefined;
  } else if (decided && sentStatus) {
    out.verification_status = sentStatus;
    out.verified_by = viewer.id;
    out.verified_at = now;
  } else if (current === null || code !== before.verification_code) {
    out.verification_status = 'unchecked';
    out.verified_by = null;
    out.verified_at = null;
  } else {
    out.verification_status = (before.verification_status as VerificationStatus) ?? 'unchecked';
    out.verified_by = (before.verified_by as string | null | undefined) ?? null;
    out.verified_at = (before.verified_at as string | null | undefined) ?? null;
  }

  const moderation = (current?.moderation as ListingModeration | null | undefined) ?? null;
  if (viewer.role === 'admin') {
    const sent = (next.moderation as ListingModeration | null | undefined) ?? null;
    out.moderation =
      sent?.kind === 'taken_down' && next.status === 'active' && before.status !== 'active'
        ? null
        : sent;
  } else if (
    moderation?.kind === 'fix_requested' &&
    current &&
    isContentEdit(current, next, contentFields)
  ) {
    out.moderation = null;
  } else {
    out.moderation = moderation;
  }
  return out;
}

/** Writes the trust fields into `next`, leaving out the absent ones (older listings stay as they were). */
export function applyTrustFields(next: Record<string, unknown>, fields: TrustFields): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  if (next.moderation === null) delete next.moderation;
}
