/**
 * A promotion link opened on this device (product §4 Promotion): its parameters are checked, the
 * promotion is kept for 24 hours and a visit recorded for the agent (confirmed by the gateway when
 * online), and the parameters are taken off the address. Loaded only when a URL carries them.
 */
import type { PromotionAgent } from '@couchdb/model/promotion-facts';
import { PROMOTION_PARAMS } from '@couchdb/model/promotion-link-facts';
import { promotionFromParams } from '@couchdb/model/promotion';
import { carriedPromotionAgent } from '../reads/first-screen-document';
import { confirmPromotionAgent, storePromotion } from './promotion';
import { recordPromotionEvent } from './promotion-events';

/**
 * Keeps the promotion of a URL's query (when it has a valid one) and returns the query without the
 * promotion parameters ('' or '?…'). `confirmed`: the agent the gateway rendered the page with
 * (their account, checked on the server), kept as confirmed at once when it is the link's.
 */
export function capturePromotion(
  search: string,
  now: number = Date.now(),
  confirmed: PromotionAgent | null = carriedPromotionAgent(),
): string {
  const params = new URLSearchParams(search);
  const promotion = promotionFromParams(params, now);
  if (promotion) {
    storePromotion(promotion, now);
    if (confirmed?.id === promotion.id) confirmPromotionAgent(confirmed);
    recordPromotionEvent('visit');
  }
  for (const name of Object.values(PROMOTION_PARAMS)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
