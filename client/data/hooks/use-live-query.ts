/**
 * The building block of the query hooks: subscribes to an RxDB observable of the open database and
 * re-renders on every emission. A result belongs to the query `key` it was made for, so a screen
 * never shows the previous listing (or the previous identity's data) while the next one loads.
 */
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { DeviceDatabase } from '../database';
import { useDeviceDatabase } from '../open-device';

export interface LiveResult<T> {
  /** undefined until the first result for the current key arrives. */
  data: T | undefined;
  loading: boolean;
  /** The open database (null while none is open). */
  database: DeviceDatabase | null;
}

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
  const [result, setResult] = useState<{ key: string; value: T } | null>(null);

  useEffect(() => {
    if (!database || !fullKey) return;
    const sub = query(database).subscribe({
      next: (value) => setResult({ key: fullKey, value }),
      error: (err: unknown) => console.error('device query failed', key, err),
    });
    return () => sub.unsubscribe();
    // `query` is described by `key` (see above); a new function each render must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [database, fullKey]);

  const data = result && result.key === fullKey ? result.value : undefined;
  return { data, loading: data === undefined, database };
}
