/**
 * Local versions that did not make it to the server (refused by the gateway, or losing a clash)
 * are kept in the device-only `refused` collection with the reason, so nothing is lost silently.
 * The push handler records refusals (and acceptances, re-sends) here before the conflict handler
 * runs, so the handler knows to take the server's version as it is instead of merging (a merged
 * re-push of a refusal would be refused again; an accepted row's server version is the write
 * itself; a re-sent earlier version changed nothing).
 */
import { newId } from '@couchdb/model/common-facts';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';
import type { RxCollection } from 'rxdb';
import type { RefusedDoc } from '../schemas/refused.schema';
import { withoutRxdbFields } from '../storage/rxdb-fields';

export interface RefusalInput {
  collection: SyncCollection;
  doc: SyncDocument;
  code: string;
  message: string;
  server_doc: SyncDocument | null;
}

export class RefusalLedger {
  private collection: RxCollection<RefusedDoc> | null = null;
  /** `${collection}/${id}` of rows whose server version the current push's conflicts are to take as is. */
  private readonly answered = new Set<string>();
  private readonly listeners = new Set<() => void>();

  attach(collection: RxCollection<RefusedDoc> | null): void {
    this.collection = collection;
    this.answered.clear();
  }

  /** Called by the push handler for every rejection in the gateway's answer. */
  async recordRejection(input: RefusalInput): Promise<void> {
    this.answered.add(`${input.collection}/${input.doc.id}`);
    await this.keep(input);
  }

  /**
   * Called by the push handler for every row whose server version RxDB is to take as it is: an
   * accepted row's stored version (the write itself), a re-sent copy of an earlier version.
   */
  recordServerVersion(collection: SyncCollection, id: string): void {
    this.answered.add(`${collection}/${id}`);
  }

  /**
   * A push of these rows is being sent: what an answer before it said of them is void. RxDB drops
   * the answer to a push that came back once the replication had paused (offline), and a mark
   * left from it would make the next conflict of the row take the server's version.
   */
  pushing(collection: SyncCollection, ids: readonly string[]): void {
    for (const id of ids) this.answered.delete(`${collection}/${id}`);
  }

  /**
   * True (once) when the gateway refused, accepted or found re-sent this row in the push just made:
   * the conflict handler then takes the server's version as it is.
   */
  takeServerVersion(collection: SyncCollection, id: string): boolean {
    return this.answered.delete(`${collection}/${id}`);
  }

  async keep(input: RefusalInput): Promise<void> {
    const entry: RefusedDoc = {
      id: newId(),
      collection_name: input.collection,
      doc_id: input.doc.id,
      doc: withoutRxdbFields(input.doc),
      code: input.code,
      message: input.message,
      server_doc: input.server_doc ? withoutRxdbFields(input.server_doc) : null,
      created_at: new Date().toISOString(),
    };
    if (!this.collection) {
      console.error('refused change could not be kept: no database open', entry);
      return;
    }
    // Which change, and why: the one line support (and a failed browser test) can go on.
    console.warn(
      `refused change kept: ${entry.collection_name}/${entry.doc_id} (${entry.code}: ${entry.message}); ` +
        `device server_rev ${String(input.doc.server_rev)}, server's ${String(input.server_doc?.server_rev)}`,
    );
    await this.collection.insert(entry);
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Whether a kept change can be edited and sent again by `userId`: not a deletion, not a listing
 * deleted on the server meanwhile (房源已删除，无法再修改), and, when the server no longer has the
 * document at all (it would be sent as a new one), only the author's own: an admin's lost change to
 * someone else's listing must not come back as the admin's listing.
 */
export function resendable(entry: RefusedDoc, userId: string | undefined): boolean {
  const doc = entry.doc as { _deleted?: boolean; status?: string; user_id?: string };
  if (doc._deleted || doc.status === 'deleted') return false;
  const server = entry.server_doc as { _deleted?: boolean; status?: string } | null;
  if (server?.status === 'deleted') return false;
  const gone = !server || server._deleted === true;
  return !gone || doc.user_id === undefined || doc.user_id === userId;
}
