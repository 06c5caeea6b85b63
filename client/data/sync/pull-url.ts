/**
 * The gateway's pull URL of a collection's changes after a checkpoint: one place for the page's
 * pull (pull-handler.ts) and the storage worker’s catch-up (bulk-pull.ts).
 */
import type { SyncCheckpoint, SyncCollection } from '@couchdb/model/sync';

/** The pull of `collection`'s changes after `checkpoint`, a page of `pageSize`. */
export function pullUrl(
  collection: SyncCollection,
  checkpoint: Partial<SyncCheckpoint> | undefined,
  pageSize: number,
): string {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (checkpoint?.seq !== undefined) {
    query.set('checkpoint', checkpoint.seq);
    // The same position by the versions it holds: another gateway of the site finds it by that.
    if (checkpoint.state) query.set('state', checkpoint.state);
    // Inside a first sync's walk: the last id it sent.
    if (checkpoint.after) query.set('after', checkpoint.after);
    // Whom the checkpoint was made for: after a role change the gateway pulls all again.
    if (checkpoint.role) query.set('role', checkpoint.role);
    if (checkpoint.was) query.set('was', checkpoint.was);
    if (checkpoint.sig) query.set('sig', checkpoint.sig);
  }
  return `/api/sync/${collection}/pull?${query}`;
}
