/**
 * What each caller receives of a stored document (DESIGN §4): the visible ones in their client
 * shape (`id`, `server_rev`, no gateway-only fields), a deleted stub for ones the caller could have
 * seen before but may not see now, and nothing at all for ones they could never have seen.
 */
import { canReadDocument, projectPropertyFor, type Viewer } from '@couchdb/rules/access';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';

/** A document as the store holds it. */
export type StoredDoc = { _id: string; _rev?: string; _deleted?: boolean } & Record<
  string,
  unknown
>;

/** Fields the gateway keeps for itself (visibility history, never sent to devices). */
export const GATEWAY_ONLY_FIELDS = ['ever_public', 'ever_published'] as const;

/** The stored document in the model's shape (`id` instead of `_id`, gateway-only fields dropped). */
export function toModelDoc(doc: StoredDoc): Record<string, unknown> & { id: string } {
  const { _id, _rev: _r, _deleted: _d, ...rest } = doc;
  for (const f of GATEWAY_ONLY_FIELDS) delete rest[f];
  return { id: _id, ...rest };
}

export const deletedStub = (id: string): SyncDocument => ({ id, _deleted: true });

const owns = (viewer: Viewer, doc: StoredDoc) => viewer !== null && doc.user_id === viewer.id;

/** Whether the caller may ever have held this document (so a stub for it leaks nothing). */
export function couldHaveSeen(collection: SyncCollection, viewer: Viewer, doc: StoredDoc): boolean {
  const admin = viewer?.role === 'admin';
  switch (collection) {
    case 'properties':
      return admin || owns(viewer, doc) || doc.ever_public === true;
    case 'news':
      return admin || doc.ever_published === true;
    case 'demands':
      return admin || owns(viewer, doc);
    case 'favorites':
      return owns(viewer, doc);
    case 'users':
      return admin || (viewer !== null && doc._id === viewer.id);
    case 'settings':
      return true;
    case 'oplog':
      return admin;
  }
}

/**
 * The document as `viewer` receives it: the projection, a deleted stub, or null (never mention it).
 */
export function projectFor(
  collection: SyncCollection,
  viewer: Viewer,
  doc: StoredDoc,
): SyncDocument | null {
  if (doc._deleted) return couldHaveSeen(collection, viewer, doc) ? deletedStub(doc._id) : null;
  const model = toModelDoc(doc);
  const visible =
    collection === 'properties'
      ? (projectPropertyFor(
          viewer,
          model as unknown as Parameters<typeof projectPropertyFor>[1],
        ) as Record<string, unknown> | null)
      : canReadDocument(collection, model, viewer)
        ? model
        : null;
  if (!visible) return couldHaveSeen(collection, viewer, doc) ? deletedStub(doc._id) : null;
  return { ...visible, id: doc._id, server_rev: doc._rev };
}
