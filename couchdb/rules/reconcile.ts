/**
 * The conflict policy of architecture §5 as a pure function: what a device keeps when its write met a
 * different server version. The device's RxDB conflict handler calls it; a non-empty `clash` means
 * the local version lost somewhere and is kept aside for its author.
 */
import type { SyncCollection, SyncDocument } from '../model/sync';
import { COLLECTION_ACCESS } from './collection-access';
import { jsonEqual } from './json-equal';
import { AUDIT_DECISION_FIELDS } from './property-status';
import { DIGEST_MAX_LISTINGS, INBOX_MESSAGES } from '../model/saved-search-facts';

/** Fields the gateway sets itself: always taken from the server's version. */
export const SERVER_MANAGED_FIELDS = [
  'server_rev',
  'user_id',
  'created_at',
  'updated_at',
  'view_count',
  'like_count',
  'owner',
  'user',
  // A listing's accepted prices (issue 18): a re-sent create or a price edit never clashes on it.
  'price_history',
] as const;

/** Fields only admins control, per collection: the server's value wins unless the author is an admin. */
export const ADMIN_CONTROLLED_FIELDS: Partial<Record<SyncCollection, readonly string[]>> = {
  properties: COLLECTION_ACCESS.properties.adminOnlyOnUpdate ?? [],
  // The phone is the login: nobody changes it on a device.
  users: [...(COLLECTION_ACCESS.users.adminOnlyOnUpdate ?? []), 'phone'],
};

/** The pseudo-field a clash names when one side deleted the document and the other changed it. */
export const DELETED_FIELD = '_deleted';

export interface ReconcileInput {
  /** The server version the device's write was based on (null/undefined for a local create). */
  assumed: SyncDocument | null | undefined;
  /** The server's current version (a deleted stub when it has none). */
  master: SyncDocument;
  /** The device's version that was not accepted. */
  local: SyncDocument;
}

export interface ReconcileResult {
  /** The version the device keeps (and pushes again when it differs from `master`). */
  doc: SyncDocument;
  /** Fields where the local value lost to a different server value; empty when nothing was lost. */
  clash: string[];
}

const MANAGED = new Set<string>(SERVER_MANAGED_FIELDS);
const AUDIT_DECISION = new Set<string>(AUDIT_DECISION_FIELDS);
const isDeleted = (d: SyncDocument | null | undefined): boolean => d?._deleted === true;

/** Content fields (not id, deletion flag or server-managed) of the given documents. */
function contentKeys(...docs: (SyncDocument | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const d of docs) {
    for (const k of Object.keys(d ?? {})) {
      if (k !== 'id' && k !== DELETED_FIELD && !MANAGED.has(k)) keys.add(k);
    }
  }
  return [...keys];
}

function changed(
  key: string,
  from: SyncDocument | null | undefined,
  to: SyncDocument | null | undefined,
): boolean {
  // With no base version every field counts as changed.
  if (!from) return true;
  return !jsonEqual(from[key], to?.[key]);
}

/**
 * Reconciles a refused local write with the server's version (architecture §5):
 * - server-managed fields always come from the server;
 * - fields only admins control keep the server's value (an admin's own edit merges when the server
 *   did not change the field);
 * - an audit decision is one change: once the server's audit status moved (another admin decided
 *   first), none of the device's audit fields merge, not even a rejection reason the server lacks;
 * - a field only the device changed merges onto the server's version;
 * - a field both changed to different values keeps the server's value and is listed in `clash`;
 * - a deletion on either side against a content change on the other keeps the server's version,
 *   with `_deleted` in `clash`; a deletion against an unchanged server version is re-applied.
 */
export function reconcile(
  collection: SyncCollection,
  { assumed, master, local }: ReconcileInput,
  author: { admin: boolean } = { admin: false },
): ReconcileResult {
  if (isDeleted(master)) {
    const localEdited =
      !isDeleted(local) && contentKeys(assumed, local).some((k) => changed(k, assumed, local));
    return { doc: master, clash: localEdited ? [DELETED_FIELD] : [] };
  }
  if (isDeleted(local)) {
    const serverEdited = contentKeys(assumed, master).some((k) => changed(k, assumed, master));
    return serverEdited
      ? { doc: master, clash: [DELETED_FIELD] }
      : { doc: { ...master, _deleted: true }, clash: [] };
  }

  if (collection === 'inbox') return { doc: mergeInboxEntries(master, local), clash: [] };

  const adminControlled = new Set(ADMIN_CONTROLLED_FIELDS[collection] ?? []);
  const serverDecided = collection === 'properties' && changed('audit_status', assumed, master);
  const doc: SyncDocument = { ...master };
  const clash: string[] = [];
  for (const key of contentKeys(assumed, master, local)) {
    if (!changed(key, assumed, local) || jsonEqual(local[key], master[key])) continue;
    const serverChanged = changed(key, assumed, master);
    if (adminControlled.has(key) && !author.admin) {
      clash.push(key);
    } else if (serverDecided && AUDIT_DECISION.has(key)) {
      clash.push(key);
    } else if (serverChanged) {
      clash.push(key);
    } else if (local[key] === undefined) {
      delete doc[key];
    } else {
      doc[key] = local[key];
    }
  }
  return { doc, clash };
}

/**
 * Two devices of one user write the same inbox entry (its id is the event's): nothing is lost
 * either way, so they merge without a clash. Read on either side stays read, and a digest lists
 * the listings of both.
 */
function mergeInboxEntries(master: SyncDocument, local: SyncDocument): SyncDocument {
  const doc: SyncDocument = { ...master };
  const readAt = [master.read_at, local.read_at].filter((v): v is string => typeof v === 'string');
  if (readAt.length) doc.read_at = readAt.sort()[0];
  if (master.kind === 'digest') {
    const ids = [...new Set([...asIds(master.property_ids), ...asIds(local.property_ids)])].slice(
      0,
      DIGEST_MAX_LISTINGS,
    );
    if (ids.length > asIds(master.property_ids).length) {
      doc.property_ids = ids;
      doc.body = INBOX_MESSAGES.digestBody(ids.length);
    }
  }
  return doc;
}

const asIds = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
