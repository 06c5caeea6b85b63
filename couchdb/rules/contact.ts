/**
 * Which phone a listing shows (product §6): an active promoting agent, then the listing's
 * contact_phone, then contact.phone, then the platform's default line (with a warning). The
 * listing's own publisher always sees its own contact: someone else's promotion link they once
 * opened does not put that agent on their listing.
 */
import { isPromotionActive, type StoredPromotion } from '../model/promotion-facts';

/** Display name when the source gives none. */
export const FALLBACK_CONTACT_NAME = '房产顾问';
/** Shown under the number when it is the platform line rather than the publisher's. */
export const PLATFORM_LINE_WARNING = '该号码为平台客服电话，并非房源发布人的联系方式';

export type ContactSource = 'promotion' | 'contact_phone' | 'contact' | 'platform' | 'none';

export interface ResolvedContact {
  name: string;
  phone: string;
  source: ContactSource;
  isPlatformLine: boolean;
  /** PLATFORM_LINE_WARNING when the platform line is shown, else null. */
  warning: string | null;
}

interface ContactProperty {
  user_id?: string | undefined;
  contact_phone?: string | undefined;
  contact?: { name?: string | undefined; phone?: string | undefined } | undefined;
  owner?: { name?: string | undefined } | undefined;
}

const nonBlank = (v: string | undefined | null): v is string =>
  typeof v === 'string' && v.trim() !== '';

/** The contact shown in a listing's phone dialog, by product §6 priority. */
export function resolveContactPhone(input: {
  promotion?: StoredPromotion | null;
  property: ContactProperty;
  defaultContact?: { phone: string } | null;
  /** Who looks at the listing (null for a visitor). */
  viewerId?: string | null;
  now?: number;
}): ResolvedContact {
  const { property, defaultContact } = input;
  const ownListing = Boolean(input.viewerId) && input.viewerId === property.user_id;
  const promotion = ownListing ? null : input.promotion;
  const now = input.now ?? Date.now();
  const listingName =
    [property.contact?.name, property.owner?.name].find(nonBlank) ?? FALLBACK_CONTACT_NAME;
  const plain = (phone: string, name: string, source: ContactSource): ResolvedContact => ({
    name,
    phone,
    source,
    isPlatformLine: false,
    warning: null,
  });
  if (promotion && isPromotionActive(promotion, now) && nonBlank(promotion.agentPhone)) {
    return plain(
      promotion.agentPhone,
      nonBlank(promotion.agentName) ? promotion.agentName : FALLBACK_CONTACT_NAME,
      'promotion',
    );
  }
  if (nonBlank(property.contact_phone))
    return plain(property.contact_phone, listingName, 'contact_phone');
  if (nonBlank(property.contact?.phone))
    return plain(property.contact.phone, listingName, 'contact');
  if (defaultContact && nonBlank(defaultContact.phone)) {
    return {
      name: FALLBACK_CONTACT_NAME,
      phone: defaultContact.phone,
      source: 'platform',
      isPlatformLine: true,
      warning: PLATFORM_LINE_WARNING,
    };
  }
  return { ...plain('', FALLBACK_CONTACT_NAME, 'none') };
}
