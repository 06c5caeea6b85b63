/**
 * What each caller receives of a stored document (architecture §4): the visible ones in their client
 * shape (`id`, `server_rev`, no gateway-only fields), a deleted stub for ones the caller could have
 * seen before but may not see now, and nothing at all for ones they could never have seen.
 */
import { canReadDocument, projectPropertyFor, type Viewer } from '@couchdb/rules/access';
import { GATEWAY_ONLY_FIELDS } from '@couchdb/rules/collection-access';
import { couldHaveSeen } from '@couchdb/rules/visibility';
import type { UserRole } from '@couchdb/model/roles';
import type { SyncCollection, SyncDocument } from '@couchdb/model/sync';

/** A document as the store holds it. */
export type StoredDoc = { _id: string; _rev?: string; _deleted?: boolean } & Record<
  string,
  unknown
>;

/** The stored document in the model's shape (`id` instead of `_id`, gateway-only fields dropped). */
export function toModelDoc(doc: StoredDoc): Record<string, unknown> & { id: string } {
  const { _id, _rev: _r, _deleted: _d, ...rest } = doc;
  for (const f of GATEWAY_ONLY_FIELDS) delete rest[f];
  return { id: _id, ...rest };
}

export const deletedStub = (id: string): SyncDocument => ({ id, _deleted: true });

/**
 * The document as `viewer` receives it: the projection, a deleted stub, or null (never mention it).
 */
export function projectFor(
  collection: SyncCollection,
  viewer: Viewer,
  doc: StoredDoc,
  /** The caller's former role while the device re-pulls after a role change: it may hold more. */
  former?: UserRole,
): SyncDocument | null {
  const seen = () =>
    couldHaveSeen(collection, viewer, { ...doc, id: doc._id }) ||
    (viewer !== null &&
      former !== undefined &&
      couldHaveSeen(collection, { id: viewer.id, role: former }, { ...doc, id: doc._id }));
  if (doc._deleted) return seen() ? deletedStub(doc._id) : null;
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
  if (!visible) return seen() ? deletedStub(doc._id) : null;
  return { ...visible, id: doc._id, server_rev: doc._rev };
}
