/** RxDB's query cache, for `reload` after a failed query (kept out of the first screen's chunk). */
import type { DeviceDatabase } from '../storage/database';
import { uncacheIdleQueries } from '../storage/rxdb-internals';

/**
 * Drops the database's cached queries nobody is subscribed to. RxDB keeps one RxQuery per query and
 * a query whose storage read failed once stays failed (its internal queue holds the rejection), so a
 * reload must get a fresh one; the others are only a cache and are rebuilt when next used.
 */
export function forgetIdleQueries(database: DeviceDatabase): void {
  for (const collection of Object.values(database.collections)) uncacheIdleQueries(collection);
}
