/**
 * The zod-free half of favorite.ts (the favourite id and the favourite texts), so the listing cards
 * and the device data layer can use them without loading the schema library.
 */
import { AUTH_MESSAGES } from './errors';

/** The favourite document id for a user and a listing. */
export function favoriteId(userId: string, propertyId: string): string {
  return `${userId}:${propertyId}`;
}

/** Favourites one user keeps at most: the gateway refuses the next create. */
export const FAVORITE_MAX = 500;

/** Favourite screens' texts (product §2, §5, §8). */
export const FAVORITE_MESSAGES = {
  tooMany: `收藏已达上限（${FAVORITE_MAX}套），请先取消部分收藏`,
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
