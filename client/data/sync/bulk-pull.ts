/**
 * A collection's catch-up pull run where its storage is: in the storage worker, which fetches the
 * gateway's pull pages one after another (the next ones downloading while a write runs), parses
 * them and writes them into the collection's storage instance itself. The page's RxDB sees
 * the writes as change events, as it sees another tab's; its replication gets back only the last
 * document with the checkpoint after it, which it stores as if it had pulled everything itself.
 *
 * On a county's 10,000 listings and a phone's CPU, RxDB's own pull did the work on the page: each
 * page parsed there, each document prepared for its write there (its fork state read, compared,
 * cloned), the whole write sent to the worker and its change events sent back (issue 17). Here only
 * the change events cross.
 *
 * For a collection the device only pulls, RxDB keeps no state of its own per document
 * (`skipStoringPullMeta`): the document as the gateway sent it, with the storage's fields, is all
 * RxDB would have written. For one it also pushes (a signed-in device's listings), RxDB's pull also
 * keeps, in the replication's meta instance, the server's version of each document (what its
 * push compares a local change with, and sends as the version the change was made on). The worker
 * writes both as RxDB's pull writes them (`PulledState`); a document the device changed locally
 * is left to the page's replication, which reconciles it. Run by the page's RxDB, a signed-in
 * agent's first sync of 10,000 listings took ×2.7 of a visitor's (bench first-sync).
 */
import type {
  BulkWriteRow,
  RxDocumentData,
  RxStorageInstance,
  RxStorageReplicationMeta,
  RxStorageWriteError,
  WithDeleted,
} from 'rxdb';
import type {
  PullResponse,
  SyncCheckpoint,
  SyncCollection,
  SyncDocument,
} from '@couchdb/model/sync';
import { pullUrl } from './pull-url';
import {
  createRevision,
  isAsPulled,
  metaWriteRow,
  now,
  pulledMarks,
  type PulledState,
} from '../storage/rxdb-internals';

export type { PulledState };

/** The custom request the page sends its storage worker (storage-channel.ts). */
export const BULK_PULL = 'cjfc-bulk-pull';

/**
 * Documents a write carries at most, and the documents fetched ahead of the writes at most. On the
 * page, a write of 250 cost about 0.22 ms a listing against 0.13 in one write of 10,000 (bench
 * first-sync); in the worker, writes of up to 2,000 came to about what writes of 500 cost a listing
 * (0.16 against 0.15 ms): the catch-up's gain was not reading before each write. The page gets the
 * events 100 a message whatever the size (storage-channel.ts CHANGE_EVENTS_A_MESSAGE).
 */
export const BULK_WRITE_ROWS = 2_000;

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
  /** For a collection the device also pushes: where and how RxDB keeps what it pulled. */
  pulledState?: PulledState;
}

export interface BulkPullResult {
  /**
   * For the page's replication to store, then the checkpoint: the last document pulled, and
   * before it those of a pushed collection the device had changed locally (their latest version
   * pulled). Empty when nothing was pulled.
   */
  documents: SyncDocument[];
  /** Where the next pull starts (the last page's checkpoint). */
  checkpoint: SyncCheckpoint | null;
  /** Documents written here. */
  written: number;
  pulls: number;
  /**
   * Where the catch-up's time went (ms): waiting for a pull page (its download and parse not
   * hidden behind the writes), writing the documents, and for a pushed collection making and
   * writing their meta rows (beside the next documents' write; bench first-sync prints it).
   */
  timing: { waitMs: number; writeMs: number; metaMs: number };
}

/** Sends the request to the storage worker; null where the storage runs on the page. */
export type BulkPuller = (request: BulkPullRequest) => Promise<BulkPullResult>;

type Instance = RxStorageInstance<SyncDocument, unknown, unknown>;
type MetaRow = RxStorageReplicationMeta<SyncDocument, unknown>;
type MetaInstance = RxStorageInstance<MetaRow, unknown, unknown>;
type MetaDoc = RxDocumentData<MetaRow>;

/** The token this side's revisions carry (RxDB's own carry its database's; any string works). */
const REVISION_TOKEN = 'bulkpull';

/**
 * Pulls from `request.checkpoint` until a page is not full and writes what came into `instance`
 * (and, for a pushed collection, the server's versions into `meta`, its replication's meta
 * instance), all but the last document. The pages download one after another while the writes go
 * on (up to BULK_WRITE_ROWS documents ahead), and each write takes every page that came meanwhile
 * (fewer writes, each one round of change events to the page). A failed fetch or write rejects:
 * what was written stays (the page's replication pulls again from its own checkpoint and finds
 * those documents already stored).
 */
export async function bulkPull(
  instance: Instance,
  request: BulkPullRequest,
  fetchPage: (url: string) => Promise<PullResponse> = pageFetcher(request.headers),
  meta?: MetaInstance,
): Promise<BulkPullResult> {
  const pulled = request.pulledState;
  if (pulled && !meta) throw new Error(`the replication's meta instance is not open`);
  const pages = readAhead(
    (checkpoint) =>
      fetchPage(`${request.baseUrl}${pullUrl(request.collection, checkpoint, request.pageSize)}`),
    request.checkpoint,
    request.pageSize,
  );
  let checkpoint = request.checkpoint ?? null;
  let held: SyncDocument | null = null;
  let written = 0;
  const timing = { waitMs: 0, writeMs: 0, metaMs: 0 };
  const writer = pulled
    ? new PulledStateWriter(instance, meta!, pulled, request.context, timing, new Map())
    : null;
  try {
    for (;;) {
      const waited = performance.now();
      const bodies = await pages.take();
      timing.waitMs += performance.now() - waited;
      if (!bodies) break;
      const documents = bodies.flatMap((body) => body.documents);
      if (held) documents.unshift(held);
      held = documents.pop() ?? null;
      for (let start = 0; start < documents.length; start += BULK_WRITE_ROWS) {
        const rows = documents.slice(start, start + BULK_WRITE_ROWS);
        written += writer
          ? await writer.write(rows)
          : await writeDocuments(instance, rows, request.context, timing);
      }
      for (const body of bodies) checkpoint = body.checkpoint ?? checkpoint;
    }
    await writer?.finish();
  } finally {
    pages.stop();
    // Not over while meta rows are being written (the page may pull these documents next).
    await writer?.finish().catch(() => undefined);
  }
  // Documents the device changed locally (their latest version pulled), then the last.
  const changedHere = writer?.changedHere ?? new Map<string, SyncDocument>();
  if (held) changedHere.delete(held.id);
  const documents = [...changedHere.values(), ...(held ? [held] : [])];
  return { documents, checkpoint, written, pulls: pages.pulls(), timing };
}

/**
 * The pull pages from `from` on, fetched one after another (each starts at the checkpoint of the
 * one before) while fewer than BULK_WRITE_ROWS documents wait to be written: `take` gives every
 * page that came since the last take (waiting for one if none has), null once a page was not full
 * and all were taken. A failed fetch fails the take after the pages before it were taken.
 */
function readAhead(
  fetchFrom: (checkpoint: SyncCheckpoint | undefined) => Promise<PullResponse>,
  from: SyncCheckpoint | undefined,
  pageSize: number,
) {
  const ready: PullResponse[] = [];
  let waiting = 0;
  let failure: { error: unknown } | null = null;
  let done = false;
  let stopped = false;
  let pulls = 0;
  // Whoever waits: the taker for a page, the fetcher for room.
  let wakeTaker: (() => void) | null = null;
  let wakeFetcher: (() => void) | null = null;
  const wake = (waker: (() => void) | null) => waker?.();

  void (async () => {
    let checkpoint = from;
    try {
      for (;;) {
        while (!stopped && waiting >= BULK_WRITE_ROWS) {
          await new Promise<void>((resolve) => (wakeFetcher = resolve));
        }
        if (stopped) return;
        pulls++;
        const body = await fetchFrom(checkpoint);
        ready.push(body);
        waiting += body.documents.length;
        wake(wakeTaker);
        if (body.documents.length < pageSize || !body.checkpoint) return;
        checkpoint = body.checkpoint;
      }
    } catch (error) {
      failure = { error };
    } finally {
      done = true;
      wake(wakeTaker);
    }
  })();

  return {
    async take(): Promise<PullResponse[] | null> {
      while (ready.length === 0 && !done) {
        await new Promise<void>((resolve) => (wakeTaker = resolve));
      }
      if (ready.length === 0) {
        if (failure) throw failure.error;
        return null;
      }
      const taken = ready.splice(0);
      waiting = 0;
      wake(wakeFetcher);
      return taken;
    },
    /** Stops fetching (the catch-up is over or failed). */
    stop() {
      stopped = true;
      wake(wakeFetcher);
    },
    pulls: () => pulls,
  };
}

/**
 * Writes `documents` as RxDB's pull writes them: over the stored version, if any (a document
 * changed twice during the walk, or a catch-up that failed half-way before). Each is written as new
 * first (a first sync stores nothing yet: no read of what is stored); those the storage already
 * holds come back as conflicts with the stored version, and are written over it. Returns how many
 * were written.
 */
async function writeDocuments(
  instance: Instance,
  documents: SyncDocument[],
  context: string,
  timing: BulkPullResult['timing'],
): Promise<number> {
  // A document changed twice during the walk is written once, as it was last.
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const rowOf = (doc: SyncDocument, before?: RxDocumentData<SyncDocument>) => {
    const document = {
      ...doc,
      _deleted: doc._deleted === true,
      _attachments: {},
      _meta: { ...before?._meta, lwt: now() },
      _rev: createRevision(REVISION_TOKEN, before),
    } as RxDocumentData<SyncDocument>;
    return before ? { previous: before, document } : { document };
  };
  const write = (rows: BulkWriteRow<SyncDocument>[]) => timedWrite(instance, rows, context, timing);
  const conflicts = await write([...byId.values()].map((doc) => rowOf(doc)));
  const stored = conflicts.flatMap((error) =>
    error.status === 409 && error.documentInDb ? [error.documentInDb] : [],
  );
  const failed = conflicts.filter((error) => !(error.status === 409 && error.documentInDb));
  if (stored.length > 0) {
    failed.push(...(await write(stored.map((before) => rowOf(byId.get(before.id)!, before)))));
  }
  failIfAny(failed);
  return byId.size;
}

/** `instance.bulkWrite(rows, context)`, its time added to the catch-up's; returns its errors. */
async function timedWrite<T>(
  instance: RxStorageInstance<T, unknown, unknown>,
  rows: BulkWriteRow<T>[],
  context: string,
  timing: BulkPullResult['timing'],
) {
  if (rows.length === 0) return [];
  const started = performance.now();
  const result = await instance.bulkWrite(rows, context);
  timing.writeMs += performance.now() - started;
  return result.error;
}

/** `work`, its time added to the catch-up's meta rows. */
async function timedMeta<R>(timing: BulkPullResult['timing'], work: () => Promise<R>): Promise<R> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timing.metaMs += performance.now() - started;
  }
}

function failIfAny(failed: { documentId: string; status: number }[]): void {
  if (failed.length === 0) return;
  const first = failed[0]!;
  throw new Error(
    `the catch-up could not store ${failed.length} document(s), first ${first.documentId} (${first.status})`,
  );
}

/**
 * The context of the catch-up's meta rows. Their change events stay in the worker
 * (storage-channel.ts): nothing on the page reads a meta instance's changes, and 10,000 rows sent
 * across were the page's longest tasks of a signed-in first sync.
 */
export const BULK_PULL_META_CONTEXT = 'cjfc-bulk-pull-meta';

/** The server's version of a document as RxDB's pull hands it on (rx-replication's pull). */
const serverVersion = (doc: SyncDocument) => ({ ...doc, _deleted: doc._deleted === true });

/**
 * Writes a pushed collection's documents as RxDB's pull writes them (downstream.ts
 * `persistFromMaster`):
 * - the document, marked in its `_meta` as the state pulled (`o`: its revision's height and the
 *   replication's hash), its revision made with that hash;
 * - then its meta row, the server's version, made by RxDB's own `getMetaWriteRow`.
 * A document the device holds is written over only where it is still as pulled (its marker
 * matches its revision). One changed here goes to `changedHere`, for the page's replication to
 * reconcile: it keeps the local change and pushes it against the server's version it knew, so
 * neither that version nor the meta row is touched here.
 *
 * A write's meta rows are written while the next write's documents are made and decided (both
 * are packed, stored in turn in one IndexedDB database); `finish` waits for the last.
 */
class PulledStateWriter {
  private metaWrite: Promise<unknown> = Promise.resolve(null);

  constructor(
    private readonly instance: Instance,
    private readonly meta: MetaInstance,
    private readonly pulled: PulledState,
    private readonly context: string,
    private readonly timing: BulkPullResult['timing'],
    readonly changedHere: Map<string, SyncDocument>,
  ) {}

  /** Writes `documents` (their meta rows follow); returns how many were written. */
  async write(documents: SyncDocument[]): Promise<number> {
    // A document changed twice during the walk is written once, as it was last.
    const byId = new Map(documents.map((doc) => [doc.id, doc]));
    const stored = new Set(byId.keys());
    const failed: { documentId: string; status: number }[] = [];
    const leave = (id: string) => {
      this.changedHere.set(id, byId.get(id)!);
      stored.delete(id);
    };
    /** A write's errors sorted: a document held and still as pulled is to be written over. */
    const sort = (errors: RxStorageWriteError<SyncDocument>[]) => {
      const over: BulkWriteRow<SyncDocument>[] = [];
      for (const error of errors) {
        if (error.status !== 409 || !error.documentInDb) {
          failed.push(error);
          stored.delete(error.documentId);
        } else if (this.asPulled(error.documentInDb)) {
          over.push(this.rowOf(byId.get(error.documentId)!, error.documentInDb));
        } else {
          leave(error.documentId);
        }
      }
      return over;
    };
    const write = (rows: BulkWriteRow<SyncDocument>[]) =>
      timedWrite(this.instance, rows, this.context, this.timing);
    const over = sort(await write([...byId.values()].map((doc) => this.rowOf(doc))));
    // Changed here since it was read: left to the page.
    for (const row of sort(await write(over))) leave(row.document.id);
    failIfAny(failed);

    const rows = [...stored].map((id) => serverVersion(byId.get(id)!));
    const before = this.metaWrite;
    // Rejections are kept for `finish` (or the next write), not left unhandled.
    this.metaWrite = before.then(
      (error) =>
        error ??
        timedMeta(this.timing, () => this.writeMeta(rows)).then(
          () => null,
          (e) => e,
        ),
    );
    await before.then((error) => {
      if (error) throw error;
    });
    return stored.size;
  }

  /** Waits for the meta rows still being written; rejects if any failed. */
  async finish(): Promise<void> {
    const error = await this.metaWrite;
    if (error) throw error;
  }

  private rowOf(doc: SyncDocument, before?: RxDocumentData<SyncDocument>) {
    const master = serverVersion(doc);
    const document = {
      ...master,
      _attachments: {},
      ...pulledMarks(master, before, this.pulled, now()),
    } as unknown as RxDocumentData<SyncDocument>;
    return before ? { previous: before, document } : { document };
  }

  /** Stored as the replication's pull left it, not changed here since (downstream.ts's test). */
  private asPulled(stored: RxDocumentData<SyncDocument>): boolean {
    return isAsPulled(stored, this.pulled.identifierHash);
  }

  /** The meta rows of `masters`; a row already there (pulled once, since removed) is written over. */
  private async writeMeta(masters: WithDeleted<SyncDocument>[]): Promise<void> {
    const byId = new Map(masters.map((master) => [master.id, master]));
    const rowsOf = (previous: (MetaDoc | undefined)[], ids: string[]) =>
      Promise.all(
        ids.map((id, i) =>
          metaWriteRow(this.meta, this.pulled.checkpointKey, 'id', byId.get(id)!, previous[i]),
        ),
      );
    const write = async (rows: BulkWriteRow<MetaRow>[]) =>
      rows.length === 0 ? [] : (await this.meta.bulkWrite(rows, BULK_PULL_META_CONTEXT)).error;
    const failed: { documentId: string; status: number }[] = [];
    const held: MetaDoc[] = [];
    for (const error of await write(await rowsOf([], [...byId.keys()]))) {
      if (error.status === 409 && error.documentInDb) held.push(error.documentInDb);
      else failed.push(error);
    }
    failed.push(
      ...(await write(
        await rowsOf(
          held,
          held.map((row) => row.itemId),
        ),
      )),
    );
    failIfAny(failed);
  }
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
