/**
 * The page of bench/list-filter.bench.ts: 10,000 public listings in memory, as the list screen holds
 * them (each as it came from the device storage, RxDB's fields taken off by the app's own
 * `fieldsOf`: the objects' shape decides how fast their fields are read), and the screen's own
 * filter-and-sort timed per filter combination.
 */
import { fieldsOf } from '@client/data/reads/public-listings';
import { buildBenchProperties } from '@couchdb/seed/bench-data';
import { filterAndSortProperties, type PropertyFilter } from '@couchdb/rules/property-filter';
import { comparePropertiesFor } from '@couchdb/rules/property-order';

export interface ComboTiming {
  /** The first run (cold caches: e.g. the keyword text of each listing is built then). */
  firstMs: number;
  samples: number[];
  results: number;
}

const listings = {
  value: [] as ReturnType<typeof buildBenchProperties>,
  /** The same listings as built (object literals): what the copies are compared with. */
  built: [] as ReturnType<typeof buildBenchProperties>,
};

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
    listings.built = buildBenchProperties(count, 7);
    // What the storage gives for each: the document with RxDB's fields.
    listings.value = buildBenchProperties(count, 7).map((doc, n) =>
      fieldsOf({
        ...doc,
        _deleted: false,
        _rev: `1-${n.toString(36)}`,
        _meta: { lwt: 1_764_000_000_000 + n },
        _attachments: {},
      }),
    ) as ReturnType<typeof buildBenchProperties>;
    return listings.value.length;
  },
  /** The least a list screen does: copy the listings and sort them newest first. */
  baseline(reps: number): ComboTiming {
    const byNewest = comparePropertiesFor('time_desc');
    return time(() => listings.value.slice().sort(byNewest).length, reps);
  },
  filter(filter: PropertyFilter, reps: number, built = false): ComboTiming {
    const list = built ? listings.built : listings.value;
    return time(() => filterAndSortProperties(list, filter).length, reps);
  },
};

declare global {
  interface Window {
    listFilterBench: typeof bench;
  }
}
window.listFilterBench = bench;
