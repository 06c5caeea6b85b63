/** Favourites: always the caller's own, created when first written. */
import { favoriteWriteSchema } from '@couchdb/model/favorite';
import type { WritePolicy } from './policy';

export const favoritesPolicy: WritePolicy = {
  schema: favoriteWriteSchema,
  prepare: ({ viewer, current, content, now }) => ({
    ok: true,
    next: { ...content, user_id: viewer.id, created_at: current?.created_at ?? now },
  }),
};
