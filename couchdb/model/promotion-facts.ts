/**
 * The zod-free half of promotion.ts: a promotion link's parameter names, the promotion texts, the
 * link builder and the 24-hour validity check, so the listing screens can use them without loading
 * the schema library.
 */
import { PROMOTION_VALIDITY_MS } from './constants';
import { ERROR_MESSAGES } from './errors';
import { PROMOTION_PARAMS } from './promotion-link-facts';

export const DEFAULT_PROMOTION_SOURCE = 'direct';
/** The QR page marks its links ref=qr; the share list ref=list. */
export const QR_PROMOTION_SOURCE = 'qr';
export const SHARE_LIST_PROMOTION_SOURCE = 'list';
/** A listing poster's code marks its link ref=poster. */
export const POSTER_PROMOTION_SOURCE = 'poster';

export const PROMOTION_MESSAGES = {
  linkCopied: '推广链接已复制到剪贴板',
  qrDownloaded: '二维码下载成功',
  copyFailed: '复制失败，请手动复制',
  downloadFailed: '二维码下载失败，请重试',
  shareFailed: '分享失败，请复制链接后手动分享',
  listCopied: '分享清单已复制，可粘贴到微信发送给客户',
  listEmpty: '暂无可分享的房源',
  /** 房源分享清单's choice: nothing is ticked at first; at most `max` listings in one message. */
  listPicked: (n: number, max: number) => `已选 ${n} 套（最多${max}套）`,
  listPickFirst: (n: number) => `选前${n}套`,
  listClear: '清空',
  listPickHint: '勾选要分享的房源，这里会生成可以发给客户的文字',
  shareTitle: '澄江房产',
  shareText: (name: string) => `${name}为您推荐澄江房产的优质房源`,
  /** Product §6 opens the page to every signed-in user; only an agent's link attributes visitors. */
  notAgent: '您还不是经纪人：通过此链接访问的用户不会计入推广效果。成为经纪人请联系平台管理员。',
  agentNote: '访客通过您的链接或二维码进入后，24小时内查看房源时将显示您的联系方式。',
  notAgentLink: ERROR_MESSAGES.not_agent,
  statsTitle: '推广效果',
  statsLoadFailed: '推广数据加载失败，请稍后重试',
  statsOffline: '推广数据需要联网查看',
  statsEmpty: '最近30天还没有通过您的推广链接带来的访问',
} as const;

/**
 * What a promotion attributes to its agent (architecture §4 promotion statistics): a visit through
 * the link, a listing viewed and a contact dialog opened while the promotion is active. Each counts
 * once per person a day (a listing's view and contact once per listing; a device signed out and its
 * user signed in on it are one person), and at most PROMOTION_DAILY_CAP of a kind per agent a day,
 * so nobody can inflate them or grow the store.
 */
export const PROMOTION_EVENT_TYPES = ['visit', 'view', 'contact'] as const;
export type PromotionEventType = (typeof PROMOTION_EVENT_TYPES)[number];
export const PROMOTION_EVENT_LABELS: Record<PromotionEventType, string> = {
  visit: '链接访问',
  view: '房源浏览',
  contact: '联系咨询',
};
export const PROMOTION_DAILY_CAP = 500;
/** Days of statistics the 推广效果 screen shows. */
export const PROMOTION_STATS_DAYS = 30;
/** Events a device keeps while offline (oldest dropped first; where: PROMOTION_OUTBOX_KEY). */
export const PROMOTION_OUTBOX_MAX = 50;

/** The county's calendar day (UTC+8) of a time, as YYYY-MM-DD: statistics are kept per day. */
export function promotionDay(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The downloaded PNG's file name. */
export const QR_FILE_NAME = 'cjfc-promotion-qr.png';

/**
 * The query string of an agent's promotion link (product §2: ref, the agent's id and name, their phone
 * if any, the time). Company and position stay out: the gateway confirms the agent and reads them
 * from the account, and each Chinese character costs nine in a link, making QR codes denser and
 * shared lists long. Links that carry them still read (promotionFromParams).
 */
export function promotionQuery(
  agent: { id: string; name: string; phone?: string },
  now: number = Date.now(),
  source: string = QR_PROMOTION_SOURCE,
): string {
  const p = PROMOTION_PARAMS;
  const q = new URLSearchParams({ [p.ref]: source, [p.id]: agent.id, [p.name]: agent.name });
  if (agent.phone) q.set(p.phone, agent.phone);
  q.set(p.timestamp, String(now));
  return q.toString();
}

/** The public card of a promoting agent, as the gateway confirms it. */
export interface PromotionAgent {
  id: string;
  name: string;
  phone: string;
  company?: string;
  position?: string;
}

/** The attribution stored on the device (read by storedPromotionSchema in promotion.ts). */
export interface StoredPromotion {
  agentId: string;
  agentName: string;
  agentPhone?: string | undefined;
  agentCompany?: string | undefined;
  agentPosition?: string | undefined;
  /** When it was stored (ms since epoch); it expires PROMOTION_VALIDITY_MS later. */
  timestamp: number;
  /** Set once the gateway confirmed the agent (name and phone then come from the account). */
  verified?: boolean | undefined;
}

/**
 * The promotion of an agent the gateway confirmed, as the device keeps it: their account's name
 * and phone (not what a link said), from `timestamp` on.
 */
export function confirmedPromotion(agent: PromotionAgent, timestamp: number): StoredPromotion {
  return {
    agentId: agent.id,
    agentName: agent.name,
    agentPhone: agent.phone,
    ...(agent.company ? { agentCompany: agent.company } : {}),
    ...(agent.position ? { agentPosition: agent.position } : {}),
    timestamp,
    verified: true,
  };
}

/** True while the stored promotion (stamped `timestamp`, ms) is younger than 24 h at `now`. */
export function isPromotionActive(
  promotion: { timestamp: number } | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!promotion) return false;
  const age = now - promotion.timestamp;
  return age >= 0 && age < PROMOTION_VALIDITY_MS;
}
