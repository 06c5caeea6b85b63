import { useEffect, useState } from 'react';
import type { DeviceDatabase } from '../storage/database';
import type { LiveResult } from './use-live-query';

/**
 * One document of a screen, as the device holds it, with the document the page came with
 * (`carried`, a visitor's first screen) standing in until the device holds its own copy.
 *
 * "Not on the device" counts only once the collection's first sync is over (`settled`) and a fresh
 * read of the device confirms it (`holds`): the live query's answers arrive as transitions, so a
 * render can see the sync settled while the query's last answer still predates the sync's writes.
 * Until then the carried document stays, or (without one) the document counts as loading, so the
 * screen never flashes "not found" before showing it.
 */
export function useStandIn<T>(
  key: string,
  live: LiveResult<T | null>,
  carried: T | null,
  settled: boolean,
  holds: (db: DeviceDatabase) => Promise<boolean>,
): LiveResult<T | null> {
  const [confirmedMissing, setConfirmedMissing] = useState<string | null>(null);
  const database = live.database;
  const fullKey = database ? `${database.name}|${key}` : null;
  const nullAfterSync = live.data === null && settled && !live.error;
  const confirmed = nullAfterSync && confirmedMissing === fullKey;

  useEffect(() => {
    if (!nullAfterSync || !database || !fullKey) return;
    let current = true;
    holds(database).then(
      (held) => {
        // Held: the live query brings it next.
        if (current && !held) setConfirmedMissing(fullKey);
      },
      (err: unknown) => {
        console.warn('reading the device again failed', key, err);
        if (current) setConfirmedMissing(fullKey);
      },
    );
    return () => {
      current = false;
    };
    // `holds` reads what `key` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nullAfterSync, database, fullKey]);

  const deviceAnswered = live.data != null || confirmed;
  if (carried !== null && !live.error && !deviceAnswered) {
    return { ...live, data: carried, loading: false };
  }
  if (nullAfterSync && !confirmed) return { ...live, data: undefined, loading: true };
  return live;
}
