/**
 * The zod-free half of saved-search.ts and inbox.ts (issue 19): limits, kinds, deterministic inbox
 * ids and the texts of saved searches and the 消息 inbox, so the list screen's button and the
 * device's matcher can use them without loading the schema library.
 */

/** Saved searches one user keeps at most (the gateway refuses the next create). */
export const SAVED_SEARCH_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 20;
/** A saved search's filter: the list screen's URL query as property-filter.ts writes it. */
export const SAVED_SEARCH_FILTER_MAX = 500;

export const SAVED_SEARCH_MODES = ['instant', 'daily'] as const;
export type SavedSearchMode = (typeof SAVED_SEARCH_MODES)[number];
export const SAVED_SEARCH_MODE_LABELS: Record<SavedSearchMode, string> = {
  instant: '即时提醒',
  daily: '每日汇总',
};
/** 'HH:mm' (Asia/Shanghai). */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_QUIET_HOURS = { from: '22:00', to: '08:00' } as const;

/** Inbox entries one user keeps at most (the gateway refuses the next create). */
export const INBOX_MAX = 300;
/**
 * How far back the device matches: listings that became public, and price drops, within this many
 * days. Read entries older than this are pruned by the device; they are never made again, because
 * what they announced is outside the window too.
 */
export const INBOX_MATCH_DAYS = 30;
/** Listings one daily digest lists at most. */
export const DIGEST_MAX_LISTINGS = 50;
export const INBOX_TITLE_MAX = 60;
export const INBOX_BODY_MAX = 500;
export const INBOX_LINK_MAX = 600;

/**
 * match: one listing fit a search (or a price drop brought it into range); digest: a daily search's
 * matches of one Shanghai day; notice: written by the gateway (a report's outcome, issue 19 item 4).
 */
export const INBOX_KINDS = ['match', 'digest', 'notice'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** The kinds a device may create; the rest only the gateway writes. */
export const DEVICE_INBOX_KINDS: readonly InboxKind[] = ['match', 'digest'];

/** 32 hex digits from four FNV-1a passes with different seeds (ids must stay within 64 chars). */
function digest128(text: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

/**
 * The inbox entry id of one event, the same on every device of the user, so two devices that match
 * the same listing write one entry: a new listing (`searchId`, `propertyId`), a price drop (plus the
 * price), a daily digest (`searchId`, `day:YYYY-MM-DD`).
 */
export function inboxEntryId(userId: string, ...parts: (string | number)[]): string {
  return `ib_${digest128([userId, ...parts].join('\u0000'))}`;
}

export const SAVED_SEARCH_MESSAGES = {
  save: '保存搜索',
  dialogTitle: '保存当前搜索',
  name: '名称',
  nameRequired: '请输入名称',
  nameMax: `名称最多 ${SAVED_SEARCH_NAME_MAX} 个字`,
  mode: '提醒方式',
  quiet: '免打扰时段',
  quietHint: '该时段内的即时提醒在结束后再显示',
  clock: '请输入 时:分，如 22:00',
  saved: '已保存搜索，有新房源时会在「消息」中提醒',
  updated: '已更新',
  deleted: '已删除搜索',
  tooMany: `最多保存 ${SAVED_SEARCH_MAX} 个搜索，请先删除不用的`,
  badFilter: '搜索条件无效',
  mine: '我的搜索',
  empty: '还没有保存的搜索。在房源列表中设好条件后点「保存搜索」。',
  loginRequired: '请先登录后保存搜索',
  open: '查看房源',
  rename: '修改',
  delete: '删除',
  confirmDelete: (name: string) => `删除搜索「${name}」？`,
  any: '全部房源',
} as const;

export const INBOX_MESSAGES = {
  title: '消息',
  empty: '暂无消息。保存搜索或发布求购/求租后，符合条件的新房源会出现在这里。',
  markAllRead: '全部已读',
  tooMany: '消息已达上限，请先清理已读消息',
  deviceKindsOnly: '这类消息只能由系统发送',
  onlyReadState: '只能标记消息为已读',
  matchTitle: (search: string) => `「${search}」有新房源`,
  priceDropTitle: (search: string) => `「${search}」有房源降价`,
  digestTitle: (search: string, day: string) => `「${search}」${day} 汇总`,
  digestBody: (n: number) => `今日共 ${n} 套新房源符合条件`,
  demandName: (title: string) => `求购/求租：${title}`,
  unread: (n: number) => `${n} 条未读`,
} as const;

/** Item 2: the count an owner sees on their own listing. */
export const DEMAND_MATCH_MESSAGES = {
  count: (n: number) => (n > 0 ? `${n} 条求购/求租需求与此房源匹配` : '暂无匹配的求购/求租需求'),
  ownerOnly: '只有房源发布者可以查看匹配的需求数',
  /** Under the count on the owner's listing: whom it is for and what it compares. */
  ownerNote: '只有您能看到：按类型、区域、价格、面积和户型与正在找房的需求比对',
} as const;

/**
 * GET /api/properties/:id/demand-matches (owner only): how many active demands of other users the
 * listing fits (issue 19 item 2). A count only: the demands' contacts stay private.
 */
export const demandMatchesPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/demand-matches`;
export interface DemandMatchesResponse {
  count: number;
}
