/**
 * One device write, checked and shaped: the shared rules decide whether the caller may make it,
 * the collection's write policy forces the server-owned fields, the write schema validates the
 * result, and the visibility history is carried over.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@couchdb/model/errors';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';
import { parseWithMessages } from '@couchdb/model/validation';
import { ACCESS_MESSAGES, canWrite, type Viewer } from '@couchdb/rules/access';
import { visibilityHistory } from '@couchdb/rules/visibility';
import type { Settings } from '@couchdb/model/setting-facts';
import type { Operator } from '../oplog-service';
import { toModelDoc, type StoredDoc } from './projection';
import { WRITE_POLICIES } from './policies';

export type Outcome =
  { ok: true; doc: StoredDoc } | { ok: false; code: ErrorCode; message: string };

export interface WriteInput {
  viewer: NonNullable<Viewer>;
  operator: Operator;
  /** The live stored version, or null (none, or deleted). */
  current: StoredDoc | null;
  incoming: SyncDocument;
  settings(): Promise<Settings>;
  /** See WriteContext.admitNew. */
  admitNew(cap: number): Promise<boolean>;
}

/** Checks the write against the rules and builds the document to store, server fields forced. */
export async function prepareWrite(
  collection: SyncCollection,
  input: WriteInput,
): Promise<Outcome> {
  const { viewer, current, incoming } = input;
  const { server_rev: _rev, _deleted, ...content } = incoming;
  const oldModel = current ? toModelDoc(current) : null;
  const deleting = _deleted === true;
  const decision = canWrite(
    collection,
    viewer,
    oldModel,
    deleting ? { ...oldModel, id: incoming.id, _deleted: true } : content,
  );
  if (!decision.ok) return decision;

  if (deleting) {
    if (!current) return { ok: false, code: 'not_found', message: ERROR_MESSAGES.not_found };
    // The tombstone keeps the owner and the visibility history, so the deletion reaches
    // exactly the devices that could have held the document.
    return {
      ok: true,
      doc: {
        _id: current._id,
        _deleted: true,
        ...(current.user_id ? { user_id: current.user_id } : {}),
        ...visibilityHistory(collection, current),
      },
    };
  }

  const policy = WRITE_POLICIES[collection];
  // Only the operation log has no policy, and the rules refuse every write to it.
  if (!policy) return { ok: false, code: 'forbidden', message: ACCESS_MESSAGES.oplogReadOnly };
  const prepared = await policy.prepare({
    viewer,
    operator: input.operator,
    current,
    content,
    now: new Date().toISOString(),
    settings: input.settings,
    admitNew: input.admitNew,
  });
  if (!prepared.ok) return prepared;
  const parsed = parseWithMessages(policy.schema, prepared.next);
  if (!parsed.ok) return { ok: false, code: 'validation_failed', message: parsed.message };
  const { id, ...stored } = parsed.data as { id: string } & Record<string, unknown>;

  // Visibility history: a stub may later be sent only for documents that were once visible.
  if (current) Object.assign(stored, visibilityHistory(collection, current));
  Object.assign(stored, visibilityHistory(collection, stored));
  return { ok: true, doc: { _id: id, ...stored } };
}
