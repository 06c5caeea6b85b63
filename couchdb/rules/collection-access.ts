/**
 * The access table of architecture §4, written once: per replicated collection and role, what the role
 * pulls and writes; per collection, which fields the gateway owns, which an owner edits and which
 * only an admin sets. The gateway's routes and write policies, the device's replication set and its
 * database's collection set all derive from it.
 */
import type { UserRole } from '../model/roles';
import { USER_ROLES } from '../model/roles';
import { SYNC_COLLECTIONS, type SyncCollection } from '../model/sync';
import { isPubliclyVisible } from './public-listing';

/** The replicated collections (one store database each); the names live in the sync contract. */
export const COLLECTIONS = SYNC_COLLECTIONS;
export type Collection = SyncCollection;

/** Who is asking: a visitor (not signed in) or a signed-in role. */
export type AccessRole = 'visitor' | UserRole;
export const ACCESS_ROLES: readonly AccessRole[] = ['visitor', ...USER_ROLES];

/**
 * What a role reads of a collection: nothing, the public part, its own documents, both, or all.
 * What counts as public and as own is the collection's `isPublic` and `owner`.
 */
export type ReadScope = 'none' | 'public' | 'own' | 'public+own' | 'all';
/** What a role may write: nothing, its own documents, or any (the write rules refine it per field). */
export type WriteScope = 'none' | 'own' | 'all';

/** Content fields an owner may change on their own listing (status within product §4 rules). */
export const OWNER_EDITABLE_PROPERTY_FIELDS = [
  'title',
  'description',
  'type',
  'price',
  'area',
  'bedrooms',
  'rooms',
  'address',
  'facts',
  'features',
  'contact',
  'contact_phone',
  'panorama_url',
  'verification_code',
  'location',
  'images',
  'media_items',
  'status',
] as const;
/**
 * Fields only an admin changes (audit, priority, featured, the check of the verification code, the
 * notice after a report).
 */
export const ADMIN_ONLY_PROPERTY_FIELDS = [
  'audit_status',
  'audit_comment',
  'audited_by',
  'audited_at',
  'is_priority',
  'is_featured',
  'verification_status',
  'moderation',
] as const;
/** Fields nobody changes once the listing exists. */
export const IMMUTABLE_PROPERTY_FIELDS = ['id', 'user_id', 'created_at'] as const;
/** Fields the gateway sets itself on every write (counters come from counter endpoints). */
export const SERVER_MANAGED_PROPERTY_FIELDS = ['view_count', 'owner', 'updated_at'] as const;

/** Fields a user may change on their own profile; role, verification and phone are not among them. */
export const OWN_PROFILE_FIELDS = ['name', 'avatar_url', 'company', 'position'] as const;

type Doc = Readonly<Record<string, unknown>>;

export interface CollectionAccess {
  /** What each role pulls (architecture §4 table). */
  read: Readonly<Record<AccessRole, ReadScope>>;
  /** What each role may push; `none` for every role means only the gateway writes it. */
  write: Readonly<Record<AccessRole, WriteScope>>;
  /** The field naming the document's owner (`own` above). */
  owner?: 'user_id' | 'id';
  /** Whether a document is public (`public` above). */
  isPublic?: (doc: Doc) => boolean;
  /**
   * The gateway-only flag recording that a document was once public, so that a deleted stub is
   * later sent only to devices that could have held it (never sent to devices).
   */
  everPublicFlag?: 'ever_public' | 'ever_published';
  /** Fields the gateway sets on every write, whatever the device sends. */
  serverOwned: readonly string[];
  /** Fields an owner edits on their own document (absent: every field the gateway does not own). */
  ownerEditable?: readonly string[];
  /** Fields only an admin sets on a new document, with the one value anyone else may send. */
  adminOnlyOnCreate?: Readonly<Record<string, unknown>>;
  /** Fields only an admin changes on an existing document. */
  adminOnlyOnUpdate?: readonly string[];
}

const signedIn = <S>(user: S, admin: S) => ({ user, agent: user, admin });

/** architecture §4, row by row. */
export const COLLECTION_ACCESS: Readonly<Record<Collection, CollectionAccess>> = {
  properties: {
    read: { visitor: 'public', ...signedIn<ReadScope>('public+own', 'all') },
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'all') },
    owner: 'user_id',
    isPublic: (doc) => isPubliclyVisible(doc as unknown as Parameters<typeof isPubliclyVisible>[0]),
    everPublicFlag: 'ever_public',
    serverOwned: [
      ...SERVER_MANAGED_PROPERTY_FIELDS,
      'user_id',
      'created_at',
      'audited_by',
      'audited_at',
      'price_history',
      'verified_by',
      'verified_at',
    ],
    ownerEditable: OWNER_EDITABLE_PROPERTY_FIELDS,
    adminOnlyOnCreate: {
      is_priority: false,
      is_featured: false,
      audit_status: 'pending',
      verification_status: 'unchecked',
      moderation: null,
    },
    adminOnlyOnUpdate: ADMIN_ONLY_PROPERTY_FIELDS,
  },
  news: {
    read: { visitor: 'public', ...signedIn<ReadScope>('public', 'all') },
    write: { visitor: 'none', ...signedIn<WriteScope>('none', 'all') },
    isPublic: (doc) => doc.status === 'published',
    everPublicFlag: 'ever_published',
    serverOwned: [
      'author_id',
      'author_name',
      'view_count',
      'like_count',
      'created_at',
      'updated_at',
    ],
  },
  demands: {
    read: { visitor: 'none', ...signedIn<ReadScope>('own', 'all') },
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'all') },
    owner: 'user_id',
    serverOwned: ['user_id', 'user', 'created_at', 'updated_at'],
  },
  favorites: {
    // Favourites are private even from admins.
    read: { visitor: 'none', ...signedIn<ReadScope>('own', 'own') },
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'own') },
    owner: 'user_id',
    serverOwned: ['user_id', 'created_at'],
  },
  settings: {
    read: { visitor: 'all', ...signedIn<ReadScope>('all', 'all') },
    write: { visitor: 'none', ...signedIn<WriteScope>('none', 'all') },
    serverOwned: ['updated_at'],
  },
  users: {
    read: { visitor: 'none', ...signedIn<ReadScope>('own', 'all') },
    // Accounts are created by registering; the phone never changes (it is the login).
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'all') },
    owner: 'id',
    serverOwned: ['created_at', 'updated_at'],
    ownerEditable: OWN_PROFILE_FIELDS,
    adminOnlyOnUpdate: ['user_type', 'is_verified'],
  },
  oplog: {
    read: { visitor: 'none', ...signedIn<ReadScope>('none', 'all') },
    write: { visitor: 'none', ...signedIn<WriteScope>('none', 'none') },
    serverOwned: [],
  },
  // Issue 19: a user's saved searches and 消息 inbox, private even from admins like favourites.
  saved_searches: {
    read: { visitor: 'none', ...signedIn<ReadScope>('own', 'own') },
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'own') },
    owner: 'user_id',
    serverOwned: ['user_id', 'created_at', 'updated_at'],
  },
  inbox: {
    read: { visitor: 'none', ...signedIn<ReadScope>('own', 'own') },
    // Devices write matches and digests and mark entries read; notices only the gateway writes.
    write: { visitor: 'none', ...signedIn<WriteScope>('own', 'own') },
    owner: 'user_id',
    serverOwned: ['user_id', 'created_at'],
    ownerEditable: ['read_at', 'property_ids', 'title', 'body'],
  },
};

/** The role a caller acts as (null: a visitor). */
export const accessRoleOf = (viewer: { role: UserRole } | null): AccessRole =>
  viewer?.role ?? 'visitor';

/** What `role` pulls of `collection`. */
export function readScope(collection: Collection, role: AccessRole): ReadScope {
  return COLLECTION_ACCESS[collection].read[role];
}

/** Whether only the gateway writes `collection` (the operation log). */
export function isGatewayWritten(collection: Collection): boolean {
  return ACCESS_ROLES.every((role) => COLLECTION_ACCESS[collection].write[role] === 'none');
}

/**
 * Collections a device only reads even though the gateway takes writes of them: the account
 * document changes through the account API (/api/auth/me, admins' /api/admin/users), never on the
 * device. Pushing it could only re-send a copy the device pulled (RxDB does so after a reload when
 * its record of the pulled version is missing), which loses to the newer server copy as a clash
 * and shows the user a refused change they never made.
 */
const DEVICE_READ_ONLY: readonly Collection[] = ['users'];

/**
 * Whether a device of `role` pushes its local writes of `collection`. A signed-in device pushes
 * every collection it writes at all, even one its role may not write now: a role can change
 * while the device holds offline writes, and the gateway's refusal then reaches the author
 * (architecture §5, nothing is lost silently). Visitors never push.
 */
export function devicePushes(collection: Collection, role: AccessRole): boolean {
  return (
    role !== 'visitor' && !isGatewayWritten(collection) && !DEVICE_READ_ONLY.includes(collection)
  );
}

/** The collections a device of `role` replicates, and whether it pushes each (architecture §4–§5). */
export function replicatedCollections(role: AccessRole): { name: Collection; push: boolean }[] {
  return COLLECTIONS.filter((name) => readScope(name, role) !== 'none').map((name) => ({
    name,
    push: devicePushes(name, role),
  }));
}

/** The fields the gateway keeps for itself (visibility history): never sent to devices. */
export const GATEWAY_ONLY_FIELDS: readonly string[] = COLLECTIONS.flatMap((name) => {
  const flag = COLLECTION_ACCESS[name].everPublicFlag;
  return flag ? [flag] : [];
});
