/**
 * Role-projected replication (DESIGN §4–§5). Pull walks a database's _changes feed from the
 * device's checkpoint and projects every document for the caller. Push checks every row against
 * the caller's role and the shared rules, forces the server-owned fields, detects concurrent writes
 * by the store revision, and answers each refusal with the server's version and a reason.
 */
import type nano from 'nano';
import type { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { demandWriteSchema } from '@couchdb/model/demand';
import { ERROR_MESSAGES } from '@couchdb/model/errors';
import { favoriteWriteSchema } from '@couchdb/model/favorite';
import { newsWriteSchema } from '@couchdb/model/news';
import { propertyWriteSchema } from '@couchdb/model/property';
import { resolveSettings, settingWriteSchema } from '@couchdb/model/setting';
import {
  PULL_LIMIT_MAX,
  SYNC_DOC_MAX_BYTES,
  SYNC_MESSAGES,
  type PullResponse,
  type PushRejection,
  type PushResponse,
  type PushRow,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import { userWriteSchema } from '@couchdb/model/user';
import { parseWithMessages } from '@couchdb/model/validation';
import {
  ACCESS_MESSAGES,
  ADMIN_ONLY_PROPERTY_FIELDS,
  OWNER_EDITABLE_PROPERTY_FIELDS,
  canWrite,
  forceNewPropertyFields,
  isPubliclyVisible,
  jsonEqual,
  type Viewer,
} from '@couchdb/rules/access';
import { checkListingMediaLimit, listingMediaChanged } from '@couchdb/rules/listing-media';
import type { AuditStatus, PropertyStatus } from '@couchdb/model/property';
import { couchStatus, type Store } from '../store/couch';
import {
  classifyPropertyWrite,
  oplogIdFor,
  OplogService,
  type Operator,
  type RequestInfo,
} from './oplog-service';
import type { ChangeFeed } from './change-feed';
import { deletedStub, projectFor, toModelDoc, type StoredDoc } from './projection';

/** _changes rows read per round trip while collecting a page of visible documents. */
const SCAN_PAGE = 500;

const WRITE_SCHEMAS: Partial<Record<SyncCollection, z.ZodType>> = {
  properties: propertyWriteSchema,
  demands: demandWriteSchema,
  favorites: favoriteWriteSchema,
  news: newsWriteSchema,
  settings: settingWriteSchema,
  users: userWriteSchema.strict(),
};

type Outcome = { ok: true; doc: StoredDoc } | { ok: false; code: string; message: string };
const refused = (code: string, message: string): Outcome => ({ ok: false, code, message });

export interface PushContext {
  viewer: NonNullable<Viewer>;
  request: RequestInfo;
}

export class SyncService {
  private readonly oplog: OplogService;

  constructor(
    private readonly store: Store,
    private readonly feed?: ChangeFeed,
  ) {
    this.oplog = new OplogService(store);
  }

  /**
   * Up to `limit` documents visible to `viewer` changed after `checkpoint`, and the next checkpoint.
   * Served from the gateway's in-memory change log when it knows the checkpoint, else from the store.
   */
  async pull(
    collection: SyncCollection,
    viewer: Viewer,
    checkpoint: SyncCheckpoint | null,
    limit: number,
  ): Promise<PullResponse> {
    const want = Math.min(limit, PULL_LIMIT_MAX);
    const log = this.feed?.log(collection);
    const start = log?.startAfter(checkpoint?.seq ?? null);
    if (log && start !== undefined) {
      const documents: SyncDocument[] = [];
      const last = log.scan(start, (doc) => {
        const projected = projectFor(collection, viewer, doc);
        if (projected) documents.push(projected);
        return documents.length < want;
      });
      return { documents, checkpoint: { seq: last ?? checkpoint?.seq ?? '0' } };
    }
    const db = this.store.db<StoredDoc>(collection);
    const documents: SyncDocument[] = [];
    // Read about as many changes as are wanted: most are usually visible; sparse feeds take more rounds.
    const scan = Math.min(Math.max(want, 50), SCAN_PAGE);
    let since = checkpoint?.seq ?? '0';
    let last = since;
    for (;;) {
      const res = await db.changes({ since, limit: scan, include_docs: true });
      for (const row of res.results as (nano.DatabaseChangesResultItem & { doc?: StoredDoc })[]) {
        last = String(row.seq);
        if (row.id.startsWith('_design/') || !row.doc) continue;
        const doc = row.deleted ? { ...row.doc, _deleted: true } : row.doc;
        const projected = projectFor(collection, viewer, doc);
        if (projected) documents.push(projected);
        if (documents.length >= Math.min(limit, PULL_LIMIT_MAX))
          return { documents, checkpoint: { seq: last } };
      }
      if (res.results.length < scan) break;
      since = String(res.last_seq);
      last = since;
    }
    return { documents, checkpoint: { seq: last } };
  }

  async push(collection: SyncCollection, ctx: PushContext, rows: PushRow[]): Promise<PushResponse> {
    const db = this.store.db<StoredDoc>(collection);
    const conflicts: SyncDocument[] = [];
    const rejections: PushRejection[] = [];
    const accepted: SyncDocument[] = [];
    const stored = (doc: StoredDoc, id: string) =>
      accepted.push(projectFor(collection, ctx.viewer, doc) ?? deletedStub(id));
    let operator: Operator | undefined;

    for (const row of rows) {
      const incoming = row.newDocumentState;
      const id = idSchema.safeParse(incoming?.id);
      if (!id.success) {
        const stubId = typeof incoming?.id === 'string' ? incoming.id.slice(0, 64) : '';
        rejections.push({
          id: stubId,
          code: 'validation_failed',
          message: SYNC_MESSAGES.idMismatch,
        });
        if (stubId) conflicts.push(deletedStub(stubId));
        continue;
      }
      const current = await this.load(db, id.data);
      const master = () =>
        (current && !current._deleted ? projectFor(collection, ctx.viewer, current) : null) ??
        deletedStub(id.data);
      const reject = (code: string, message: string) => {
        rejections.push({ id: id.data, code, message });
        conflicts.push(master());
      };

      if (Buffer.byteLength(JSON.stringify(incoming)) > SYNC_DOC_MAX_BYTES) {
        reject('payload_too_large', SYNC_MESSAGES.docTooLarge);
        continue;
      }
      // Someone else's document the caller cannot even see: refuse without revealing it.
      const visible =
        current && !current._deleted ? projectFor(collection, ctx.viewer, current) : null;
      if (current && !current._deleted && (!visible || visible._deleted)) {
        reject('forbidden', HIDDEN_DOCUMENT_MESSAGES[collection]);
        continue;
      }
      // Concurrent write: the device's assumption is not the server's current state.
      const assumedRev = row.assumedMasterState?._deleted
        ? undefined
        : row.assumedMasterState?.server_rev;
      const currentRev = current && !current._deleted ? current._rev : undefined;
      if (assumedRev !== currentRev) {
        if (
          collection === 'properties' &&
          current &&
          !current._deleted &&
          alreadyApplied(current, incoming)
        ) {
          // The device re-sends a write the store already holds (the gateway stopped between the
          // write and its log entry): make sure the entry exists, under the same id as before.
          // Only a caller who could have made that write gets it logged in their name (anyone
          // else sending a copy of the listing must not be able to write a log entry).
          const before = row.assumedMasterState ? toStoredShape(row.assumedMasterState) : null;
          const couldHaveWritten = canWrite(
            collection,
            ctx.viewer,
            before ? toModelDoc(before) : null,
            toModelDoc(current),
          ).ok;
          if (!couldHaveWritten) {
            conflicts.push(master());
            continue;
          }
          operator ??= await this.operator(ctx.viewer);
          await this.oplog.append(
            classifyPropertyWrite(before, current),
            operator,
            ctx.request,
            before,
            current,
            oplogIdFor(id.data, current._rev!),
          );
        }
        conflicts.push(master());
        continue;
      }

      operator ??= await this.operator(ctx.viewer);
      const outcome = await this.prepare(
        collection,
        ctx.viewer,
        operator,
        current?._deleted ? null : current,
        incoming,
      );
      if (!outcome.ok) {
        reject(outcome.code, outcome.message);
        continue;
      }
      // Nothing changed (RxDB re-pushes a resolved conflict as is): no new revision, no log entry.
      if (current && !current._deleted && sameContent(current, outcome.doc)) {
        stored(current, id.data);
        continue;
      }
      const toWrite: StoredDoc = { ...outcome.doc, _id: id.data };
      // A live document is updated at its revision; a deleted one is simply written again.
      if (current?._rev && !current._deleted) toWrite._rev = current._rev;
      else delete toWrite._rev;
      try {
        const res = await db.insert(toWrite as never);
        toWrite._rev = res.rev;
        this.feed?.expectWrite(collection, id.data, res.rev);
        stored(toWrite, id.data);
      } catch (err) {
        if (couchStatus(err) !== 409) throw err;
        const fresh = await this.load(db, id.data);
        conflicts.push(
          (fresh && !fresh._deleted ? projectFor(collection, ctx.viewer, fresh) : null) ??
            deletedStub(id.data),
        );
        continue;
      }
      if (collection === 'properties') {
        const before = current && !current._deleted ? current : null;
        await this.oplog.append(
          classifyPropertyWrite(before, toWrite),
          operator,
          ctx.request,
          before,
          toWrite,
          oplogIdFor(id.data, toWrite._rev!),
        );
      }
    }
    return { conflicts, rejections, accepted };
  }

  /** The current stored version; a deleted document comes back as its tombstone `{_id, _rev, _deleted}`. */
  private async load(db: nano.DocumentScope<StoredDoc>, id: string): Promise<StoredDoc | null> {
    try {
      return (await db.get(id)) as StoredDoc;
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
    }
    const revs = await db.fetchRevs({ keys: [id] });
    const row = revs.rows[0] as { value?: { rev: string; deleted?: boolean } } | undefined;
    return row?.value?.deleted ? { _id: id, _rev: row.value.rev, _deleted: true } : null;
  }

  private async operator(viewer: NonNullable<Viewer>): Promise<Operator> {
    try {
      const user = (await this.store.db('users').get(viewer.id)) as {
        name?: string;
        phone?: string;
      };
      return { id: viewer.id, name: user.name || user.phone || '', role: viewer.role };
    } catch {
      return { id: viewer.id, name: '', role: viewer.role };
    }
  }

  private async settings() {
    const res = await this.store.db('settings').list({ include_docs: true });
    const docs = res.rows
      .filter((r) => r.doc && !r.id.startsWith('_design/'))
      .map((r) => toModelDoc(r.doc as StoredDoc));
    return resolveSettings(docs);
  }

  /** Checks the write against the rules and builds the document to store, server fields forced. */
  private async prepare(
    collection: SyncCollection,
    viewer: NonNullable<Viewer>,
    operator: Operator,
    current: StoredDoc | null,
    incoming: SyncDocument,
  ): Promise<Outcome> {
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
    const now = new Date().toISOString();

    if (deleting) {
      if (!current) return refused('not_found', ERROR_MESSAGES.not_found);
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

    let next: Record<string, unknown>;
    switch (collection) {
      case 'properties': {
        if (!current) {
          if (
            viewer.role !== 'admin' &&
            (content.is_priority === true ||
              content.is_featured === true ||
              (content.audit_status !== undefined && content.audit_status !== 'pending'))
          ) {
            return refused('forbidden', ACCESS_MESSAGES.adminOnlyFields);
          }
          next = forceNewPropertyFields(
            content,
            viewer,
            { auditRequired: (await this.settings()).auditRequired },
            Date.parse(now),
          );
        } else {
          next = {
            ...content,
            view_count: current.view_count ?? 0,
            created_at: current.created_at,
            user_id: current.user_id,
            updated_at: now,
          };
          if (content.audit_status !== current.audit_status) {
            // An admin's decision (the rules allow no other audit change): who and when.
            next.audited_by = viewer.id;
            next.audited_at = now;
          } else if (
            viewer.role !== 'admin' &&
            current.audit_status === 'rejected' &&
            contentChanged(current, content)
          ) {
            // The owner edited a rejected listing: it goes back to review (resubmission).
            next.audit_status = 'pending';
            next.audited_by = null;
            next.audited_at = null;
          } else {
            // No decision in this write: the auditor and time stay those of the last decision.
            next.audited_by = current.audited_by ?? null;
            next.audited_at = current.audited_at ?? null;
          }
        }
        next.owner = current?.owner ?? { name: operator.name };
        // The limit as set now: a device offline while an admin lowered it may not know yet.
        if (listingMediaChanged(current ?? null, content)) {
          const tooMany = checkListingMediaLimit(
            current ?? null,
            content,
            (await this.settings()).maxImagesPerProperty,
          );
          if (tooMany) return refused('validation_failed', tooMany);
        }
        break;
      }
      case 'demands':
        next = {
          ...content,
          user_id: current?.user_id ?? viewer.id,
          user: current?.user ?? { name: operator.name, user_type: viewer.role },
          created_at: current?.created_at ?? now,
          updated_at: now,
        };
        break;
      case 'favorites':
        next = { ...content, user_id: viewer.id, created_at: current?.created_at ?? now };
        break;
      case 'news':
        next = {
          ...content,
          author_id: current?.author_id ?? viewer.id,
          author_name: current?.author_name ?? operator.name,
          view_count: current?.view_count ?? 0,
          like_count: current?.like_count ?? 0,
          created_at: current?.created_at ?? now,
          updated_at: now,
        };
        break;
      case 'settings':
        next = { ...content, updated_at: now };
        break;
      case 'users':
        if (current && content.phone !== current.phone)
          return refused('forbidden', ACCESS_MESSAGES.phoneReadonly);
        next = { ...content, created_at: current?.created_at ?? now, updated_at: now };
        break;
      default:
        return refused('forbidden', ACCESS_MESSAGES.oplogReadOnly);
    }

    const schema = WRITE_SCHEMAS[collection];
    if (!schema) return refused('forbidden', ACCESS_MESSAGES.unknownCollection);
    const parsed = parseWithMessages(schema, next);
    if (!parsed.ok) return refused('validation_failed', parsed.message);
    const { id, ...stored } = parsed.data as { id: string } & Record<string, unknown>;

    // Visibility history: a stub may later be sent only for documents that were once visible.
    if (current) Object.assign(stored, visibilityHistory(collection, current));
    Object.assign(stored, visibilityHistory(collection, stored));
    return { ok: true, doc: { _id: id, ...stored } };
  }
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
};

/**
 * The gateway-only flags recording that a document was once visible to everyone: listings ever
 * public, articles ever published (also for documents written straight into the store, like demo data).
 */
function visibilityHistory(
  collection: SyncCollection,
  doc: Record<string, unknown>,
): Partial<Record<'ever_public' | 'ever_published', true>> {
  if (
    collection === 'properties' &&
    (doc.ever_public === true ||
      isPubliclyVisible(doc as unknown as { status: PropertyStatus; audit_status: AuditStatus }))
  ) {
    return { ever_public: true };
  }
  if (collection === 'news' && (doc.ever_published === true || doc.status === 'published'))
    return { ever_published: true };
  return {};
}

/** Fields a device decides on a listing (the rest the gateway sets). */
const DEVICE_PROPERTY_FIELDS = [
  ...OWNER_EDITABLE_PROPERTY_FIELDS,
  ...ADMIN_ONLY_PROPERTY_FIELDS.filter((f) => f !== 'audited_by' && f !== 'audited_at'),
];

/** Whether the store already holds what the device sends (same values in every field it decides). */
function alreadyApplied(current: StoredDoc, incoming: SyncDocument): boolean {
  return DEVICE_PROPERTY_FIELDS.every((f) => jsonEqual(current[f], incoming[f]));
}

/** A device's copy of a document in the store's shape (for log snapshots). */
function toStoredShape(doc: SyncDocument): StoredDoc {
  const { id, server_rev: _r, _deleted: _d, ...rest } = doc;
  return { _id: id, ...rest };
}

/** Whether two stored versions differ only in their revision and update time. */
function sameContent(a: StoredDoc, b: StoredDoc): boolean {
  const { _rev: _ra, updated_at: _ua, ...restA } = a;
  const { _rev: _rb, updated_at: _ub, ...restB } = b;
  return jsonEqual(restA, restB);
}

const CONTENT_FIELDS = [
  'title',
  'description',
  'type',
  'price',
  'area',
  'bedrooms',
  'rooms',
  'address',
  'features',
  'contact',
  'contact_phone',
  'panorama_url',
  'images',
  'media_items',
];
function contentChanged(current: StoredDoc, next: Record<string, unknown>): boolean {
  return CONTENT_FIELDS.some((f) => !jsonEqual(current[f], next[f]));
}
