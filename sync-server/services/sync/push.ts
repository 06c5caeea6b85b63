/**
 * Push (architecture §5): every row is checked against the caller's role and the shared rules, shaped by
 * its collection's write policy, and written at the store revision the device assumed. A concurrent
 * write answers the server's version as a conflict; a refusal answers it with a reason too. Every
 * accepted listing write appends an operation-log entry.
 */
import { idSchema } from '@couchdb/model/common';
import {
  SYNC_DOC_MAX_BYTES,
  SYNC_MESSAGES,
  type PushRejection,
  type PushResponse,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import { ACCESS_MESSAGES, canWrite, type Viewer } from '@couchdb/rules/access';
import { COLLECTION_ACCESS } from '@couchdb/rules/collection-access';
import { jsonEqual } from '@couchdb/rules/json-equal';
import type nano from 'nano';
import { couchStatus, type Store } from '../../store/couch';
import type { ChangeFeed } from '../change-feed';
import { ADMIN_LOG_TARGETS, type AdminLogTarget } from '@couchdb/model/admin-log-facts';
import {
  adminLogIdFor,
  classifyPropertyWrite,
  oplogIdFor,
  type OplogService,
  type Operator,
  type RequestInfo,
} from '../oplog-service';
import { deletedStub, projectFor, toModelDoc, type StoredDoc } from './projection';
import { loadOperator, loadSettings, loadStored, storedInLog } from './store-reads';
import { prepareWrite } from './write';
import { countsAsOwned, OWNED_COUNTED } from '@couchdb/design/databases';
import { OwnedCap } from './owned-cap';
import { MemoryLimitStore } from '../limits/limit-store';

/**
 * A row as a device sends it (RxDB's change row), parsed only as far as its shape: the push checks
 * each document's id and content itself, so that one bad row is refused alone.
 */
export interface SentRow {
  assumedMasterState?: Record<string, unknown> | null | undefined;
  newDocumentState: Record<string, unknown>;
}

export interface PushContext {
  viewer: NonNullable<Viewer>;
  request: RequestInfo;
}

export interface PushDeps {
  store: Store;
  oplog: OplogService;
  feed?: ChangeFeed;
  /** Per-user document caps (without it, the store alone counts: a single-request test). */
  caps?: OwnedCap;
}

export async function pushRows(
  deps: PushDeps,
  collection: SyncCollection,
  ctx: PushContext,
  rows: readonly SentRow[],
): Promise<PushResponse> {
  const { store, oplog, feed } = deps;
  const db = store.db<StoredDoc>(collection);
  const conflicts: SyncDocument[] = [];
  const rejections: PushRejection[] = [];
  const accepted: SyncDocument[] = [];
  const resent: string[] = [];
  const visibleVersion = (doc: StoredDoc | null, id: string) =>
    (doc && !doc._deleted ? projectFor(collection, ctx.viewer, doc) : null) ?? deletedStub(id);
  let operator: Operator | undefined;

  for (const row of rows) {
    const incoming = row.newDocumentState;
    const id = idSchema.safeParse(incoming?.id);
    if (!id.success || !hasId(incoming)) {
      const stubId = typeof incoming?.id === 'string' ? incoming.id.slice(0, 64) : '';
      rejections.push({ id: stubId, code: 'validation_failed', message: SYNC_MESSAGES.idMismatch });
      if (stubId) conflicts.push(deletedStub(stubId));
      continue;
    }
    // The device's assumption checked against the log; a mismatch is confirmed by the store.
    const assumedRev = row.assumedMasterState?._deleted
      ? undefined
      : row.assumedMasterState?.server_rev;
    let current = storedInLog(feed, collection, id.data);
    const liveRev = current && !current._deleted ? current._rev : undefined;
    if (current === undefined || liveRev !== assumedRev) current = await loadStored(db, id.data);
    const live = current && !current._deleted ? current : null;
    const reject = (code: string, message: string) => {
      rejections.push({ id: id.data, code, message });
      conflicts.push(visibleVersion(current, id.data));
    };

    if (Buffer.byteLength(JSON.stringify(incoming)) > SYNC_DOC_MAX_BYTES) {
      reject('payload_too_large', SYNC_MESSAGES.docTooLarge);
      continue;
    }
    // Someone else's document the caller cannot even see: refuse without revealing it.
    const visible = live ? projectFor(collection, ctx.viewer, live) : null;
    if (live && (!visible || visible._deleted)) {
      reject('forbidden', HIDDEN_DOCUMENT_MESSAGES[collection]);
      continue;
    }
    // Concurrent write: the device's assumption is not the server's current state. A row with no
    // assumption that names a server revision of a document deleted since is one too, not a new
    // document (RxDB re-sending a pulled copy after a reload must not bring a deleted one back).
    const updatesDeleted =
      !row.assumedMasterState && current?._deleted === true && isRevision(incoming.server_rev);
    if (assumedRev !== live?._rev || updatesDeleted) {
      if (collection === 'properties' && live && alreadyApplied(live, incoming)) {
        // The device re-sends a write the store already holds (the gateway stopped between the
        // write and its log entry): make sure the entry exists, under the same id as before.
        // Only a caller who could have made that write gets it logged in their name (anyone
        // else sending a copy of the listing must not be able to write a log entry).
        const before = row.assumedMasterState
          ? toStoredShape(row.assumedMasterState, id.data)
          : null;
        const couldHaveWritten = canWrite(
          collection,
          ctx.viewer,
          before ? toModelDoc(before) : null,
          toModelDoc(live),
        ).ok;
        if (couldHaveWritten) {
          operator ??= await loadOperator(store, ctx.viewer, feed);
          await oplog.append(
            classifyPropertyWrite(before, live),
            operator,
            ctx.request,
            before,
            live,
            oplogIdFor(id.data, live._rev!),
          );
        }
      }
      if (!row.assumedMasterState && (await isResend(db, collection, ctx.viewer, incoming))) {
        resent.push(id.data);
      }
      conflicts.push(visibleVersion(current, id.data));
      continue;
    }

    operator ??= await loadOperator(store, ctx.viewer, feed);
    const outcome = await prepareWrite(collection, {
      viewer: ctx.viewer,
      operator,
      current: live,
      incoming,
      settings: () => loadSettings(store, feed),
      admitNew: (cap) =>
        (deps.caps ?? new OwnedCap(store, new MemoryLimitStore())).admit(
          collection,
          ctx.viewer.id,
          id.data,
          cap,
        ),
    });
    if (!outcome.ok) {
      reject(outcome.code, outcome.message);
      continue;
    }
    // Nothing changed (RxDB re-pushes a resolved conflict as is): no new revision, no log entry.
    if (live && sameContent(live, outcome.doc)) {
      accepted.push(visibleVersion(live, id.data));
      continue;
    }
    const toWrite: StoredDoc = { ...outcome.doc, _id: id.data };
    // A live document is updated at its revision; a deleted one is simply written again.
    if (live?._rev) toWrite._rev = live._rev;
    else delete toWrite._rev;
    try {
      // Coalesced with other callers' writes to this database (one _bulk_docs while one is on its way).
      const res = await store.writer(collection).insert(toWrite);
      toWrite._rev = res.rev;
      feed?.expectWrite(collection, id.data, res.rev, ctx.viewer.id);
      accepted.push(projectFor(collection, ctx.viewer, toWrite) ?? deletedStub(id.data));
      // A document that stops counting for its owner (deleted; a listing set to 已删除) makes room
      // under the owner's cap at once. A failure here only delays that (the entry expires).
      const counted = OWNED_COUNTED[collection];
      const owner = live?.user_id;
      if (
        counted &&
        live &&
        typeof owner === 'string' &&
        countsAsOwned(live, counted) &&
        (toWrite._deleted === true || !countsAsOwned(toWrite, counted))
      )
        await deps.caps?.release(collection, owner, id.data).catch(() => undefined);
    } catch (err) {
      if (couchStatus(err) !== 409) throw err;
      conflicts.push(visibleVersion(await loadStored(db, id.data), id.data));
      continue;
    }
    if (collection === 'properties') {
      await oplog.append(
        classifyPropertyWrite(live, toWrite),
        operator,
        ctx.request,
        live,
        toWrite,
        oplogIdFor(id.data, toWrite._rev!),
      );
    } else if (ctx.viewer.role === 'admin' && isAdminLogged(collection)) {
      await oplog.appendAdmin(
        {
          target: collection,
          targetId: id.data,
          before: live,
          after: toWrite._deleted ? null : toWrite,
        },
        operator,
        ctx.request,
        adminLogIdFor(id.data, toWrite._rev!),
      );
    }
  }
  return { conflicts, rejections, accepted, resent };
}

const isAdminLogged = (collection: SyncCollection): collection is AdminLogTarget =>
  (ADMIN_LOG_TARGETS as readonly string[]).includes(collection);

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
const isRevision = (rev: unknown): rev is string => typeof rev === 'string' && rev !== '';

/**
 * Whether a row with no assumed version is the device's unchanged copy of the earlier server
 * version its `server_rev` names (as the caller received it then), not an edit. Says nothing when
 * the store no longer holds that version (compacted): the row then counts as an edit.
 */
async function isResend(
  db: nano.DocumentScope<StoredDoc>,
  collection: SyncCollection,
  viewer: NonNullable<Viewer>,
  incoming: SyncDocument,
): Promise<boolean> {
  const rev = incoming.server_rev;
  if (!isRevision(rev) || incoming._deleted === true) return false;
  let earlier: StoredDoc;
  try {
    earlier = (await db.get(incoming.id, { rev })) as StoredDoc;
  } catch (err) {
    if (couchStatus(err) === 404 || couchStatus(err) === 400) return false;
    throw err;
  }
  const seen = earlier._deleted ? null : projectFor(collection, viewer, earlier);
  const { _deleted: _d, ...sent } = incoming;
  return seen !== null && !seen._deleted && jsonEqual(seen, sent);
}

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
  const { _rev: _ra, updated_at: _ua, ...restA } = a;
  const { _rev: _rb, updated_at: _ub, ...restB } = b;
  return jsonEqual(restA, restB);
}
