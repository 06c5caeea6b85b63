/**
 * Pull (architecture §5): up to `limit` documents visible to the caller changed after the device's
 * checkpoint, projected for the caller, and the next checkpoint. Served from the gateway's
 * in-memory change log when it knows the checkpoint (by its sequence, or by the set of versions it
 * names: a checkpoint another gateway gave, or this one before a restart), else from the store's
 * _changes feed.
 * A first sync walks what the log held when it began in id order, then the feed from there: its
 * checkpoints name that set and the last id sent (`after`), which any gateway that held the same
 * set walks in the same order, so a device may change gateways in the middle of its first sync.
 * While writes are in flight, a signed-in caller's pull first waits briefly for the feed to bring
 * the writes this gateway acknowledged before it came (agents, owners and admins act on each
 * other's writes: a submission, its review); if the feed is later than that, the log is read as it
 * is, except by a caller whose own writes are among the missing ones (read-your-writes): that
 * caller alone reads the store. A visitor has no writes to wait for and reads the log at once, as
 * it is: a write the feed brings a moment later reaches them through their event stream's poke.
 * A visitor's page depends on nothing but the log, so it is encoded once and reused (pull-pages.ts).
 */
import type nano from 'nano';
import {
  PULL_LIMIT_MAX,
  type PullResponse,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncDocument,
  type SyncScope,
} from '@couchdb/model/sync';
import type { UserRole } from '@couchdb/model/roles';
import type { Viewer } from '@couchdb/rules/access';
import { accessRoleOf } from '@couchdb/rules/collection-access';
import type { Store } from '../../store/couch';
import type { ChangeFeed } from '../change-feed';
import type { ChangeLog } from '../change-log';
import { projectFor, type StoredDoc } from './projection';
import type { CheckpointSeal } from './checkpoint-seal';
import { encodePull, type EncodedPull, type PullPages } from './pull-pages';

/** _changes rows read per round trip while collecting a page of visible documents. */
const SCAN_PAGE = 500;
/** How long a signed-in caller's pull waits for this gateway's earlier writes to reach the change log. */
export const WRITES_WAIT_MS = 500;

export interface PullRequest {
  collection: SyncCollection;
  viewer: Viewer;
  checkpoint: SyncCheckpoint | null;
  limit: number;
}

interface ScopedPull extends PullRequest {
  former: UserRole | undefined;
}

/** How many pulls were answered from the change log and how many read the store (for the metrics). */
export interface PullSources {
  memory: number;
  store: number;
}

export async function pullChanges(
  store: Store,
  feed: ChangeFeed | undefined,
  seal: CheckpointSeal,
  sources: PullSources,
  request: PullRequest,
): Promise<PullResponse> {
  const { scope, scoped, log, position } = await prepare(feed, seal, request);
  return pullScoped(store, log, position, scope, scoped, sources);
}

/**
 * The pull as the JSON bytes sent to the device. A visitor's page read from the log is the same for
 * every visitor until the log moves, so it comes from `pages` when another visitor asked for it
 * already; any other caller's is projected and encoded for them alone.
 */
export async function pullEncoded(
  store: Store,
  feed: ChangeFeed | undefined,
  pages: PullPages,
  seal: CheckpointSeal,
  sources: PullSources,
  request: PullRequest,
): Promise<EncodedPull> {
  const { scope, scoped, log, position } = await prepare(feed, seal, request);
  if (log && position && scoped.viewer === null && scoped.former === undefined) {
    sources.memory++;
    const want = Math.min(request.limit, PULL_LIMIT_MAX);
    return pages.visitorPage(request.collection, log, position, want, () =>
      answer(readLog(log, position, scoped), scope, want),
    );
  }
  return encodePull(await pullScoped(store, log, position, scope, scoped, sources));
}

/**
 * Where a pull resumes in the change log: at position `start` of its feed; in a first sync's walk
 * (`after` named), first at the documents held before `start` whose ids come after `after`.
 */
interface LogPosition {
  start: number;
  after?: string;
}

/** The caller's scope, and the log to read with the position the checkpoint resumes at, if any. */
async function prepare(feed: ChangeFeed | undefined, seal: CheckpointSeal, request: PullRequest) {
  const scope = rescope(request, seal);
  const scoped: ScopedPull = { ...request, checkpoint: scope.from, former: scope.former };
  const log = await readableLog(feed, scoped);
  return { scope, scoped, log, position: log && positionIn(log, scope.from) };
}

/** Where `from` resumes in `log`: undefined when the log does not know it. */
function positionIn(log: ChangeLog, from: SyncCheckpoint | null): LogPosition | undefined {
  if (!from || (from.seq === '0' && !from.after)) {
    // A first sync: the walk of everything the log holds now, then what comes after it.
    return log.changes > 0 ? { start: log.changes, after: '' } : { start: 0 };
  }
  const start = log.startAfter(from.seq, from.state ?? undefined);
  if (start === undefined) return undefined;
  return from.after ? { start, after: from.after } : { start };
}

async function pullScoped(
  store: Store,
  log: ChangeLog | undefined,
  position: LogPosition | undefined,
  scope: Scope,
  scoped: ScopedPull,
  sources: PullSources,
): Promise<PullResponse> {
  const want = Math.min(scoped.limit, PULL_LIMIT_MAX);
  sources[log && position ? 'memory' : 'store']++;
  const res =
    log && position
      ? readLog(log, position, scoped)
      : await pullFromStore(store, log, { ...scoped, limit: want });
  return answer(res, scope, want);
}

/** The answer's checkpoint: the caller's role, and the former one until a re-pull has caught up. */
function answer(res: PullResponse, scope: Scope, want: number): PullResponse {
  // The former role is carried until the re-pull has caught up (a page shorter than asked for).
  const was = scope.former && res.documents.length >= want ? scope.former : undefined;
  const sig = scope.sign(was);
  return {
    documents: res.documents,
    checkpoint: res.checkpoint && {
      seq: res.checkpoint.seq,
      // Always named, null when unknown: the device merges each checkpoint into the one before.
      state: res.checkpoint.state ?? null,
      after: res.checkpoint.after ?? null,
      role: scope.role,
      ...(was ? { was } : {}),
      sig,
    },
  };
}

interface Scope {
  role: SyncScope;
  from: SyncCheckpoint | null;
  former: UserRole | undefined;
  /** The seal of the answer's checkpoint, with this former role. */
  sign(was: UserRole | undefined): string;
}

/**
 * How far the device has seen for the caller's role now; all of it again after a role change. The
 * roles a checkpoint names count only under the gateway's seal: one it did not seal (forged, or from
 * before seals) names no former role, and if its role is not the caller's the device pulls all.
 */
function rescope({ viewer, checkpoint }: PullRequest, seal: CheckpointSeal): Scope {
  const role: SyncScope = accessRoleOf(viewer);
  const sign = (was: UserRole | undefined) => seal.sign(viewer, role, was);
  const formerOf = (scope: SyncScope | undefined) =>
    scope && scope !== 'visitor' && scope !== role ? scope : undefined;
  if (checkpoint?.role && !seal.verify(viewer, checkpoint)) {
    const same = checkpoint.role === role;
    return { role, from: same ? checkpoint : null, former: undefined, sign };
  }
  if (!checkpoint?.role || checkpoint.role === role) {
    return { role, from: checkpoint, former: formerOf(checkpoint?.was), sign };
  }
  // The role changed: pull from the start; stubs cover what either former role could hold.
  const candidates = [formerOf(checkpoint.role), formerOf(checkpoint.was)].filter(
    (r): r is UserRole => r !== undefined,
  );
  const former = candidates.includes('admin') ? 'admin' : candidates[0];
  return { role, from: null, former, sign };
}

/**
 * The change log to read: at once for a visitor; for a signed-in caller once it holds this
 * gateway's earlier writes (or the wait is over). Undefined when there is none or it does not hold
 * the caller's own writes in time.
 */
async function readableLog(
  feed: ChangeFeed | undefined,
  { collection, viewer }: ScopedPull,
): Promise<ChangeLog | undefined> {
  const log = feed?.log(collection);
  if (!log || !viewer) return log;
  const caughtUp = await log.waitUntil(log.mark(), WRITES_WAIT_MS);
  if (!caughtUp && log.awaitsWriter(viewer.id)) return undefined;
  return log;
}

/** A page from the change log, from `position`. */
function readLog(
  log: ChangeLog,
  { start, after }: LogPosition,
  { collection, viewer, limit, former }: ScopedPull,
): PullResponse {
  const want = Math.min(limit, PULL_LIMIT_MAX);
  const documents: SyncDocument[] = [];
  if (after !== undefined) {
    let sent = after;
    log.scanHeld(start, after, (doc) => {
      const projected = projectFor(collection, viewer, doc, former);
      if (projected) {
        documents.push(projected);
        sent = doc._id;
      }
      return documents.length < want;
    });
    if (documents.length >= want) {
      return { documents, checkpoint: { ...log.checkpointBefore(start), after: sent } };
    }
  }
  const last = log.scan(start, (doc) => {
    const projected = projectFor(collection, viewer, doc, former);
    if (projected) documents.push(projected);
    return documents.length < want;
  });
  // Nothing new: the position the device resumed at, in this log's own terms.
  return {
    documents,
    checkpoint: last === undefined ? log.checkpointBefore(start) : log.checkpointAt(last),
  };
}

/**
 * A page read from the store's _changes feed. A read that reaches the end of the feed gives, where
 * it can, a checkpoint of the change log instead of the store's sequence, so the device's next pull
 * is answered from memory again: its position in the log from before the read began, when the store
 * keeps one copy of each change (the read then held all the log held) and the log already holds
 * every version the page sends, or a newer one (the next pull sends nothing older). What the log
 * took in during the read comes again then.
 */
async function pullFromStore(
  store: Store,
  log: ChangeLog | undefined,
  { collection, viewer, checkpoint, limit, former }: ScopedPull,
): Promise<PullResponse> {
  const before = log?.singleCopy ? log.changes : 0;
  const db = store.db<StoredDoc>(collection);
  const documents: SyncDocument[] = [];
  const sent: StoredDoc[] = [];
  // Read about as many changes as are wanted: most are usually visible; sparse feeds take more rounds.
  const scan = Math.min(Math.max(limit, 50), SCAN_PAGE);
  const visit = (doc: StoredDoc) => {
    const projected = projectFor(collection, viewer, doc, former);
    if (projected) {
      documents.push(projected);
      sent.push(doc);
    }
    return documents.length < limit;
  };
  if (checkpoint?.after) {
    // A first sync's walk another gateway began: the documents after its last id as they are now.
    // A version newer than the walk's set comes again with the feed after the walk (the same
    // version twice, never an older one after a newer).
    const passed = await walkStore(db, checkpoint.after, scan, visit);
    if (passed !== undefined) {
      return {
        documents,
        checkpoint: { seq: checkpoint.seq, state: checkpoint.state ?? null, after: passed },
      };
    }
  }
  let since = checkpoint?.seq ?? '0';
  let last = since;
  for (;;) {
    const res = await db.changes({ since, limit: scan, include_docs: true });
    for (const row of res.results as (nano.DatabaseChangesResultItem & { doc?: StoredDoc })[]) {
      last = String(row.seq);
      if (row.id.startsWith('_design/') || !row.doc) continue;
      const doc = row.deleted ? { ...row.doc, _deleted: true } : row.doc;
      if (!visit(doc)) return { documents, checkpoint: { seq: last } };
    }
    if (res.results.length < scan) break;
    since = String(res.last_seq);
    last = since;
  }
  if (log && before > 0 && sent.every((doc) => log.holds(doc))) {
    return { documents, checkpoint: log.checkpointBefore(before) };
  }
  return { documents, checkpoint: { seq: last } };
}

/**
 * Walks the store's documents in id order from the first id after `after`, `scan` a read, calling
 * `visit` until it returns false: the id it stopped at then, undefined when the walk ran out.
 */
async function walkStore(
  db: nano.DocumentScope<StoredDoc>,
  after: string,
  scan: number,
  visit: (doc: StoredDoc) => boolean,
): Promise<string | undefined> {
  let passed = after;
  for (;;) {
    const res = await db.list({ include_docs: true, startkey: passed, limit: scan + 1 });
    for (const row of res.rows) {
      // The read starts at `passed` itself; ids compare as the change log's (by code unit).
      if (row.id <= passed) continue;
      passed = row.id;
      if (row.id.startsWith('_design/') || !row.doc) continue;
      if (!visit(row.doc as StoredDoc)) return passed;
    }
    if (res.rows.length < scan + 1) return undefined;
  }
}
