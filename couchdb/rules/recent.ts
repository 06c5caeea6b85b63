/** Recently viewed listings (product §3 client state, §9): newest first, no duplicates, at most 10. */
import { RECENT_LIMIT } from '../model/constants';

export interface RecentEntry {
  id: string;
  viewed_at: string;
}

/**
 * The list after viewing `id` at `viewedAt`: that listing moves to the front, older entries beyond
 * `limit` drop off. `entries` may come in any order.
 */
export function addRecentlyViewed(
  entries: readonly RecentEntry[],
  id: string,
  viewedAt: string,
  limit: number = RECENT_LIMIT,
): { kept: RecentEntry[]; dropped: string[] } {
  const others = entries
    .filter((e) => e.id !== id)
    .sort((a, b) => (a.viewed_at < b.viewed_at ? 1 : a.viewed_at > b.viewed_at ? -1 : 0));
  const all = [{ id, viewed_at: viewedAt }, ...others];
  return { kept: all.slice(0, limit), dropped: all.slice(limit).map((e) => e.id) };
}
