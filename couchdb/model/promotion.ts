/**
 * Agent promotion (product §3, §4): the parameters a promotion link carries and the attribution stored
 * on the device, valid for 24 hours. Parameter names, texts and the validity check live in
 * promotion-facts.ts (zod-free).
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, phoneSchema } from './common';
import {
  DEFAULT_PROMOTION_SOURCE,
  PROMOTION_EVENT_TYPES,
  type PromotionAgent,
  type PromotionEventType,
  type StoredPromotion,
} from './promotion-facts';
import { PROMOTION_PARAMS } from './promotion-link-facts';

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

/** The attribution stored on the device (StoredPromotion). */
export const storedPromotionSchema = z.strictObject({
  agentId: idSchema,
  agentName: displayNameSchema.min(1),
  agentPhone: phoneSchema.optional(),
  agentCompany: z.string().trim().max(60).optional(),
  agentPosition: z.string().trim().max(30).optional(),
  timestamp: z.int().min(0),
  verified: z.boolean().optional(),
}) satisfies z.ZodType<StoredPromotion, unknown>;

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

/** POST /api/promotion/events: one attributed event (the caller is the device or its user). */
export const promotionEventSchema = z.strictObject({
  agentId: idSchema,
  type: z.enum(PROMOTION_EVENT_TYPES),
  /** The listing viewed or contacted (not for a visit). */
  propertyId: idSchema.optional(),
});
export type PromotionEvent = z.infer<typeof promotionEventSchema>;

export interface PromotionEventResponse {
  counted: boolean;
  agent: PromotionAgent;
}

/** One day of an agent's statistics. */
export type PromotionDayStats = { day: string } & Record<PromotionEventType, number>;

/** GET /api/promotion/stats: the last PROMOTION_STATS_DAYS days (oldest first) and the totals. */
export interface PromotionStatsResponse {
  agentId: string;
  days: PromotionDayStats[];
  totals: Record<PromotionEventType, number>;
}
