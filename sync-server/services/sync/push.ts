/**
 * Push (architecture §5): each row is decided on (push-decision.ts: the caller's role, the shared
 * rules, its collection's write policy, the store revision the device assumed), and the decision
 * carried out here: a write at that revision, a conflict answered with the server's version, a
 * refusal answered with it too. Every accepted listing write appends an operation-log entry.
 */
import type {
  PushRejection,
  PushResponse,
  SyncCollection,
  SyncDocument,
} from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';
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
import { deletedStub, projectFor, type StoredDoc } from './projection';
import { loadOperator, loadSettings, loadStored, storedInLog } from './store-reads';
import {
  assumedRevision,
  decideRow,
  isRevision,
  liveOf,
  sentDocument,
  type SentRow,
} from './push-decision';
import { countsAsOwned, OWNED_COUNTED } from '@couchdb/design/databases';
import { OwnedCap } from './owned-cap';
import { MemoryLimitStore } from '../limits/limit-store';

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
  let operatorRead: Promise<Operator> | undefined;
  const operator = () => (operatorRead ??= loadOperator(store, ctx.viewer, feed));

  for (const row of rows) {
    const sent = sentDocument(row);
    if (!sent.ok) {
      rejections.push({ id: sent.stubId, code: sent.code, message: sent.message });
      if (sent.stubId) conflicts.push(deletedStub(sent.stubId));
      continue;
    }
    const { id, doc } = sent;
    // The device's assumption checked against the log; a mismatch is confirmed by the store.
    let current = storedInLog(feed, collection, id);
    if (current === undefined || liveOf(current)?._rev !== assumedRevision(row))
      current = await loadStored(db, id);
    const live = liveOf(current);

    const decision = await decideRow({
      collection,
      viewer: ctx.viewer,
      row,
      doc,
      current,
      operator,
      settings: () => loadSettings(store, feed),
      admitNew: (cap) =>
        (deps.caps ?? new OwnedCap(store, new MemoryLimitStore())).admit(
          collection,
          ctx.viewer.id,
          id,
          cap,
        ),
    });
    if (decision.kind === 'refuse') {
      rejections.push({ id, code: decision.code, message: decision.message });
      conflicts.push(visibleVersion(current, id));
      continue;
    }
    if (decision.kind === 'conflict') {
      const { relog } = decision;
      if (relog) {
        // The device re-sends a write the store already holds: make sure its log entry exists.
        await oplog.append(
          classifyPropertyWrite(relog.before, relog.after),
          await operator(),
          ctx.request,
          relog.before,
          relog.after,
          oplogIdFor(id, relog.after._rev!),
        );
      }
      if (decision.maybeResent && (await isResend(db, collection, ctx.viewer, doc)))
        resent.push(id);
      conflicts.push(visibleVersion(current, id));
      continue;
    }
    if (decision.kind === 'unchanged') {
      // RxDB re-pushes a resolved conflict as is.
      accepted.push(visibleVersion(live, id));
      continue;
    }

    const toWrite = decision.doc;
    try {
      // Coalesced with other callers' writes to this database (one _bulk_docs while one is on its way).
      const res = await store.writer(collection).insert(toWrite);
      toWrite._rev = res.rev;
      feed?.expectWrite(collection, id, res.rev, ctx.viewer.id);
      accepted.push(projectFor(collection, ctx.viewer, toWrite) ?? deletedStub(id));
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
        await deps.caps?.release(collection, owner, id).catch(() => undefined);
    } catch (err) {
      if (couchStatus(err) !== 409) throw err;
      conflicts.push(visibleVersion(await loadStored(db, id), id));
      continue;
    }
    if (collection === 'properties') {
      await oplog.append(
        classifyPropertyWrite(live, toWrite),
        await operator(),
        ctx.request,
        live,
        toWrite,
        oplogIdFor(id, toWrite._rev!),
      );
    } else if (ctx.viewer.role === 'admin' && isAdminLogged(collection)) {
      await oplog.appendAdmin(
        {
          target: collection,
          targetId: id,
          before: live,
          after: toWrite._deleted ? null : toWrite,
        },
        await operator(),
        ctx.request,
        adminLogIdFor(id, toWrite._rev!),
      );
    }
  }
  return { conflicts, rejections, accepted, resent };
}

const isAdminLogged = (collection: SyncCollection): collection is AdminLogTarget =>
  (ADMIN_LOG_TARGETS as readonly string[]).includes(collection);

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
