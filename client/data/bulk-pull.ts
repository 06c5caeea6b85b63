/**
 * A collection's catch-up pull run where its storage is: in the storage worker, which fetches the
 * gateway's pull pages one after another (the next one downloading while this one is written),
 * parses them and writes them into the collection's storage instance itself. The page's RxDB sees
 * the writes as change events, as it sees another tab's; its replication gets back only the last
 * document with the checkpoint after it, which it stores as if it had pulled everything itself.
 *
 * On a county's 10,000 listings and a phone's CPU, RxDB's own pull did the work on the page: each
 * page parsed there, each document prepared for its write there (its fork state read, compared,
 * cloned), the whole write sent to the worker and its change events sent back (issue 17). Here only
 * the change events cross.
 *
 * Only for a collection the device never writes (its replication only pulls, so RxDB keeps no
 * state of its own per document: `skipStoringPullMeta`): the document as the gateway sent it, with
 * the storage's fields, is all RxDB would have written.
 */
import {
  createRevision,
  now,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb';
import type {
  PullResponse,
  SyncCheckpoint,
  SyncCollection,
  SyncDocument,
} from '@couchdb/model/sync';
import { pullUrl } from './pull-url';

/** The custom request the page sends its storage worker (storage-channel.ts). */
export const BULK_PULL = 'cjfc-bulk-pull';

/**
 * Documents a write carries at most. A write of 250 cost about 0.22 ms a listing against 0.13 in
 * one write of 10,000 (bench first-sync); the page gets the events 100 a message whatever the size
 * (storage-channel.ts CHANGE_EVENTS_A_MESSAGE).
 */
export const BULK_WRITE_ROWS = 500;

/** A pull page taking longer than this fails the catch-up (the page's replication pulls again). */
export const BULK_PULL_TIMEOUT_MS = 30_000;

export interface BulkPullRequest {
  kind: typeof BULK_PULL;
  /** The collection's storage instance, as the page's RxDB opened it. */
  databaseName: string;
  collectionName: string;
  schemaVersion: number;
  collection: SyncCollection;
  /** '' for the same origin. */
  baseUrl: string;
  /** Where the pull starts (undefined: the beginning). */
  checkpoint: SyncCheckpoint | undefined;
  pageSize: number;
  /** The page's headers of the moment (its token, the visitor's device id). */
  headers: Record<string, string>;
  /**
   * The writes' context: the page's replication's own for its pulled writes, so that it takes
   * these as pulled too, not as the device's changes to look at for sending.
   */
  context: string;
}

export interface BulkPullResult {
  /**
   * The last document pulled, not written here: the page's replication stores it, then the
   * checkpoint. Empty when nothing was pulled.
   */
  documents: SyncDocument[];
  /** Where the next pull starts (the last page's checkpoint). */
  checkpoint: SyncCheckpoint | null;
  /** Documents written here. */
  written: number;
  pulls: number;
}

/** Sends the request to the storage worker; null where the storage runs on the page. */
export type BulkPuller = (request: BulkPullRequest) => Promise<BulkPullResult>;

type Instance = RxStorageInstance<SyncDocument, unknown, unknown>;

/** The token this side's revisions carry (RxDB's own carry its database's; any string works). */
const REVISION_TOKEN = 'bulkpull';

/**
 * Pulls from `request.checkpoint` until a page is not full and writes what came into `instance`,
 * all but the last document. A failed fetch or write rejects: what was written stays (the page's
 * replication pulls again from its own checkpoint and finds those documents already stored).
 */
export async function bulkPull(
  instance: Instance,
  request: BulkPullRequest,
  fetchPage: (url: string) => Promise<PullResponse> = pageFetcher(request.headers),
): Promise<BulkPullResult> {
  const urlFrom = (checkpoint: SyncCheckpoint | undefined) =>
    `${request.baseUrl}${pullUrl(request.collection, checkpoint, request.pageSize)}`;
  let checkpoint = request.checkpoint ?? null;
  let held: SyncDocument | null = null;
  let written = 0;
  let pulls = 1;
  let next: Promise<PullResponse> | null = fetchPage(urlFrom(request.checkpoint));
  // A failed read-ahead is reported when its turn comes, not as an unhandled rejection meanwhile.
  next.catch(() => undefined);
  while (next) {
    const body: PullResponse = await next;
    next = null;
    const full = body.documents.length >= request.pageSize && body.checkpoint;
    if (full) {
      pulls++;
      next = fetchPage(urlFrom(body.checkpoint!));
      next.catch(() => undefined);
    }
    const documents: SyncDocument[] = held ? [held, ...body.documents] : body.documents;
    held = documents.at(-1) ?? null;
    for (let start = 0; start < documents.length - 1; start += BULK_WRITE_ROWS) {
      const end = Math.min(start + BULK_WRITE_ROWS, documents.length - 1);
      written += await writeDocuments(instance, documents.slice(start, end), request.context);
    }
    checkpoint = body.checkpoint ?? checkpoint;
  }
  return { documents: held ? [held] : [], checkpoint, written, pulls };
}

/**
 * Writes `documents` as RxDB's pull writes them: over the stored version, if any (a document
 * changed twice during the walk, or a catch-up that failed half-way before). Returns how many were
 * written.
 */
async function writeDocuments(
  instance: Instance,
  documents: SyncDocument[],
  context: string,
): Promise<number> {
  // A document changed twice during the walk is written once, as it was last.
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const stored = await instance.findDocumentsById([...byId.keys()], true);
  const previous = new Map(stored.map((doc) => [doc.id, doc]));
  const rows: BulkWriteRow<SyncDocument>[] = [];
  for (const doc of byId.values()) {
    const before = previous.get(doc.id);
    const document = {
      ...doc,
      _deleted: doc._deleted === true,
      _attachments: {},
      _meta: { ...before?._meta, lwt: now() },
      _rev: createRevision(REVISION_TOKEN, before),
    } as RxDocumentData<SyncDocument>;
    rows.push(before ? { previous: before, document } : { document });
  }
  const result = await instance.bulkWrite(rows, context);
  if (result.error.length > 0) {
    const first = result.error[0]!;
    throw new Error(
      `the catch-up could not store ${result.error.length} document(s), first ${first.documentId} (${first.status})`,
    );
  }
  return rows.length;
}

/** GETs a pull page with `headers` (by `fetchImpl`); a status other than 2xx fails it. */
export function pageFetcher(headers: Record<string, string>, fetchImpl: typeof fetch = fetch) {
  return async (url: string): Promise<PullResponse> => {
    const response = await fetchImpl(url, {
      headers: { Accept: 'application/json', ...headers },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(BULK_PULL_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`pull answered ${response.status}`);
    return (await response.json()) as PullResponse;
  };
}
