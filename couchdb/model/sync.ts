/**
 * The sync wire contract between a device's RxDB replication and the gateway (architecture §5).
 * Documents travel in their client shape (`id`, no CouchDB underscore fields) plus `server_rev`,
 * the store revision the device last saw, which the gateway uses to detect concurrent writes.
 */
import { clause } from './text-facts';
import type { ErrorCode } from './errors';
import { USER_ROLES } from './roles';

/** Collections a device replicates with the gateway (one store database each). */
export const SYNC_COLLECTIONS = [
  'properties',
  'news',
  'demands',
  'favorites',
  'settings',
  'users',
  'oplog',
  'saved_searches',
  'inbox',
] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];

export function isSyncCollection(name: string): name is SyncCollection {
  return (SYNC_COLLECTIONS as readonly string[]).includes(name);
}

/** Whom a checkpoint was made for: a visitor or a role (the pull scope depends on it). */
export const SYNC_SCOPES = ['visitor', ...USER_ROLES] as const;
export type SyncScope = (typeof SYNC_SCOPES)[number];

/**
 * A pull checkpoint: the opaque store sequence (never compared or computed on, only passed back)
 * and the scope it was made for. When the caller's role has changed since, the gateway pulls again
 * from the start for the new role and, while it does, sends a deleted stub for whatever the former
 * role (`was`) could have held and the new one may not see (architecture §4: role changed).
 */
export interface SyncCheckpoint {
  /** The store's sequence (opaque: compared with nothing, only looked up or passed back). */
  seq: string;
  /**
   * The set of document versions the gateway's change log held there, as a digest: how another
   * gateway, or this one after a restart, finds the position when `seq` is not one it read.
   */
  state?: string | null;
  /**
   * In a first sync, the last document id sent of the walk (in id order) of the set `state` names;
   * null once that walk is done (the gateway then goes on with the feed after it).
   */
  after?: string | null;
  role?: SyncScope;
  was?: SyncScope;
  /** The gateway's seal of `role` and `was` for this caller (the device cannot name them itself). */
  sig?: string;
}

/** A replicated document as it travels: the model's fields plus the replication fields. */
export type SyncDocument = { id: string; server_rev?: string; _deleted?: boolean } & Record<
  string,
  unknown
>;

/**
 * GET /api/sync/:collection/pull?checkpoint=<seq>&limit=<n>
 * (no checkpoint = from the start). Documents the caller may no longer see come as `{id, _deleted: true}`.
 */
export interface PullResponse {
  documents: SyncDocument[];
  checkpoint: SyncCheckpoint | null;
}
export const PULL_LIMIT_MAX = 500;
/** The longest document id a pull checkpoint's `after` may name (ids the gateway makes are shorter). */
export const SYNC_AFTER_MAX = 512;

/**
 * A visitor's first listing pull (public/boot-prefetch.js starts it while the app loads). The
 * gateway's first-screen HTML carries its answer instead, in a JSON <script> with this id, and
 * says so with a <meta name> of the same value so the early script does not fetch it again.
 */
export const FIRST_PULL_URL = `/api/sync/properties/pull?limit=${PULL_LIMIT_MAX}`;
export const FIRST_PULL_ELEMENT = 'cjfc-first-pull';

/**
 * The first pull as a first-screen page carries it: the answer, and the public listings the page
 * shows that it does not hold (on a county's store the first page is 500 listings by id, not the
 * county's featured and newest, nor a filter's first matches). The screens show both until the
 * device holds every listing; the replication stores only the answer, as it pulled it.
 */
export interface CarriedFirstPull extends PullResponse {
  shown?: SyncDocument[];
}
export const PULL_LIMIT_DEFAULT = 100;

/** POST /api/sync/:collection/push body: RxDB's change rows. */
export interface PushRow {
  assumedMasterState: SyncDocument | null;
  newDocumentState: SyncDocument;
}
export const PUSH_ROWS_MAX = 100;
/** A single document larger than this (JSON bytes) is refused. */
export const SYNC_DOC_MAX_BYTES = 64 * 1024;

/** Why the gateway refused one row; the row's id also appears in `conflicts` with the server's version. */
export interface PushRejection {
  id: string;
  code: ErrorCode;
  message: string;
}

export interface PushResponse {
  /** The server's current version of every row that was not accepted as sent (deleted stub if none). */
  conflicts: SyncDocument[];
  rejections: PushRejection[];
  /**
   * The stored version of every row that was accepted, as the caller sees it (server-owned fields
   * set). The device adopts it at once: a pull that crossed the push in flight has already moved
   * its checkpoint past this write, so the feed alone would never bring these fields.
   */
  accepted: SyncDocument[];
  /**
   * Ids of rows (also in `conflicts`) that sent, unchanged, an earlier server version the device
   * had pulled, with no version assumed: RxDB re-sends a pulled document so after a reload. Nothing
   * of the device's is lost; it takes the server's current version (not a clash).
   */
  resent: string[];
}

/** GET /api/sync/stream: Server-Sent Events. */
export const STREAM_EVENTS = {
  /** data: {"collection": "<name>"}: that collection changed, pull it. */
  change: 'change',
  /** data: {}: sent on connect and after the gateway lost its store feed; pull everything. */
  resync: 'resync',
} as const;
/** The reconnect wait a gateway that is shutting down gives (SSE `retry:`) as it ends the stream. */
export const STREAM_RECONNECT_MS = 1_000;
/** The gateway sends a comment line at this interval so proxies keep the stream open. */
export const STREAM_HEARTBEAT_MS = 25_000;

/**
 * Open event streams a gateway holds at once per signed-in account (its devices and tabs) and per
 * address (visitors behind one carrier address); beyond that the stream is refused with 429 and
 * the device waits Retry-After before trying again (it polls meanwhile).
 */
export const STREAM_LIMITS = {
  perAccount: 10,
  perAddress: 60,
  retryAfterSeconds: 60,
} as const;
/** The refusal beyond STREAM_LIMITS (apart from SYNC_MESSAGES: the device never shows it itself). */
export const TOO_MANY_STREAMS_MESSAGE = '同时打开的页面过多，实时更新已暂停，稍后自动恢复';

/** Refusal messages of the sync routes. */
export const SYNC_MESSAGES = {
  unknownCollection: '不支持的数据集合',
  docTooLarge: '数据过大，无法保存',
  tooManyRows: '一次提交的数据过多',
  badCheckpoint: '同步位置无效',
  idMismatch: '文档编号不一致',
  /** Device side: a local version lost a clash with another change and was kept aside. */
  clash: '与他人的修改冲突，已保留您的版本',
} as const;

/**
 * Counter endpoints (not replicated edits, so they never conflict). Visitors identify their device
 * with this header (a random id the device keeps); signed-in callers are identified by their token.
 *   POST /api/properties/:id/view     POST /api/properties/:id/contact
 *   POST /api/news/:id/view           POST /api/news/:id/like
 * Answer: `{counted: boolean, value: number}` (counted=false when this identity was already counted).
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export interface CounterResponse {
  counted: boolean;
  value: number;
}

/**
 * Counters count people, not requests (issue 16): a view or contact counts once per person and
 * window, a like once per person and like window; a person is a signed-in account, or a visitor's
 * device together with its address, and an address counts at most a few visitors per item and
 * window (a new device id per request must not inflate). An address may send so many counter calls
 * a minute; beyond that the gateway answers 429 and the device's queue tries again later.
 */
export const COUNTER_LIMITS = {
  viewWindowSeconds: 30 * 60,
  likeWindowSeconds: 30 * 24 * 60 * 60,
  visitorsPerAddressPerItem: 3,
  callsPerAddressPerMinute: 120,
} as const;

/**
 * A local change the server refused, as its author sees it on /manage and in the edit form it
 * reopens (architecture §5: the refused local version is kept and shown, never lost silently).
 */
export const REFUSED_CHANGE_MESSAGES = {
  summary: (title: string, reason: string) => `未能提交「${title}」：${reason}`,
  editAndResend: '修改后重新提交',
  dismiss: '知道了',
  editHint: (reason: string) =>
    `服务器未接受您之前的修改：${clause(reason)}。已填入您当时的内容，修改后保存即重新提交。`,
  resendAsNew: (reason: string) =>
    `服务器未接受这条内容：${clause(reason)}。它已不在服务器上，修改后保存将作为新内容重新提交。`,
} as const;
