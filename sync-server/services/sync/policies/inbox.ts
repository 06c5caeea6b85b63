/**
 * The 消息 inbox: the caller's own entries. A device creates matches and digests only (notices are
 * the gateway's), within INBOX_MAX entries a user (sync/owned-cap.ts); afterwards it may mark an
 * entry read, and grow a digest (its listings, title and body), nothing else: the kind, the search,
 * the link and the time stay as first written, and a notice only ever changes its read time.
 */
import { DEVICE_INBOX_KINDS, INBOX_MAX, INBOX_MESSAGES } from '@couchdb/model/saved-search-facts';
import { inboxEntryWriteSchema } from '@couchdb/model/inbox';
import { jsonEqual } from '@couchdb/rules/json-equal';
import { capRefusal } from './cap-refusal';
import { refused, type WritePolicy } from './policy';

const FIXED_FIELDS = ['kind', 'search_id', 'link'] as const;
const DIGEST_FIELDS = ['property_ids', 'title', 'body'] as const;

export const inboxPolicy: WritePolicy = {
  schema: inboxEntryWriteSchema,
  async prepare({ viewer, current, content, now, admitNew }) {
    if (!current) {
      if (!DEVICE_INBOX_KINDS.includes(content.kind as never))
        return refused('forbidden', INBOX_MESSAGES.deviceKindsOnly);
      const overCap = await capRefusal({ current, admitNew }, INBOX_MAX, INBOX_MESSAGES.tooMany);
      if (overCap) return overCap;
      return { ok: true, next: { ...content, user_id: viewer.id, created_at: now } };
    }
    const changed = (f: string) => !jsonEqual(current[f], content[f]);
    const growable = current.kind === 'digest' ? [] : DIGEST_FIELDS;
    if ([...FIXED_FIELDS, ...growable].some(changed))
      return refused('forbidden', INBOX_MESSAGES.onlyReadState);
    return {
      ok: true,
      next: { ...content, user_id: current.user_id, created_at: current.created_at },
    };
  },
};
