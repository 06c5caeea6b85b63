/**
 * 我的房源数据 (issue 15, an agent tool): per listing of the agent, how often it was viewed,
 * favourited and contacted, and how long it has been on the market. Zod-free.
 */
import type { AuditStatus, PropertyStatus } from './property-facts';

export interface ListingStats {
  id: string;
  title: string;
  type: 'sale' | 'rent';
  status: PropertyStatus;
  audit_status: AuditStatus;
  created_at: string;
  views: number;
  /** Devices' favourites of it now (favourites are private: only the count is shown). */
  favorites: number;
  /** Contact dialogs opened (the operation log's contact entries). */
  contacts: number;
}

/** GET /api/agent/listing-stats: the caller's listings (an admin may ask for anyone's). */
export interface ListingStatsResponse {
  listings: ListingStats[];
}

export const LISTING_STATS_MESSAGES = {
  title: '我的房源数据',
  loadFailed: '房源数据加载失败，请稍后重试',
  offline: '房源数据需要联网查看',
  empty: '您还没有发布房源',
  daysOnMarket: (days: number) => (days < 1 ? '今天发布' : `已发布${days}天`),
} as const;

/** Whole days from `since` to `now` (0 on the day itself). */
export function daysOnMarket(since: string, now: number = Date.now()): number {
  const start = Date.parse(since);
  if (!Number.isFinite(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 86_400_000));
}
