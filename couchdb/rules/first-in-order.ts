/**
 * A page of a long list in order without sorting all of it: the list screen shows a page or two of
 * what on a county's device is 10,000 listings (its own module: the first screen does not need it).
 */
import {
  comparePropertiesFor,
  DEFAULT_PROPERTY_SORT,
  type OrderableProperty,
  type PropertySort,
} from './property-order';

/**
 * The first `count` of `list` in `sort`'s order: the same as sorting it all and taking the first
 * `count`, without sorting it all. A screen shows a page or two of a list that on a county's
 * device holds 10,000 listings, and sorting them all again whenever a listing changes (a first
 * sync) was a long task on a phone (issue 17).
 */
export function firstInOrder<T extends OrderableProperty>(
  list: readonly T[],
  count: number,
  sort: PropertySort = DEFAULT_PROPERTY_SORT,
): T[] {
  if (count <= 0) return [];
  const compare = comparePropertiesFor(sort);
  // Kept sorted; a listing goes in by binary search when it beats the last one kept. Past an eighth
  // of the list, moving the kept ones costs more than a sort.
  if (count * 8 >= list.length) return [...list].sort(compare).slice(0, count);
  const kept: T[] = [];
  for (const p of list) {
    if (kept.length === count && compare(p, kept[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(p, kept[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, p);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/**
 * Home's listings (product §2, §9): the first `limit` featured listings (priority, then newest),
 * topped up with the newest other listings when fewer are featured.
 */
export function homeListings<T extends OrderableProperty & { is_featured?: boolean }>(
  list: readonly T[],
  limit: number,
): T[] {
  const picked = firstInOrder(
    list.filter((p) => p.is_featured),
    limit,
    'time_desc',
  );
  if (picked.length < limit) {
    const rest = list.filter((p) => !p.is_featured);
    picked.push(...firstInOrder(rest, limit - picked.length, 'time_desc'));
  }
  return picked;
}
