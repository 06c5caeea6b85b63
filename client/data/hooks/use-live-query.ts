/**
 * The building block of the query hooks: subscribes to an RxDB observable of the open database and
 * re-renders on every emission. A result belongs to the query `key` it was made for, so a screen
 * never shows the previous listing (or the previous identity's data) while the next one loads.
 * A failed query is logged and handed to the screen as `error`, with `reload` to try it again.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import { defer, type Observable } from 'rxjs';
import type { DeviceDatabase } from '../database';
import { useDeviceDatabase } from '../open-device';

export interface LiveResult<T> {
  /** undefined until the first result for the current key arrives. */
  data: T | undefined;
  /** True until the first result for the current key arrives or the query fails. */
  loading: boolean;
  /** Why the query failed on this device (null while it works); data stays undefined. */
  error: Error | null;
  /** Runs the query again (after a failure). */
  reload(): void;
  /** The open database (null while none is open). */
  database: DeviceDatabase | null;
}

type Outcome<T> = { key: string; value: T } | { key: string; error: Error };

/**
 * Runs `query(db)` on the open database whenever it or `key` changes. `query` must only depend on
 * what `key` describes.
 */
export function useLiveQuery<T>(
  key: string,
  query: (db: DeviceDatabase) => Observable<T>,
): LiveResult<T> {
  const database = useDeviceDatabase();
  const fullKey = database ? `${database.name}|${key}` : null;
  const [result, setResult] = useState<Outcome<T> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!database || !fullKey) return;
    // defer: building the query can throw too (a closed collection), the same failure for the screen.
    const sub = defer(() => query(database)).subscribe({
      // A transition: a screen re-rendering with new data (e.g. the first sync's batches) yields to
      // input every few milliseconds instead of blocking the page (DESIGN §8, Lighthouse TBT).
      next: (value) => startTransition(() => setResult({ key: fullKey, value })),
      error: (err: unknown) => {
        console.error('device query failed', key, err);
        setResult({ key: fullKey, error: err instanceof Error ? err : new Error(String(err)) });
      },
    });
    return () => sub.unsubscribe();
    // `query` is described by `key` (see above); a new function each render must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [database, fullKey, attempt]);

  const reload = useCallback(() => {
    const again = () => {
      setResult(null);
      setAttempt((n) => n + 1);
    };
    if (!database) return again();
    // RxDB's cache helpers load with the data layer's chunk, not the first screen's.
    import('../query-cache')
      .then((m) => m.forgetIdleQueries(database))
      .catch((err: unknown) => console.error('clearing cached queries failed', err))
      .finally(again);
  }, [database]);

  const current = result && result.key === fullKey ? result : null;
  const data = current && 'value' in current ? current.value : undefined;
  const error = current && 'error' in current ? current.error : null;
  return { data, loading: data === undefined && error === null, error, reload, database };
}
