import { REPORT_MESSAGES, type ModerationKind } from '@couchdb/model/trust-facts';

/** What the owner (and admins) read of an admin's notice on a listing after a report (issue 19). */
export function moderationText(moderation: { kind: ModerationKind; reason: string }): string {
  return moderation.kind === 'taken_down'
    ? REPORT_MESSAGES.takenDownOwner(moderation.reason)
    : REPORT_MESSAGES.fixRequestedOwner(moderation.reason);
}
