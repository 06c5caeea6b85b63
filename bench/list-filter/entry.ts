/**
 * The page of bench/list-filter.bench.ts: 10,000 public listings in memory, as the list screen holds
 * them after its RxDB query, and the screen's own filter-and-sort timed per filter combination.
 */
import { buildBenchProperties } from '@couchdb/seed/bench-data';
import {
  comparePropertiesFor,
  filterAndSortProperties,
  type PropertyFilter,
} from '@couchdb/rules/property-filter';

export interface ComboTiming {
  /** The first run (cold caches: e.g. the keyword text of each listing is built then). */
  firstMs: number;
  samples: number[];
  results: number;
}

const listings = { value: [] as ReturnType<typeof buildBenchProperties> };

function time(fn: () => number, reps: number): ComboTiming {
  let t = performance.now();
  const results = fn();
  const firstMs = performance.now() - t;
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) {
    t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return { firstMs, samples, results };
}

const bench = {
  load(count: number): number {
    listings.value = buildBenchProperties(count, 7);
    return listings.value.length;
  },
  /** The least a list screen does: copy the listings and sort them newest first. */
  baseline(reps: number): ComboTiming {
    const byNewest = comparePropertiesFor('time_desc');
    return time(() => listings.value.slice().sort(byNewest).length, reps);
  },
  filter(filter: PropertyFilter, reps: number): ComboTiming {
    return time(() => filterAndSortProperties(listings.value, filter).length, reps);
  },
};

declare global {
  interface Window {
    listFilterBench: typeof bench;
  }
}
window.listFilterBench = bench;
