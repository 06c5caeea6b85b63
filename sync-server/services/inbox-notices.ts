/**
 * Notices the gateway writes into a user's 消息 inbox (issue 19): the only inbox entries a device
 * cannot write (policies/inbox.ts refuses the kind). Each has a deterministic id from what it tells,
 * so a retried decision delivers it once; the count is bounded by what causes them (a reporter's
 * reports are rate-limited, an owner's listing is decided once per round of reports).
 */
import { inboxEntryWriteSchema } from '@couchdb/model/inbox';
import { inboxEntryId, INBOX_TITLE_MAX } from '@couchdb/model/saved-search-facts';
import { clipText } from '@couchdb/rules/format';
import { couchStatus, type Store } from '../store/couch';

export interface Notice {
  title: string;
  body: string;
  /** The in-app path the entry opens. */
  link: string;
  property_ids: string[];
}

/** A listing's title short enough for a notice's title around it. */
export function noticeSubject(title: string): string {
  return clipText(title, Math.floor(INBOX_TITLE_MAX / 2));
}

/** Writes `notice` into `userId`'s inbox once: `key` names the event (a repeat is a no-op). */
export async function deliverNotice(
  store: Store,
  userId: string,
  key: readonly (string | number)[],
  notice: Notice,
  now: string,
): Promise<void> {
  const id = inboxEntryId(userId, 'notice', ...key);
  const entry = inboxEntryWriteSchema.parse({
    id,
    user_id: userId,
    kind: 'notice',
    ...notice,
    created_at: now,
  });
  const { id: _id, ...stored } = entry;
  try {
    await store.db('inbox').insert({ _id: id, ...stored } as never);
  } catch (err) {
    if (couchStatus(err) !== 409) throw err; // delivered already
  }
}
