/**
 * The store's databases and their Mango indexes (architecture §3). One database per document kind, so each
 * has its own _changes feed; `auth` is private to the gateway and never replicated to a device.
 */

/** Databases devices replicate (through the gateway's projection). */
export const SYNCED_DATABASES = [
  'properties',
  'demands',
  'news',
  'users',
  'settings',
  'favorites',
  'oplog',
  'saved_searches',
  'inbox',
] as const;
export type SyncedDatabase = (typeof SYNCED_DATABASES)[number];

/**
 * Gateway-only databases: password hashes, refresh tokens, phone uniqueness, seed marker (`auth`);
 * promotion statistics, one document per agent and day (`promotions`); training progress, one
 * document per agent (`training`); media upload quotas, one document per account (`uploads`); the
 * limits and counting windows every gateway shares, one small document per live key, swept when it
 * expires (`limits`, sync-server/services/limits/); reports of listings, one document per reporter
 * and listing (`reports`, sync-server/services/report-service.ts).
 */
export const PRIVATE_DATABASES = [
  'auth',
  'promotions',
  'training',
  'uploads',
  'limits',
  'reports',
] as const;
export type PrivateDatabase = (typeof PRIVATE_DATABASES)[number];

export type DatabaseName = SyncedDatabase | PrivateDatabase;

/**
 * Databases a CouchDB cluster keeps as one copy in one shard. Every gateway changes their documents
 * by compare-and-set, and a cluster whose copies of a document disagree can accept two writes on one
 * revision (one answered 202, short of a quorum), which would let a limit through twice. One copy
 * orders every write. What they hold expires within minutes, so losing that copy loses little.
 */
export const SINGLE_COPY_DATABASES: readonly DatabaseName[] = ['limits'];
export const ALL_DATABASES: readonly DatabaseName[] = [...SYNCED_DATABASES, ...PRIVATE_DATABASES];

export interface MangoIndex {
  name: string;
  fields: string[];
}

/** Indexes for the gateway's queries (admin lists, per-owner lists, log filters, token families). */
export const INDEXES: Partial<Record<DatabaseName, MangoIndex[]>> = {
  properties: [
    { name: 'by-owner', fields: ['user_id', 'created_at'] },
    { name: 'by-status', fields: ['status', 'audit_status', 'created_at'] },
  ],
  demands: [{ name: 'by-owner', fields: ['user_id', 'created_at'] }],
  favorites: [
    { name: 'by-owner', fields: ['user_id'] },
    { name: 'by-property', fields: ['property_id'] },
  ],
  news: [{ name: 'by-status', fields: ['status', 'category', 'created_at'] }],
  oplog: [
    { name: 'by-property', fields: ['property_id', 'created_at'] },
    { name: 'by-time', fields: ['created_at'] },
  ],
  users: [{ name: 'by-role', fields: ['user_type'] }],
  saved_searches: [{ name: 'by-owner', fields: ['user_id'] }],
  inbox: [{ name: 'by-owner', fields: ['user_id'] }],
  auth: [{ name: 'by-kind-user', fields: ['kind', 'user_id'] }],
  limits: [{ name: 'by-expiry', fields: ['record.expires_at'] }],
  reports: [
    { name: 'by-reporter', fields: ['reporter_id', 'created_at'] },
    { name: 'by-status', fields: ['status', 'property_id'] },
  ],
};

/**
 * Collections whose documents count against a per-user cap (sync-server/services/sync/owned-cap.ts),
 * and which of an owner's documents count: all live ones, or (listings) those whose status is not
 * `notStatus`. A map/reduce view counts them per owner without reading them.
 */
export const OWNED_COUNTED: Partial<Record<SyncedDatabase, { notStatus?: string }>> = {
  properties: { notStatus: 'deleted' },
  demands: {},
  favorites: {},
  saved_searches: {},
  inbox: {},
};

/** The design document and view that count an owner's documents (key: user_id; reduce: _count). */
export const OWNED_VIEW = { ddoc: 'owned', view: 'by-user' } as const;

/** The view's map function, as the store keeps it (source text). */
export function ownedMapSource({ notStatus }: { notStatus?: string }): string {
  const status = notStatus === undefined ? '' : ` && doc.status !== ${JSON.stringify(notStatus)}`;
  return `function (doc) { if (typeof doc.user_id === 'string'${status}) emit(doc.user_id, null); }`;
}

/** Whether `doc` counts for its owner under the view of `counted` (the same rule, for one doc). */
export function countsAsOwned(
  doc: Readonly<Record<string, unknown>>,
  counted: { notStatus?: string },
): boolean {
  return (
    typeof doc.user_id === 'string' &&
    (counted.notStatus === undefined || doc.status !== counted.notStatus)
  );
}
