/**
 * Favourites (product §3 client state, architecture §3): one document per user and listing, id
 * `${userId}:${propertyId}`, so favouriting twice is idempotent. The id helper and the texts live
 * in favorite-facts.ts (zod-free).
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { favoriteId } from './favorite-facts';

const favoriteShape = {
  id: z.string().min(3).max(129),
  user_id: idSchema,
  property_id: idSchema,
  created_at: timestampSchema,
};

const idMatches = (f: { id: string; user_id: string; property_id: string }) =>
  f.id === favoriteId(f.user_id, f.property_id);
const ID_MISMATCH = '收藏编号与用户和房源不一致';

export const favoriteSchema = z.object(favoriteShape).refine(idMatches, ID_MISMATCH);
export type Favorite = z.infer<typeof favoriteSchema>;
/** A favourite as written by a device: unknown keys are refused. */
export const favoriteWriteSchema = z.strictObject(favoriteShape).refine(idMatches, ID_MISMATCH);
