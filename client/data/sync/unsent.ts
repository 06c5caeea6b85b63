/**
 * What the signed-in account's device holds that the server does not have yet, counted before a
 * sign-out: rows waiting to push, listings and their files waiting in the media outbox, and changes
 * the gateway refused that the author has not dealt with (architecture §5, §7).
 */
import type { UnsentCounts } from '@couchdb/model/sign-out-facts';
import type { DeviceDatabase } from '../storage/database';
import type { MediaOutbox } from '../media/media-outbox';
import type { DeviceSync } from './device-sync';
import { countPending } from './pending-count';

export type { UnsentCounts };

export const NOTHING_UNSENT: UnsentCounts = {
  listings: 0,
  photos: 0,
  videos: 0,
  changes: 0,
  refused: 0,
};

/** What waiting for the connection can still send. */
export function sendableCount(counts: UnsentCounts): number {
  return counts.listings + counts.photos + counts.videos + counts.changes;
}

export function unsentCount(counts: UnsentCounts): number {
  return sendableCount(counts) + counts.refused;
}

export async function countUnsent(open: {
  database: DeviceDatabase;
  sync: DeviceSync | null;
  outbox: MediaOutbox | null;
}): Promise<UnsentCounts> {
  // Another tab of this database replicates: what waits to be sent is known there, not here (the
  // count fails, and a sign-out keeps the data).
  if (open.sync && !open.sync.isLeader) {
    throw new Error('another tab replicates this database: its unsent changes are counted there');
  }
  const [pending, entries, refused] = await Promise.all([
    // A page opened offline starts its replications paused: the count waits for that start (in
    // a tab that does not lead it never comes, and the sign-out keeps the data).
    Promise.all(
      (open.sync?.replications ?? []).map((r) => countPending(r, { waitForStart: true })),
    ),
    open.outbox?.entries() ?? Promise.resolve([]),
    open.database.collections.refused?.count().exec() ?? Promise.resolve(0),
  ]);
  const waiting = entries.flatMap((e) => e.files).filter((f) => f.status !== 'done');
  return {
    listings: entries.length,
    photos: waiting.filter((f) => f.kind === 'image').length,
    videos: waiting.filter((f) => f.kind === 'video').length,
    changes: pending.reduce((a, b) => a + b, 0),
    refused,
  };
}
