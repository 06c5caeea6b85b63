/**
 * The admin console's listing rules (product §2 "Admin review", "Admin listing management"): the
 * review queue, the console's filters and pages, the operation-log filter, and what an admin is
 * told when another admin decided a listing first.
 */
import { MAX_PAGE_BUTTONS, PAGE_SIZE } from '../model/constants';
import type { OperationType } from '../model/oplog-facts';
import type { AuditStatus, PropertyStatus, PropertyType } from '../model/property-facts';
import { AUDIT_STATUS_LABELS, awaitsReview, PROPERTY_STATUS_LABELS } from './property-status';
import type { FilterableProperty } from './property-filter';
import { comparePropertiesFor, DEFAULT_PROPERTY_SORT, type PropertySort } from './property-order';
import { matchesKeyword } from './keyword-search';

export const ADMIN_STATUS_FILTERS = ['all', 'active', 'inactive', 'deleted'] as const;
export const ADMIN_AUDIT_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export const ADMIN_TYPE_FILTERS = ['all', 'sale', 'rent'] as const;

export interface AdminListingFilter {
  keyword: string;
  status: 'all' | PropertyStatus;
  audit: 'all' | AuditStatus;
  type: 'all' | PropertyType;
  sort: PropertySort;
}

export const DEFAULT_ADMIN_FILTER: AdminListingFilter = {
  keyword: '',
  status: 'all',
  audit: 'all',
  type: 'all',
  sort: DEFAULT_PROPERTY_SORT,
};

type AdminListing = FilterableProperty & {
  status: PropertyStatus;
  audit_status: AuditStatus;
  title?: string;
  description?: string;
};

/**
 * The console's list: keyword in title or description, the three filters, priority first and then
 * the chosen order (product §2, §4).
 */
export function filterAdminListings<T extends AdminListing>(
  list: readonly T[],
  filter: AdminListingFilter,
): T[] {
  return list
    .filter(
      (p) =>
        (filter.status === 'all' || p.status === filter.status) &&
        (filter.audit === 'all' || p.audit_status === filter.audit) &&
        (filter.type === 'all' || p.type === filter.type) &&
        matchesKeyword(filter.keyword, p.title, p.description),
    )
    .sort(comparePropertiesFor(filter.sort));
}

/**
 * The review queue: pending listings and approved ones with a change waiting for review (issue 16),
 * not deleted, newest first (product §2).
 */
export function pendingListings<T extends AdminListing>(list: readonly T[]): T[] {
  const newest = comparePropertiesFor('time_desc');
  return list
    .filter((p) => awaitsReview(p))
    .sort((a, b) => newest({ ...a, is_priority: false }, { ...b, is_priority: false }));
}

/** The listings whose verification code waits for an admin's check (issue 19), newest first. */
export function uncheckedCodeListings<
  T extends AdminListing & { verification_code?: string | undefined; verification_status?: string },
>(list: readonly T[]): T[] {
  const newest = comparePropertiesFor('time_desc');
  return list
    .filter(
      (p) =>
        !!p.verification_code &&
        (p.verification_status ?? 'unchecked') === 'unchecked' &&
        p.status !== 'deleted',
    )
    .sort((a, b) => newest({ ...a, is_priority: false }, { ...b, is_priority: false }));
}

/** How many pages `total` rows make at `size` per page (at least 1). */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The rows of 1-based `page`. */
export function pageOf<T>(list: readonly T[], page: number, size: number = PAGE_SIZE): T[] {
  return list.slice((page - 1) * size, page * size);
}

/**
 * The page numbers to offer as buttons: at most `max`, a window around `page` that stays inside
 * 1..`count` (product §9: up to 5 page buttons).
 */
export function pageButtons(page: number, count: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const n = Math.min(max, count);
  const start = Math.min(Math.max(1, page - Math.floor(n / 2)), count - n + 1);
  return Array.from({ length: n }, (_, i) => start + i);
}

export interface OplogFilter {
  propertyId?: string;
  type?: OperationType;
  operatorId?: string;
  /** Inclusive bounds as ISO dates or date-times; a bare date `to` includes that whole day. */
  from?: string;
  to?: string;
}

type LogLike = {
  id: string;
  property_id: string;
  operation_type: OperationType;
  operator_id: string | null;
  created_at: string;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Entries matching `filter`, newest first (product §7: ordered by created_at descending). */
export function filterOplog<T extends LogLike>(entries: readonly T[], filter: OplogFilter): T[] {
  // Dates picked in the UI are the county's days (UTC+8).
  const from = filter.from
    ? Date.parse(DATE_ONLY.test(filter.from) ? `${filter.from}T00:00:00+08:00` : filter.from)
    : undefined;
  const to = filter.to
    ? Date.parse(DATE_ONLY.test(filter.to) ? `${filter.to}T23:59:59.999+08:00` : filter.to)
    : undefined;
  return entries
    .filter((e) => {
      if (filter.propertyId && e.property_id !== filter.propertyId) return false;
      if (filter.type && e.operation_type !== filter.type) return false;
      if (filter.operatorId && e.operator_id !== filter.operatorId) return false;
      const at = Date.parse(e.created_at);
      if (from !== undefined && !(at >= from)) return false;
      if (to !== undefined && !(at <= to)) return false;
      return true;
    })
    .sort((a, b) =>
      a.created_at === b.created_at
        ? b.id.localeCompare(a.id)
        : a.created_at < b.created_at
          ? 1
          : -1,
    );
}

/** The distinct operators of the log, for the operator filter (by name, system last). */
export function oplogOperators(
  entries: readonly { operator_id: string | null; operator_name?: string; operator_role: string }[],
): { id: string; name: string; role: string }[] {
  const seen = new Map<string, { id: string; name: string; role: string }>();
  for (const e of entries) {
    if (!e.operator_id || seen.has(e.operator_id)) continue;
    seen.set(e.operator_id, {
      id: e.operator_id,
      name: e.operator_name || '未命名用户',
      role: e.operator_role,
    });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/**
 * What an admin is told when their audit decision lost to another admin's (architecture §5: no silent
 * overwrite), or null when the refused change was not an audit decision that lost that way.
 */
export function lostAuditMessage(
  title: string,
  mine: { audit_status?: unknown },
  server: { audit_status?: unknown } | null,
): string | null {
  const theirs = server?.audit_status;
  if (theirs !== 'approved' && theirs !== 'rejected') return null;
  if (mine.audit_status === theirs || mine.audit_status === 'pending') return null;
  return `「${title}」已由其他管理员审核为${AUDIT_STATUS_LABELS[theirs]}，您的审核未生效`;
}

/**
 * What an admin is told when their 上架/下架 (or another change) lost to the listing's deletion or
 * to another status set meanwhile, or null when the refused change was not one that lost that way.
 */
export function lostStatusMessage(
  title: string,
  mine: { status?: unknown },
  server: { status?: unknown; _deleted?: unknown } | null,
): string | null {
  if (!server) return null;
  if (server._deleted === true || server.status === 'deleted') {
    return mine.status === 'deleted' ? null : `「${title}」已被删除，您的修改未生效`;
  }
  const theirs = server.status;
  if (theirs !== 'active' && theirs !== 'inactive') return null;
  if (mine.status === theirs || mine.status === 'deleted') return null;
  return `「${title}」已被其他人${PROPERTY_STATUS_LABELS[theirs]}，您的${PROPERTY_STATUS_LABELS[mine.status as PropertyStatus] ?? '修改'}未生效`;
}

/** The console's own confirmations (the spec names only the failures, product §8 "Admin"). */
export const ADMIN_LISTING_MESSAGES = {
  putUp: '房源已上架',
  takenDown: '房源已下架',
  priorityOn: '已设为优先展示',
  priorityOff: '已取消优先展示',
  batchDone: (action: string, n: number) => `已${action} ${n} 套房源`,
  batchSkipped: (n: number, reason: string) => `${n} 套房源未处理：${reason}`,
  /** Listings a bulk action left as they were: already in the state asked for. */
  batchUnchanged: (n: number, state: string) => `${n} 套房源原本就是${state}状态`,
  reviewEmpty: '暂无待审核房源',
  reviewEmptyHint: '新发布的房源会实时出现在这里',
  codesEmpty: '暂无待核验的房源核验码',
  consoleEmpty: '没有符合条件的房源',
  /** The bulk delete names how many; the single one names the listing. */
  deleteSelectedConfirm: (n: number) =>
    `确定要删除选中的 ${n} 套房源吗？删除后将不再展示，且无法恢复。`,
  deleteOneConfirm: (title: string) => `确定要删除房源“${title}”吗？删除后将不再展示，且无法恢复。`,
  priorityBanner: '优先展示的房源排在房源列表最前面；在房源卡片上点击“设为优先”即可开启。',
  streamDown: '实时更新已断开，每30秒自动刷新',
} as const;
