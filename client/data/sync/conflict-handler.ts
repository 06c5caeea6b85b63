/**
 * The RxDB conflict handler of each replicated collection: equality by content, and resolution by
 * the shared conflict policy (couchdb/rules/reconcile). A local version that loses is kept.
 */
import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { SYNC_MESSAGES, type SyncCollection, type SyncDocument } from '@couchdb/model/sync';
import { STATUS_MESSAGES } from '@couchdb/rules/property-status';
import { reconcile } from '@couchdb/rules/reconcile';
import { sameDocState } from './doc-equality';
import type { RefusalInput } from './refusals';

export interface ConflictContext {
  /** Whether local writes are an admin's (their own audit edits may merge). */
  isAdmin(): boolean;
  /** True once for a row the gateway refused, accepted or found re-sent in the push just made. */
  takeServerVersion(collection: SyncCollection, id: string): boolean;
  /** Keeps a losing local version aside. */
  keep(input: RefusalInput): Promise<void>;
}

export const CLASH_CODE = 'clash';

/**
 * The server version a local write was made on. RxDB pushes an edit of a pulled document without
 * it (no assumed master state) when it had not stored it beside the document: a page closed
 * between RxDB's two writes of a pulled document (seen in Chromium soon after a load). Without a
 * base every field the edit changed counted as changed on both sides, so the edit lost as a
 * clash. The document's `server_rev` is the store revision the device last saw: when it is the
 * master's, the server has not moved since, and the master is the base.
 */
export function baseOf(
  assumed: SyncDocument | undefined,
  master: SyncDocument,
  local: SyncDocument,
): SyncDocument | undefined {
  if (assumed) return assumed;
  return local.server_rev !== undefined && local.server_rev === master.server_rev
    ? master
    : undefined;
}

export function createConflictHandler(
  collection: SyncCollection,
  context: ConflictContext,
): RxConflictHandler<SyncDocument> {
  return {
    isEqual: (a, b) => sameDocState(a, b),
    async resolve({ assumedMasterState, realMasterState, newDocumentState }) {
      const master = realMasterState as SyncDocument;
      const local = newDocumentState as SyncDocument;
      // A refused write (the refusal is already kept) or an accepted one (the server's version is
      // the write with its server-owned fields): take the server's version as it is.
      if (context.takeServerVersion(collection, local.id)) return realMasterState;
      const { doc, clash } = reconcile(
        collection,
        {
          assumed: baseOf(assumedMasterState as SyncDocument | undefined, master, local),
          master,
          local,
        },
        { admin: context.isAdmin() },
      );
      if (clash.length > 0) {
        // A listing deleted meanwhile takes no more changes: say so, not "a clash".
        const deleted =
          collection === 'properties' && master.status === 'deleted' && local.status !== 'deleted';
        await context.keep({
          collection,
          doc: local,
          code: CLASH_CODE,
          message: deleted ? STATUS_MESSAGES.fromDeleted : SYNC_MESSAGES.clash,
          server_doc: master,
        });
      }
      return { ...doc, _deleted: doc._deleted === true } as WithDeleted<SyncDocument>;
    },
  };
}
