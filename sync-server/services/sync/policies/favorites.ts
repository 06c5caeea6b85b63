/** Favourites: always the caller's own, created when first written, at most FAVORITE_MAX a user. */
import { favoriteWriteSchema } from '@couchdb/model/favorite';
import { FAVORITE_MAX, FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { capRefusal } from './cap-refusal';
import type { WritePolicy } from './policy';

export const favoritesPolicy: WritePolicy = {
  schema: favoriteWriteSchema,
  async prepare({ viewer, current, content, now, admitNew }) {
    const overCap = await capRefusal(
      { current, admitNew },
      FAVORITE_MAX,
      FAVORITE_MESSAGES.tooMany,
    );
    if (overCap) return overCap;
    return {
      ok: true,
      next: { ...content, user_id: viewer.id, created_at: current?.created_at ?? now },
    };
  },
};
