/**
 * Agent promotion (spec §3, §4): the parameters a promotion link carries and the attribution stored
 * on the device, valid for 24 hours.
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, phoneSchema } from './common';
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

/** A promotion as read from the URL. */
export const promotionParamsSchema = z.object({
  id: idSchema,
  name: displayNameSchema.min(1),
  phone: phoneSchema.optional(),
  company: z.string().trim().max(60).optional(),
  position: z.string().trim().max(30).optional(),
  source: z.string().trim().max(20).default(DEFAULT_PROMOTION_SOURCE),
  /** ms since epoch. */
  timestamp: z.int().min(0),
});
export type PromotionParams = z.infer<typeof promotionParamsSchema>;

/** The attribution stored on the device. */
export const storedPromotionSchema = z.strictObject({
  agentId: idSchema,
  agentName: displayNameSchema.min(1),
  agentPhone: phoneSchema.optional(),
  agentCompany: z.string().trim().max(60).optional(),
  agentPosition: z.string().trim().max(30).optional(),
  /** When it was stored (ms since epoch); it expires PROMOTION_VALIDITY_MS later. */
  timestamp: z.int().min(0),
});
export type StoredPromotion = z.infer<typeof storedPromotionSchema>;

export const PROMOTION_MESSAGES = {
  linkCopied: '推广链接已复制到剪贴板',
  qrDownloaded: '二维码下载成功',
  copyFailed: '复制失败，请手动复制',
} as const;

/** Reads a promotion from URL parameters; null when absent or malformed. */
export function promotionFromParams(
  params: URLSearchParams,
  now: number = Date.now(),
): PromotionParams | null {
  const p = PROMOTION_PARAMS;
  const id = params.get(p.id);
  const name = params.get(p.name);
  if (!id || !name) return null;
  const ts = Number(params.get(p.timestamp));
  const parsed = promotionParamsSchema.safeParse({
    id,
    name,
    phone: params.get(p.phone) || undefined,
    company: params.get(p.company) || undefined,
    position: params.get(p.position) || undefined,
    source: params.get(p.ref) || undefined,
    timestamp: Number.isFinite(ts) && ts > 0 ? Math.floor(ts) : now,
  });
  return parsed.success ? parsed.data : null;
}

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

/** The attribution to store for a promotion read from the URL, stamped `now`. */
export function toStoredPromotion(p: PromotionParams, now: number = Date.now()): StoredPromotion {
  return {
    agentId: p.id,
    agentName: p.name,
    ...(p.phone ? { agentPhone: p.phone } : {}),
    ...(p.company ? { agentCompany: p.company } : {}),
    ...(p.position ? { agentPosition: p.position } : {}),
    timestamp: now,
  };
}

/** True while the stored promotion is younger than 24 h at `now`. */
export function isPromotionActive(
  promotion: Pick<StoredPromotion, 'timestamp'> | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!promotion) return false;
  const age = now - promotion.timestamp;
  return age >= 0 && age < PROMOTION_VALIDITY_MS;
}
