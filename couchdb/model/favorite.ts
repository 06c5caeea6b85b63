/**
 * Favourites (spec §3 client state, DESIGN §3): one document per user and listing, id
 * `${userId}:${propertyId}`, so favouriting twice is idempotent.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { AUTH_MESSAGES } from './errors';

/** The favourite document id for a user and a listing. */
export function favoriteId(userId: string, propertyId: string): string {
  return `${userId}:${propertyId}`;
}

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

/** Favourite screens' texts (spec §2, §5, §8). */
export const FAVORITE_MESSAGES = {
  added: '已添加收藏',
  removed: '已取消收藏',
  removedTitle: (title: string) => `已取消收藏 "${title}"`,
  cleared: '已清空所有收藏',
  loginRequired: AUTH_MESSAGES.loginRequired,
  empty: '暂无收藏',
  noMatch: '没有符合条件的收藏',
  /** Favourites whose listing was taken down or is not public any more. */
  unavailable: (n: number) => `有 ${n} 套收藏的房源已下架或暂时无法查看，未在下方列出。`,
} as const;
