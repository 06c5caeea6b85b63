/**
 * Whether a collection's first sync on this device is over (or cannot happen now: offline, error),
 * so a screen can tell "not on the device yet" from "does not exist". In a tab that does not lead
 * (another tab of this database replicates), a sync the leader recorded counts.
 */
import { useEffect, useState } from 'react';
import type { SyncCollection } from '@couchdb/model/sync';
import { useOpenDevice } from '../open-device';
import { useSyncStatusValue } from '../sync/sync-status';

export function useSyncSettled(collection: SyncCollection): boolean {
  const device = useOpenDevice();
  const syncedOnce = useSyncStatusValue((s) => s.lastSyncAt !== null);
  const cannotSync = useSyncStatusValue((s) => s.phase === 'offline' || s.phase === 'error');
  const replication = device?.sync?.replications.find((r) => r.name === collection) ?? null;
  const [settled, setSettled] = useState<object | null>(null);

  useEffect(() => {
    if (!replication) return;
    let live = true;
    // Caught up since this page opened (a page opened offline: once it is back online).
    replication.settled
      .then(() => live && setSettled(replication))
      .catch((err: unknown) => console.warn('initial replication', collection, err));
    return () => {
      live = false;
    };
  }, [replication, collection]);

  if (!device) return false;
  if (!replication) return true;
  return (
    settled === replication ||
    (device.sync?.isLeader === false && syncedOnce) ||
    cannotSync ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}
