/**
 * 房源分享清单 (issue 15, an agent tool): the text an agent sends a client — their chosen public
 * listings, each with its price, layout, area, township and its promotion link — ending with the
 * agent's contact. Pure: the screen composes it on the device, so it works offline.
 */
import { promotionQuery, SHARE_LIST_PROMOTION_SOURCE } from '../model/promotion-facts';
import type { PropertyType } from '../model/property-facts';
import { formatArea, formatPrice, formatShortAddress } from './format';

export interface ShareListing {
  id: string;
  title: string;
  type: PropertyType;
  price: number;
  area: number;
  rooms?: string;
  address?: Parameters<typeof formatShortAddress>[0];
}

export interface ShareAgent {
  id: string;
  name: string;
  phone?: string;
  company?: string;
  position?: string;
}

/** Listings in one list at most (a chat message stays readable). */
export const SHARE_LIST_MAX = 20;

/** The listing's page with the agent's promotion (ref=list). */
export function shareLink(
  origin: string,
  listingId: string,
  agent: ShareAgent,
  now: number,
): string {
  return `${origin}/properties/${encodeURIComponent(listingId)}?${promotionQuery(agent, now, SHARE_LIST_PROMOTION_SOURCE)}`;
}

/** The message: a heading, one numbered entry per listing (at most SHARE_LIST_MAX), the contact. */
export function shareListText(
  listings: readonly ShareListing[],
  agent: ShareAgent,
  origin: string,
  now: number = Date.now(),
): string {
  const lines = [
    `【澄江房产】${agent.name}为您精选${Math.min(listings.length, SHARE_LIST_MAX)}套房源：`,
  ];
  listings.slice(0, SHARE_LIST_MAX).forEach((l, i) => {
    const facts = [
      formatPrice(l.type, l.price),
      l.rooms,
      formatArea(l.area),
      formatShortAddress(l.address ?? null),
    ].filter((f) => f && f.trim());
    lines.push(
      `${i + 1}. ${l.title}`,
      `   ${facts.join(' · ')}`,
      `   ${shareLink(origin, l.id, agent, now)}`,
    );
  });
  const contact = [agent.name, agent.phone, agent.company].filter(Boolean).join(' ');
  lines.push(`联系我：${contact}`);
  return lines.join('\n');
}
