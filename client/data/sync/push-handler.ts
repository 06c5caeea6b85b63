/**
 * A collection's push (RxDB's push handler): sends the device's changed rows to the gateway and
 * carries out what its answer says (push-answer.ts): refusals kept in the refusal ledger, the
 * server's versions RxDB is to take as they are, the conflicts handed back to RxDB.
 */
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import {
  PUSH_ROWS_MAX,
  type PushResponse,
  type PushRow,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import { sameDocState } from './doc-equality';
import { readPushAnswer } from './push-answer';
import type { RefusalLedger } from './refusals';
import type { SyncHttp } from './sync-http';

/** Rows a push sends at most. */
export const PUSH_BATCH_SIZE = Math.min(50, PUSH_ROWS_MAX);

type Row = RxReplicationWriteToMasterRow<SyncDocument>;

/**
 * The ids of `rows`, sent with no server version assumed, whose document the device holds as it
 * pulled it: RxDB had not stored the server's version beside it (a page closed between its two
 * writes), and RxDB's push, which reads only that, takes the document for a local change.
 */
export type PulledRows = (rows: Row[]) => Promise<Set<string>>;

/** What of RxDB's rows goes to the gateway. */
function rowsToSend(rows: Row[], pulled: Set<string>): PushRow[] {
  // A row whose new state equals its assumed master (a resolved conflict that kept the server's
  // version) changes nothing: nothing to send. Nor does a document as it was pulled; answered
  // without a conflict, RxDB stores it as the server's version.
  return rows
    .filter(
      (r) => !(r.assumedMasterState && sameDocState(r.assumedMasterState, r.newDocumentState)),
    )
    .filter((r) => !pulled.has(r.newDocumentState.id))
    .map((r) => ({
      assumedMasterState: (r.assumedMasterState as SyncDocument | undefined) ?? null,
      newDocumentState: r.newDocumentState as SyncDocument,
    }));
}

/** The push handler of collection `name`; `pulled` tells rows the device holds as pulled. */
export function collectionPush(
  name: SyncCollection,
  http: SyncHttp,
  ledger: RefusalLedger,
  pulled: PulledRows = async () => new Set(),
): (rows: Row[]) => Promise<WithDeleted<SyncDocument>[]> {
  return async (rows) => {
    const ids = rows.map((r) => r.newDocumentState.id);
    ledger.pushing(name, ids);
    const toSend = rowsToSend(rows, await pulled(rows));
    if (toSend.length === 0) return [];
    const body = await http.json<PushResponse>('POST', `/api/sync/${name}/push`, toSend);
    const outcome = readPushAnswer(name, toSend, body);
    for (const { refusal, rejection, withoutServerVersion } of outcome.refusals) {
      if (withoutServerVersion) {
        console.error('gateway refused a row without its version', rejection);
      }
      await ledger.recordRejection(refusal);
    }
    for (const id of outcome.serverVersions) ledger.recordServerVersion(name, id);
    return outcome.conflicts as WithDeleted<SyncDocument>[];
  };
}
