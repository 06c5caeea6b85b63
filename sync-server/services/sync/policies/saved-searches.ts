/**
 * Saved searches: always the caller's own; a new one only while the caller has fewer than
 * SAVED_SEARCH_MAX (counted under concurrency, sync/owned-cap.ts).
 */
import { savedSearchWriteSchema } from '@couchdb/model/saved-search';
import { SAVED_SEARCH_MAX, SAVED_SEARCH_MESSAGES } from '@couchdb/model/saved-search-facts';
import { capRefusal } from './cap-refusal';
import type { WritePolicy } from './policy';

export const savedSearchesPolicy: WritePolicy = {
  schema: savedSearchWriteSchema,
  async prepare({ viewer, current, content, now, admitNew }) {
    const overCap = await capRefusal(
      { current, admitNew },
      SAVED_SEARCH_MAX,
      SAVED_SEARCH_MESSAGES.tooMany,
    );
    if (overCap) return overCap;
    return {
      ok: true,
      next: {
        ...content,
        user_id: viewer.id,
        created_at: current?.created_at ?? now,
        updated_at: now,
      },
    };
  },
};
