/**
 * The building block of the query hooks: subscribes to an RxDB observable of the open database and
 * re-renders on every emission. A result belongs to the query `key` it was made for, so a screen
 * never shows the previous listing (or the previous identity's data) while the next one loads.
 * A failed query is logged and handed to the screen as `error`, with `reload` to try it again.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { DeviceDatabase } from '../storage/database';
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
 * What a query hands over: an RxDB observable (`query.$`), or one of the helpers below. Only
 * `subscribe` is used, so the first screen's hooks need no rxjs (it loads with the data layer).
 */
export type Source<T> = Observable<T> | LiveSource<T>;
interface LiveObserver<T> {
  next(value: T): void;
  error(err: unknown): void;
}
interface LiveSource<T> {
  subscribe(observer: LiveObserver<T>): { unsubscribe(): void };
}

/**
 * `source` with `project` applied to every value (rxjs's `map`, without rxjs); a `project` that
 * throws is the source's failure.
 */
export function mapSource<T, R>(source: Source<T>, project: (value: T) => R): Source<R> {
  return {
    subscribe: ({ next, error }: LiveObserver<R>) =>
      source.subscribe({
        next: (value: T) => {
          let projected: R;
          try {
            projected = project(value);
          } catch (err) {
            error(err);
            return;
          }
          next(projected);
        },
        error,
      }),
  };
}

/**
 * The values of the source `project` makes of `source`'s latest value (rxjs's `switchMap`, without
 * rxjs): each new value of `source` drops the source made of the one before.
 */
export function switchSource<T, R>(source: Source<T>, project: (value: T) => Source<R>): Source<R> {
  return {
    subscribe: (observer: LiveObserver<R>) => {
      let inner: { unsubscribe(): void } | null = null;
      let closed = false;
      const fail = (err: unknown) => {
        if (!closed) observer.error(err);
      };
      const outer = source.subscribe({
        next: (value: T) => {
          inner?.unsubscribe();
          inner = null;
          if (closed) return;
          try {
            inner = project(value).subscribe({
              next: (result: R) => {
                if (!closed) observer.next(result);
              },
              error: fail,
            });
          } catch (err) {
            fail(err);
          }
        },
        error: fail,
      });
      return {
        unsubscribe: () => {
          closed = true;
          inner?.unsubscribe();
          outer.unsubscribe();
        },
      };
    },
  };
}

/**
 * A source whose code loads when it is first subscribed to: a query module kept out of the first
 * screen's files (its budget), fetched with or after the data layer, whose database it reads.
 */
export function lazySource<T>(load: () => Promise<Source<T>>): Source<T> {
  return {
    subscribe: (observer: LiveObserver<T>) => {
      let inner: { unsubscribe(): void } | null = null;
      let closed = false;
      load().then(
        (source) => {
          if (!closed) inner = source.subscribe(observer);
        },
        (err: unknown) => {
          if (!closed) observer.error(err);
        },
      );
      return {
        unsubscribe: () => {
          closed = true;
          inner?.unsubscribe();
        },
      };
    },
  };
}

/** One value at once (rxjs's `of`, without rxjs). */
export function constantSource<T>(value: T): Source<T> {
  return {
    subscribe: ({ next }: LiveObserver<T>) => {
      next(value);
      return { unsubscribe: () => {} };
    },
  };
}

/**
 * Runs `query(db)` on the open database whenever it or `key` changes. `query` must only depend on
 * what `key` describes.
 */
export function useLiveQuery<T>(
  key: string,
  query: (db: DeviceDatabase) => Source<T>,
): LiveResult<T> {
  const database = useDeviceDatabase();
  const fullKey = database ? `${database.name}|${key}` : null;
  const [result, setResult] = useState<Outcome<T> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!database || !fullKey) return;
    const fail = (err: unknown) => {
      // The database closed under the query (the page is switching identities, at a sign-in):
      // the screen gets the next one at once; no failure to show, nor to log.
      if (database.closed) return;
      console.error('device query failed', key, err);
      setResult({ key: fullKey, error: err instanceof Error ? err : new Error(String(err)) });
    };
    let sub: { unsubscribe(): void };
    try {
      sub = query(database).subscribe({
        // A transition: a screen re-rendering with new data (e.g. the first sync's batches) yields
        // to input every few milliseconds instead of blocking the page (architecture §8, Lighthouse TBT).
        next: (value) => startTransition(() => setResult({ key: fullKey, value })),
        error: fail,
      });
    } catch (err) {
      // Building the query can throw too (a closed collection): the same failure for the screen.
      fail(err);
      return;
    }
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
    import('../reads/query-cache')
      .then((m) => m.forgetIdleQueries(database))
      .catch((err: unknown) => console.error('clearing cached queries failed', err))
      .finally(again);
  }, [database]);

  const current = result && result.key === fullKey ? result : null;
  const data = current && 'value' in current ? current.value : undefined;
  const error = current && 'error' in current ? current.error : null;
  return { data, loading: data === undefined && error === null, error, reload, database };
}
