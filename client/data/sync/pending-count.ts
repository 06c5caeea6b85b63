/**
 * The count of a collection's local changes the server has not accepted yet (what the sync status
 * shows as unsent, and what a sign-out warns of), read from the push's checkpoint and RxDB's
 * record of the server's versions.
 */
import type { SyncDocument } from '@couchdb/model/sync';
import { sameDocState } from './doc-equality';
import type { CollectionReplication } from './replication';
import {
  forkInstanceOf,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getLastCheckpointDoc,
  isAsPulled,
  pulledStateOf,
  runningReplication,
  writeDocToDocState,
} from '../storage/rxdb-internals';

/** A count of unsent changes given up because the sync stopped (its storage is closing). */
export class CountStopped extends Error {
  constructor() {
    super('the sync stopped');
  }
}

/**
 * Local changes of a collection not yet accepted by the server: documents written since the
 * push checkpoint whose state differs from the server state the replication last confirmed.
 * Before the replication has started it cannot tell: 0, or with `waitForStart` it waits for the
 * start (offline at boot that is a paused start, at once) and fails if it did not start. Only in
 * the tab that leads (elsewhere the start never comes).
 *
 * `stopped`, asked before each read, gives the count up (CountStopped): a read of a storage
 * instance once it is closed is never answered (RxDB's remote storage drops it), and a read of
 * the collection's holds its database open (RxDB waits for every read before closing).
 */
export async function countPending(
  entry: CollectionReplication,
  {
    waitForStart = false,
    stopped = () => false,
  }: { waitForStart?: boolean; stopped?: () => boolean } = {},
): Promise<number> {
  if (!entry.push) return 0;
  if (waitForStart) await entry.started;
  const internal = runningReplication(entry.state);
  if (!internal) {
    if (waitForStart) throw new Error(`the ${entry.name} replication did not start`);
    return 0;
  }
  const going = () => {
    if (stopped() || entry.state.isStopped()) throw new CountStopped();
  };
  going();
  let checkpoint = await getLastCheckpointDoc(internal, 'up');
  const { identifierHash } = await pulledStateOf(entry.state);
  let count = 0;
  for (;;) {
    going();
    const batch = await getChangedDocumentsSince(forkInstanceOf(internal), 200, checkpoint);
    if (batch.documents.length === 0) break;
    // A document as the pull left it is the server's version: nothing of it waits to be sent.
    const changed = batch.documents.filter((doc) => !isAsPulled(doc, identifierHash));
    const ids = changed.map((d) => (d as { id: string }).id);
    going();
    const assumed = ids.length > 0 ? await getAssumedMasterState(internal, ids) : {};
    for (const doc of changed) {
      const state = writeDocToDocState(doc, false, false) as unknown as SyncDocument;
      const master = assumed[state.id];
      if (!master) {
        if (!state._deleted) count += 1;
      } else if (!sameDocState(master.docData as SyncDocument, state)) {
        count += 1;
      }
    }
    checkpoint = batch.checkpoint;
    if (batch.documents.length < 200) break;
  }
  return count;
}
