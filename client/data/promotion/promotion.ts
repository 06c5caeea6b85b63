/**
 * The agent promotion stored on this device (product §3, §4): written when a promotion link is opened,
 * read by the listing's contact dialog (product §6 priority), dropped after 24 hours.
 */
import { storedPromotionSchema, type PromotionParams } from '@couchdb/model/promotion';
import {
  confirmedPromotion,
  isPromotionActive,
  type PromotionAgent,
  type StoredPromotion,
} from '@couchdb/model/promotion-facts';
import {
  PROMOTION_CHANGED_EVENT,
  PROMOTION_STORAGE_KEY,
} from '@couchdb/model/promotion-link-facts';

/** Tells this tab's screens showing the promotion (useStoredPromotion) to read it again. */
function changed(): void {
  globalThis.dispatchEvent?.(new Event(PROMOTION_CHANGED_EVENT));
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The active stored promotion, or null (an expired or malformed one is removed). */
export function readStoredPromotion(now: number = Date.now()): StoredPromotion | null {
  const store = storage();
  const raw = store?.getItem(PROMOTION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = storedPromotionSchema.safeParse(JSON.parse(raw));
    if (parsed.success && isPromotionActive(parsed.data, now)) return parsed.data;
  } catch {
    // Not JSON: treated like an expired one.
  }
  store?.removeItem(PROMOTION_STORAGE_KEY);
  return null;
}

/** Stores a promotion read from a link (replacing any earlier one). */
export function storePromotion(params: PromotionParams, now: number = Date.now()): void {
  const promotion: StoredPromotion = {
    agentId: params.id,
    agentName: params.name,
    ...(params.phone ? { agentPhone: params.phone } : {}),
    ...(params.company ? { agentCompany: params.company } : {}),
    ...(params.position ? { agentPosition: params.position } : {}),
    timestamp: now,
  };
  storage()?.setItem(PROMOTION_STORAGE_KEY, JSON.stringify(promotion));
  changed();
}

/** Replaces what the link said about the agent with their account (the link can be edited). */
export function confirmPromotionAgent(agent: PromotionAgent): void {
  const current = readStoredPromotion();
  if (!current || current.agentId !== agent.id) return;
  const confirmed = confirmedPromotion(agent, current.timestamp);
  storage()?.setItem(PROMOTION_STORAGE_KEY, JSON.stringify(confirmed));
  changed();
}

/** Forgets the stored promotion (its promoter is not an agent). */
export function clearPromotion(agentId?: string): void {
  const current = readStoredPromotion();
  if (agentId && current && current.agentId !== agentId) return;
  storage()?.removeItem(PROMOTION_STORAGE_KEY);
  changed();
}
