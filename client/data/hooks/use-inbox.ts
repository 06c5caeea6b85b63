/** The signed-in user's 消息 inbox and saved searches (issue 19), newest first. */
import type { InboxDoc } from '../schemas/inbox.schema';
import type { SavedSearchDoc } from '../schemas/saved-search.schema';
import { useOpenDevice } from '../open-device';
import { constantSource, mapSource, useLiveQuery, type LiveResult } from './use-live-query';

/** Newest first, ties by id (sorted here: the collections have no index on the time). */
function newestFirst<T extends { created_at: string; id: string }>(docs: T[]): T[] {
  return [...docs].sort((a, b) =>
    a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? -1 : 1,
  );
}

/** Whether the open database is `userId`'s own (right after login it may still be opening). */
function useOwnDatabase(userId: string | null): boolean {
  const device = useOpenDevice();
  return userId !== null && device?.identity.kind === 'user' && device.identity.userId === userId;
}

export function useInboxEntries(userId: string | null): LiveResult<InboxDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`inbox:${own ? userId : ''}`, (db) =>
    own
      ? mapSource(db.inbox.find({ selector: { user_id: userId ?? '' } }).$, newestFirst)
      : constantSource([] as InboxDoc[]),
  );
}

export function useSavedSearches(userId: string | null): LiveResult<SavedSearchDoc[]> {
  const own = useOwnDatabase(userId);
  return useLiveQuery(`saved-searches:${own ? userId : ''}`, (db) =>
    own
      ? mapSource(db.saved_searches.find({ selector: { user_id: userId ?? '' } }).$, newestFirst)
      : constantSource([] as SavedSearchDoc[]),
  );
}
