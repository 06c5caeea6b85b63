/**
 * The listings' order (product §7: priority first, then the chosen sort): its own module, because the
 * first screen orders the featured listings and needs none of the list screen's filter.
 */

/** The fields the order reads from a listing. */
export interface OrderableProperty {
  id: string;
  price?: number | undefined;
  is_priority?: boolean | undefined;
  created_at?: string | undefined;
}

export const PROPERTY_SORTS = ['time_desc', 'price_asc', 'price_desc'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];
export const PROPERTY_SORT_LABELS: Record<PropertySort, string> = {
  time_desc: '最新发布',
  price_asc: '价格从低到高',
  price_desc: '价格从高到低',
};
export const DEFAULT_PROPERTY_SORT: PropertySort = 'time_desc';

/** Priority first; then by the chosen sort; ties newest first, then by id (stable pages). */
export function comparePropertiesFor(
  sort: PropertySort = DEFAULT_PROPERTY_SORT,
): (a: OrderableProperty, b: OrderableProperty) => number {
  const newest = (a: OrderableProperty, b: OrderableProperty) => {
    const ca = a.created_at ?? '';
    const cb = b.created_at ?? '';
    if (ca !== cb) return ca < cb ? 1 : -1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  const byPrice =
    sort === 'time_desc'
      ? null
      : (a: OrderableProperty, b: OrderableProperty) =>
          sort === 'price_asc' ? (a.price ?? 0) - (b.price ?? 0) : (b.price ?? 0) - (a.price ?? 0);
  return (a, b) => {
    const pa = a.is_priority ? 1 : 0;
    const pb = b.is_priority ? 1 : 0;
    if (pa !== pb) return pb - pa;
    if (byPrice) {
      const d = byPrice(a, b);
      if (d !== 0) return d;
    }
    return newest(a, b);
  };
}
