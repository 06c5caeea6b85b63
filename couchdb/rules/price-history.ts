/**
 * A listing's price history (issue 18): the gateway appends each accepted price change, and the
 * screens read the drop since a favourite was made from it.
 */
import { type PropertyType } from '../model/property-facts';
import { PRICE_HISTORY_MAX, type PricePoint } from '../model/listing-facts';

/**
 * The history after a write that sets `price` at `now` (`current` null: a new listing, whose
 * first price starts it): unchanged when the price is the same; a listing from before the history
 * starts with its former price at its publication (the best known: an earlier change was not
 * kept). Keeps the last PRICE_HISTORY_MAX points. `everPublic`: whether the listing was ever
 * public; until then its prices were nobody else's to see, so a change starts the history over
 * (the public chart never shows a price set while the listing waited for review).
 */
export function nextPriceHistory(
  current: {
    price?: number | undefined;
    price_history?: readonly PricePoint[] | undefined;
    created_at?: string | undefined;
    updated_at?: string | undefined;
  } | null,
  price: number,
  now: string,
  everPublic = true,
): PricePoint[] {
  if (!current) return [{ price, at: now }];
  if (current.price === price) return [...(current.price_history ?? [])];
  if (!everPublic) return [{ price, at: now }];
  const history = current.price_history?.length
    ? [...current.price_history]
    : current.price !== undefined
      ? [{ price: current.price, at: current.created_at ?? current.updated_at ?? now }]
      : [];
  history.push({ price, at: now });
  return history.slice(-PRICE_HISTORY_MAX);
}

/**
 * How much the price fell since `since` (a favourite's creation): the price in force then (the
 * last point at or before it, else the first known) minus the current one; 0 when it did not fall.
 */
export function priceDropSince(
  history: readonly PricePoint[] | undefined,
  currentPrice: number,
  since: string,
): number {
  if (!history?.length) return 0;
  let then = history[0]!.price;
  for (const point of history) {
    if (point.at <= since) then = point.price;
    else break;
  }
  return Math.max(0, then - currentPrice);
}

/** '降价5万' for a sale, '降价200元' for rent; '' when there is no drop. */
export function formatPriceDrop(type: PropertyType, drop: number): string {
  if (drop <= 0) return '';
  if (type === 'rent') return `降价${Math.round(drop)}元`;
  const wan = Math.round(drop / 1_000) / 10;
  return `降价${wan > 0 ? wan : 0.1}万`;
}
