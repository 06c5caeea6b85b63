/**
 * The sync status the header shows (architecture §8): a small store without RxDB, so the first screen
 * can render the indicator before the data layer's chunk loads. The data layer writes it.
 */
import { useStoreValue } from '@client/lib/use-store-value';

export type SyncPhase = 'offline' | 'connecting' | 'syncing' | 'up-to-date' | 'error';

export interface SyncStatus {
  phase: SyncPhase;
  /** Local changes the server has not accepted yet. */
  pending: number;
  /** Counter calls (views, likes) waiting for a connection. */
  queuedCounters: number;
  /** Local versions the server refused or that lost a clash, kept on the device. */
  refused: number;
  /** Listings waiting on this device for their photos and videos to upload (the media outbox). */
  outbox: number;
  /**
   * Their uploading stopped at a file that failed (it waits for the next connection or the user),
   * or an edit's files wait for a listing that is not on this device (kept until the user decides).
   */
  outboxStopped: boolean;
  /** ISO time of the last moment everything was in sync, or null. */
  lastSyncAt: string | null;
  /** What went wrong, for the tooltip and the console (not shown raw elsewhere). */
  error: string | null;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  phase: 'connecting',
  pending: 0,
  queuedCounters: 0,
  refused: 0,
  outbox: 0,
  outboxStopped: false,
  lastSyncAt: null,
  error: null,
};

type Listener = () => void;

export class SyncStatusStore {
  private status: SyncStatus = INITIAL_SYNC_STATUS;
  private readonly listeners = new Set<Listener>();

  get = (): SyncStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: Partial<SyncStatus>): void {
    const merged = { ...this.status, ...next };
    const keys = Object.keys(merged) as (keyof SyncStatus)[];
    if (keys.every((k) => merged[k] === this.status[k])) return;
    this.status = merged;
    for (const listener of this.listeners) listener();
  }

  reset(): void {
    this.set(INITIAL_SYNC_STATUS);
  }
}

/** The page's one status, written by the open identity's sync. */
export const syncStatus = new SyncStatusStore();

/** The current sync status; re-renders on change. */
export function useSyncStatus(): SyncStatus {
  return useStoreValue(syncStatus.subscribe, syncStatus.get);
}

/**
 * One value derived from the sync status (a primitive), re-rendering only when it changes. Big
 * screens use this: the status changes many times during a sync.
 */
export function useSyncStatusValue<T extends string | number | boolean | null>(
  select: (status: SyncStatus) => T,
): T {
  return useStoreValue(syncStatus.subscribe, () => select(syncStatus.get()));
}
