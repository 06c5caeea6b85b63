/** The signed-in user's 消息 inbox and saved searches (issue 19), newest first. */
import { of } from 'rxjs';
import type { InboxDoc } from '../schemas/inbox.schema';
import type { SavedSearchDoc } from '../schemas/saved-search.schema';
import { useOpenDevice } from '../open-device';
import { useLiveQuery, type LiveResult } from './use-live-query';

/** Whether the open database is `userId`'s own (right after login it may still be opening). */
function useOwnDatabase(userId: string | null): boolean {
  const device = useOpenDevice();
  return userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
}

export function useInboxEntries(userId: string | null): LiveResult<InboxDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`inbox:${own ? userId : ''}`, (db) =>
    own
      ? db.inbox.find({
          selector: { user_id: userId ?? '' },
          sort: [{ created_at: 'desc' }, { id: 'asc' }],
        }).$
      : of([] as InboxDoc[]),
  );
}

export function useSavedSearches(userId: string | null): LiveResult<SavedSearchDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`saved-searches:${own ? userId : ''}`, (db) =>
    own
      ? db.saved_searches.find({
          selector: { user_id: userId ?? '' },
          sort: [{ created_at: 'desc' }, { id: 'asc' }],
        }).$
      : of([] as SavedSearchDoc[]),
  );
}
