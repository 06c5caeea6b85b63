/**
 * Pull (DESIGN §5): up to `limit` documents visible to the caller changed after the device's
 * checkpoint, projected for the caller, and the next checkpoint. Served from the gateway's
 * in-memory change log when it knows the checkpoint, else from the store's _changes feed.
 */
import type nano from 'nano';
import {
  PULL_LIMIT_MAX,
  type PullResponse,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import type { Viewer } from '@couchdb/rules/access';
import type { Store } from '../../store/couch';
import type { ChangeFeed } from '../change-feed';
import { projectFor, type StoredDoc } from '../projection';

/** _changes rows read per round trip while collecting a page of visible documents. */
const SCAN_PAGE = 500;

export interface PullRequest {
  collection: SyncCollection;
  viewer: Viewer;
  checkpoint: SyncCheckpoint | null;
  limit: number;
}

export async function pullChanges(
  store: Store,
  feed: ChangeFeed | undefined,
  request: PullRequest,
): Promise<PullResponse> {
  return (
    pullFromLog(feed, request) ??
    pullFromStore(store, { ...request, limit: Math.min(request.limit, PULL_LIMIT_MAX) })
  );
}

/** From the change log, or undefined when it does not reach back to the checkpoint. */
function pullFromLog(
  feed: ChangeFeed | undefined,
  { collection, viewer, checkpoint, limit }: PullRequest,
): PullResponse | undefined {
  const want = Math.min(limit, PULL_LIMIT_MAX);
  const log = feed?.log(collection);
  const start = log?.startAfter(checkpoint?.seq ?? null);
  if (!log || start === undefined) return undefined;
  const documents: SyncDocument[] = [];
  const last = log.scan(start, (doc) => {
    const projected = projectFor(collection, viewer, doc);
    if (projected) documents.push(projected);
    return documents.length < want;
  });
  return { documents, checkpoint: { seq: last ?? checkpoint?.seq ?? '0' } };
}

async function pullFromStore(
  store: Store,
  { collection, viewer, checkpoint, limit }: PullRequest,
): Promise<PullResponse> {
  const db = store.db<StoredDoc>(collection);
  const documents: SyncDocument[] = [];
  // Read about as many changes as are wanted: most are usually visible; sparse feeds take more rounds.
  const scan = Math.min(Math.max(limit, 50), SCAN_PAGE);
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
      if (documents.length >= limit) return { documents, checkpoint: { seq: last } };
    }
    if (res.results.length < scan) break;
    since = String(res.last_seq);
    last = since;
  }
  return { documents, checkpoint: { seq: last } };
}
