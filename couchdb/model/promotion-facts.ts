/**
 * The zod-free half of promotion.ts: a promotion link's parameter names, the promotion texts, the
 * link builder and the 24-hour validity check, so the listing screens can use them without loading
 * the schema library.
 */
import { PROMOTION_VALIDITY_MS } from './constants';

/** URL parameter names of a promotion link. */
export const PROMOTION_PARAMS = {
  ref: 'ref',
  id: 'agent_id',
  name: 'agent_name',
  phone: 'agent_phone',
  company: 'agent_company',
  position: 'agent_position',
  timestamp: 'ts',
} as const;
export const DEFAULT_PROMOTION_SOURCE = 'direct';
/** The QR page marks its links ref=qr. */
export const QR_PROMOTION_SOURCE = 'qr';

export const PROMOTION_MESSAGES = {
  linkCopied: '推广链接已复制到剪贴板',
  qrDownloaded: '二维码下载成功',
  copyFailed: '复制失败，请手动复制',
  downloadFailed: '二维码下载失败，请重试',
  shareFailed: '分享失败，请复制链接后手动分享',
  shareTitle: '澄江房产',
  shareText: (name: string) => `${name}为您推荐澄江房产的优质房源`,
  /** Spec §6 opens the page to every signed-in user; only an agent's link attributes visitors. */
  notAgent: '您还不是经纪人：通过此链接访问的用户不会计入推广效果。成为经纪人请联系平台管理员。',
  agentNote: '访客通过您的链接或二维码进入后，24小时内查看房源时将显示您的联系方式。',
} as const;

/** The downloaded PNG's file name. */
export const QR_FILE_NAME = 'cjfc-promotion-qr.png';

/** The query string of an agent's promotion link. */
export function promotionQuery(
  agent: { id: string; name: string; phone?: string; company?: string; position?: string },
  now: number = Date.now(),
  source: string = QR_PROMOTION_SOURCE,
): string {
  const p = PROMOTION_PARAMS;
  const q = new URLSearchParams({ [p.ref]: source, [p.id]: agent.id, [p.name]: agent.name });
  if (agent.phone) q.set(p.phone, agent.phone);
  if (agent.company) q.set(p.company, agent.company);
  if (agent.position) q.set(p.position, agent.position);
  q.set(p.timestamp, String(now));
  return q.toString();
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
