/**
 * What the gateway does with one pushed row (architecture §5), decided from the row, the caller
 * and the document's current stored version: refuse it with a code, answer a conflict, accept it
 * unchanged, or write a new version. Nothing here reads or writes the store; what a write policy
 * needs beyond the row (who writes, the settings, a place under the owner's cap) it asks through
 * the functions given, only when a rule needs it. push.ts reads the current version, carries the
 * decision out and answers the device.
 */
import type { ErrorCode } from '@couchdb/model/errors';
import type { Settings } from '@couchdb/model/setting-facts';
import {
  SYNC_DOC_MAX_BYTES,
  SYNC_MESSAGES,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import { idSchema } from '@couchdb/model/common';
import { ACCESS_MESSAGES, canWrite, type Viewer } from '@couchdb/rules/access';
import { COLLECTION_ACCESS } from '@couchdb/rules/collection-access';
import { jsonEqual } from '@couchdb/rules/json-equal';
import type { Operator } from '../oplog-service';
import { projectFor, toModelDoc, type StoredDoc } from './projection';
import { prepareWrite } from './write';

/**
 * A row as a device sends it (RxDB's change row), parsed only as far as its shape: each document's
 * id and content are checked here, so that one bad row is refused alone.
 */
export interface SentRow {
  assumedMasterState?: Record<string, unknown> | null | undefined;
  newDocumentState: Record<string, unknown>;
}

/** A row's document with its id checked, or the refusal of a row that names no document. */
export type SentDocument =
  | { ok: true; id: string; doc: SyncDocument }
  | { ok: false; code: ErrorCode; message: string; stubId: string };

/** The document a row sends, its id checked (the stub id of a bad one is cut to an id's length). */
export function sentDocument(row: SentRow): SentDocument {
  const doc = row.newDocumentState;
  const id = idSchema.safeParse(doc?.id);
  if (id.success && hasId(doc)) return { ok: true, id: id.data, doc };
  const stubId = typeof doc?.id === 'string' ? doc.id.slice(0, 64) : '';
  return { ok: false, code: 'validation_failed', message: SYNC_MESSAGES.idMismatch, stubId };
}

/** The store revision the device assumed the document is at (undefined: none, or deleted). */
export const assumedRevision = (row: SentRow): unknown =>
  row.assumedMasterState?._deleted ? undefined : row.assumedMasterState?.server_rev;

/** The stored version when it is not deleted, else null. */
export const liveOf = (current: StoredDoc | null): StoredDoc | null =>
  current && !current._deleted ? current : null;

export interface RowInput {
  collection: SyncCollection;
  viewer: NonNullable<Viewer>;
  row: SentRow;
  /** The row's document, its id checked (sentDocument). */
  doc: SyncDocument;
  /** The current stored version (a deleted one as its tombstone), or null when there is none. */
  current: StoredDoc | null;
  /** Who writes, as the log and denormalised names show them; asked before a write policy runs. */
  operator(): Promise<Operator>;
  /** The system settings as set now; asked by the policies that depend on them. */
  settings(): Promise<Settings>;
  /** Whether a new document keeps its owner within `cap` (and takes the place); asked for a create. */
  admitNew(cap: number): Promise<boolean>;
}

export type RowDecision =
  /** Refused by a rule: answered with the code, the message and the version the caller may see. */
  | { kind: 'refuse'; code: ErrorCode; message: string }
  /**
   * The device's assumption is not the server's state: answered with the server's version.
   * `relog`: the store holds this very write already (the gateway stopped between the write and
   * its log entry), and the caller could have made it: its log entry is to be made sure of.
   * `maybeResent`: a row with no assumption, possibly the device's unchanged copy of an earlier
   * version (asked of the store's history by the caller).
   */
  | {
      kind: 'conflict';
      relog: { before: StoredDoc | null; after: StoredDoc } | null;
      maybeResent: boolean;
    }
  /** Allowed, and the store holds this content already: no new revision, no log entry. */
  | { kind: 'unchanged' }
  /** Allowed: the version to store (at the live revision, or as a new document). */
  | { kind: 'write'; doc: StoredDoc };

/** Decides one row whose document's id is checked; see the module's header. */
export async function decideRow(input: RowInput): Promise<RowDecision> {
  const { collection, viewer, row, doc, current } = input;
  const live = liveOf(current);
  if (Buffer.byteLength(JSON.stringify(doc)) > SYNC_DOC_MAX_BYTES)
    return { kind: 'refuse', code: 'payload_too_large', message: SYNC_MESSAGES.docTooLarge };
  // Someone else's document the caller cannot even see: refuse without revealing it.
  const visible = live ? projectFor(collection, viewer, live) : null;
  if (live && (!visible || visible._deleted))
    return { kind: 'refuse', code: 'forbidden', message: HIDDEN_DOCUMENT_MESSAGES[collection] };
  // Concurrent write: the device's assumption is not the server's current state. A row with no
  // assumption that names a server revision of a document deleted since is one too, not a new
  // document (RxDB re-sending a pulled copy after a reload must not bring a deleted one back).
  const updatesDeleted =
    !row.assumedMasterState && current?._deleted === true && isRevision(doc.server_rev);
  if (assumedRevision(row) !== live?._rev || updatesDeleted)
    return {
      kind: 'conflict',
      relog: relogged(collection, viewer, row, doc, live),
      maybeResent: !row.assumedMasterState,
    };

  const operator = await input.operator();
  const outcome = await prepareWrite(collection, {
    viewer,
    operator,
    current: live,
    incoming: doc,
    settings: input.settings,
    admitNew: input.admitNew,
  });
  if (!outcome.ok) return { kind: 'refuse', code: outcome.code, message: outcome.message };
  if (live && sameContent(live, outcome.doc)) return { kind: 'unchanged' };
  const next: StoredDoc = { ...outcome.doc, _id: doc.id };
  // A live document is updated at its revision; a deleted one is simply written again.
  if (live?._rev) next._rev = live._rev;
  else delete next._rev;
  return { kind: 'write', doc: next };
}

/**
 * The listing write the store already holds, to be logged under the same id as before: only for a
 * caller who could have made it (anyone else sending a copy of the listing must not be able to
 * write a log entry in their own name).
 */
function relogged(
  collection: SyncCollection,
  viewer: NonNullable<Viewer>,
  row: SentRow,
  doc: SyncDocument,
  live: StoredDoc | null,
): { before: StoredDoc | null; after: StoredDoc } | null {
  if (collection !== 'properties' || !live || !alreadyApplied(live, doc)) return null;
  const before = row.assumedMasterState ? toStoredShape(row.assumedMasterState, doc.id) : null;
  const couldHaveWritten = canWrite(
    collection,
    viewer,
    before ? toModelDoc(before) : null,
    toModelDoc(live),
  ).ok;
  return couldHaveWritten ? { before, after: live } : null;
}

/**
 * The refusal for a write to someone else's document the caller cannot see (it reveals nothing the
 * caller does not know: only the rule that keeps them out of it).
 */
const HIDDEN_DOCUMENT_MESSAGES: Record<SyncCollection, string> = {
  properties: ACCESS_MESSAGES.notOwner,
  demands: ACCESS_MESSAGES.notOwner,
  favorites: ACCESS_MESSAGES.ownFavoritesOnly,
  news: ACCESS_MESSAGES.newsAdminOnly,
  settings: ACCESS_MESSAGES.settingsAdminOnly,
  users: ACCESS_MESSAGES.ownProfileOnly,
  oplog: ACCESS_MESSAGES.oplogReadOnly,
  saved_searches: ACCESS_MESSAGES.ownMessagesOnly,
  inbox: ACCESS_MESSAGES.ownMessagesOnly,
};

/** Fields a device decides on a listing (the rest the gateway sets). */
const DEVICE_PROPERTY_FIELDS = (() => {
  const { ownerEditable = [], adminOnlyOnUpdate = [], serverOwned } = COLLECTION_ACCESS.properties;
  return [...ownerEditable, ...adminOnlyOnUpdate].filter((f) => !serverOwned.includes(f));
})();

/** Whether the store already holds what the device sends (same values in every field it decides). */
function alreadyApplied(current: StoredDoc, incoming: SyncDocument): boolean {
  return DEVICE_PROPERTY_FIELDS.every((f) => jsonEqual(current[f], incoming[f]));
}

/** Whether a device's `server_rev` names a store revision (a device only ever copies one there). */
export const isRevision = (rev: unknown): rev is string => typeof rev === 'string' && rev !== '';

/** Whether a sent document carries a valid id (its content is the rules' and schemas' to check). */
const hasId = (doc: Record<string, unknown>): doc is SyncDocument =>
  idSchema.safeParse(doc.id).success;

/** A device's copy of document `id` in the store's shape (for log snapshots). */
function toStoredShape(doc: Record<string, unknown>, id: string): StoredDoc {
  const { id: _id, server_rev: _r, _deleted: _d, ...rest } = doc;
  return { _id: id, ...rest };
}

/** Whether two stored versions differ only in their revision and update time. */
function sameContent(a: StoredDoc, b: StoredDoc): boolean {
  const { _rev: _ra, updated_at: _ub, ...restA } = a;
  const { _rev: _rb, updated_at: _ua, ...restB } = b;
  return jsonEqual(restA, restB);
}
