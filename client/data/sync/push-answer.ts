/**
 * What the device makes of the gateway's answer to a push (POST /api/sync/:collection/push), as a
 * pure function of the rows sent and the answer: which rows were refused and are kept with their
 * code, message and the server's version (the refused collection); whose server version RxDB is to
 * take as it is; and what goes back to RxDB as the push's conflicts. push-handler.ts carries it out.
 */
import type {
  PushRejection,
  PushResponse,
  PushRow,
  SyncCollection,
  SyncDocument,
} from '@couchdb/model/sync';
import { sameDocState } from './doc-equality';
import type { RefusalInput } from './refusals';

export interface PushRefusal {
  /** What the refusal ledger keeps of the row. */
  refusal: RefusalInput;
  rejection: PushRejection;
  /** The gateway refused the row without sending the server's version (logged as an error). */
  withoutServerVersion: boolean;
}

export interface PushOutcome {
  /** The refused rows that were sent, in the gateway's order. */
  refusals: PushRefusal[];
  /**
   * Rows whose server version RxDB is to take as it is, not reconcile as a clash: the re-sent
   * copies of an earlier server version, then the accepted rows stored otherwise than sent.
   */
  serverVersions: string[];
  /** For RxDB, as the push's conflicts: the gateway's conflicts, then those accepted rows. */
  conflicts: SyncDocument[];
}

export function readPushAnswer(
  collection: SyncCollection,
  sent: readonly PushRow[],
  answer: PushResponse,
): PushOutcome {
  const sentRow = (id: string) => sent.find((r) => r.newDocumentState.id === id);
  const conflictsById = new Map(answer.conflicts.map((d) => [d.id, d]));
  const refusals: PushRefusal[] = [];
  for (const rejection of answer.rejections) {
    const row = sentRow(rejection.id);
    if (!row) continue;
    refusals.push({
      refusal: {
        collection,
        doc: row.newDocumentState,
        code: rejection.code,
        message: rejection.message,
        server_doc: conflictsById.get(rejection.id) ?? null,
      },
      rejection,
      withoutServerVersion: !conflictsById.has(rejection.id),
    });
  }
  // A re-sent copy of an earlier server version (RxDB after a reload) changed nothing: the
  // server's version is taken as it is, not reconciled as a clash.
  const serverVersions = [...answer.resent];
  // Accepted rows come back as RxDB conflicts when the stored version differs from what was sent
  // (server-owned fields): the device adopts it now, because a pull that crossed this push may
  // already have moved its checkpoint past the write.
  const adopt: SyncDocument[] = [];
  for (const stored of answer.accepted) {
    const row = sentRow(stored.id);
    if (!row || conflictsById.has(stored.id) || sameDocState(row.newDocumentState, stored))
      continue;
    serverVersions.push(stored.id);
    adopt.push(stored);
  }
  return { refusals, serverVersions, conflicts: [...answer.conflicts, ...adopt] };
}
