/**
 * RxDB sorts each schema's keys (and each query's, for its cache key) with `localeCompare` before
 * hashing it (`sortObject`, rxdb/dist/esm/plugins/utils/utils-object.js). The first call builds
 * ICU's collator for the device's locale: on a slowed phone a main-thread task of 110–180 ms just
 * after the page hydrates (zh-CN is among the most expensive), for an order nobody reads. The build
 * sorts by UTF-16 code units instead: as stable, and the same on every device whatever its locale.
 *
 * A device that stored its collections under the locale order's hashes opens as before: when a
 * stored schema hash differs, RxDB compares the schemas' content and goes on when they are equal
 * (rx-database.js addCollections, RxDB issue 9128;
 * tests/unit/client/data/storage/schema-hash-order.test.ts holds RxDB to that).
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]utils[\\/]utils-object\.js$/;
const CALL = 'a.localeCompare(b)';
const CALLS_IN_SORT_OBJECT = 2;

/** `utils-object.js` with sortObject's comparisons by code unit; throws when RxDB's code changed. */
export function sortByCodeUnits(code: string): string {
  const found = code.split(CALL).length - 1;
  if (found !== CALLS_IN_SORT_OBJECT) {
    throw new Error(
      `rxdb's sortObject has ${found} "${CALL}" (expected ${CALLS_IN_SORT_OBJECT}): ` +
        'scripts/rxdb-code-unit-sort.ts needs a look after the RxDB update',
    );
  }
  // Same lines as before (the source map stays right); the helper goes after the last line.
  return (
    code.replaceAll(CALL, '__compareCodeUnits(a, b)') +
    '\nfunction __compareCodeUnits(a, b) { return a < b ? -1 : a > b ? 1 : 0; }\n'
  );
}

export function rxdbCodeUnitSort(): Plugin {
  return {
    name: 'rxdb-code-unit-sort',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: sortByCodeUnits(code), map: null };
    },
  };
}
