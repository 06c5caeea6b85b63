/**
 * 推广效果's record of one agent's day (architecture §4 promotion statistics): each counted event
 * keeps the short hashes of the names it came under (one or two: a device signed out and its user
 * signed in on it are one person). An event counts once per person, so two copies of one day (a
 * CouchDB cluster can keep two branches of one record, architecture §9) merge as the union of their
 * events, an event sharing a name with one already kept being that person counted again.
 */
import {
  PROMOTION_DAILY_CAP,
  PROMOTION_EVENT_TYPES,
  type PromotionEventType,
} from '@couchdb/model/promotion-facts';

/** Per kind, the events counted: each the hashes of its names. */
export type CountedEvents = Record<PromotionEventType, string[][]>;
export type PromotionCounts = Record<PromotionEventType, number>;

export const noEvents = (): CountedEvents => ({ visit: [], view: [], contact: [] });

/** Whether someone going by any of `names` was counted among `events`. */
export function isCounted(events: readonly string[][], names: readonly string[]): boolean {
  return events.some((event) => event.some((name) => names.includes(name)));
}

/** Every event of `a`, then each of `b`'s whose person `a` (or `b` before it) did not count. */
export function mergeCounted(a: CountedEvents, b: CountedEvents): CountedEvents {
  const merged = noEvents();
  for (const type of PROMOTION_EVENT_TYPES) {
    const events = [...a[type]];
    for (const event of b[type]) if (!isCounted(events, event)) events.push(event);
    merged[type] = events;
  }
  return merged;
}

/** The day's counts: its events, at most PROMOTION_DAILY_CAP of a kind. */
export function countsOf(events: CountedEvents): PromotionCounts {
  const counts = { visit: 0, view: 0, contact: 0 };
  for (const type of PROMOTION_EVENT_TYPES)
    counts[type] = Math.min(events[type].length, PROMOTION_DAILY_CAP);
  return counts;
}
