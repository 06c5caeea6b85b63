/**
 * A collection's pull (RxDB's pull handler): a page at a time from the gateway, the next one
 * downloading while RxDB stores this one (pull-ahead.ts), handed to RxDB in slices of its batch
 * size (pull-slices.ts). A visitor's very first page may come from the boot prefetch; a first sync,
 * or a pull that answered a full page, continues in the storage worker where there is one
 * (bulk-pull.ts), which writes what it pulls itself.
 */
import type { RxCollection, WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { Subject } from 'rxjs';
import {
  PULL_LIMIT_MAX,
  type PullResponse,
  type SyncCheckpoint,
  type SyncCollection,
  type SyncDocument,
} from '@couchdb/model/sync';
import type { AccessRole } from '@couchdb/rules/collection-access';
import { takeBootPrefetch } from './boot-prefetch';
import { BULK_PULL, type BulkPuller } from './bulk-pull';
import type { DeviceDatabase } from '../storage/database';
import { PullAhead } from './pull-ahead';
import {
  pageStart,
  PullSlices,
  SliceWrites,
  type PullSlice,
  type SlicedCheckpoint,
} from './pull-slices';
import { pullUrl } from './pull-url';
import { markPulledWrites } from '../storage/pulled-marks';
import { pulledStateOf, pullWriteContext } from '../storage/rxdb-internals';
import type { SyncHttp } from './sync-http';

/** A slice as RxDB takes it. */
type PulledSlice = PullSlice & { documents: WithDeleted<SyncDocument>[] };

export interface PullSetup {
  db: DeviceDatabase;
  name: SyncCollection;
  /** Whether the device also pushes the collection (the worker then records what it pulled). */
  push: boolean;
  role: AccessRole;
  http: SyncHttp;
  /** Documents a page at most (RxDB's batch size). */
  limit: number;
  /** The pokes of the SSE stream: the pull asks for one more run through it. */
  poke$: Subject<'RESYNC'>;
  /** The storage worker's catch-up pull, if there is a worker. */
  bulkPull?: BulkPuller | null;
  /** The collection's replication (RxDB calls the handler only once it exists). */
  replication: () => RxReplicationState<SyncDocument, SlicedCheckpoint>;
  /** Called when a pull answered a page that was not full: the server had nothing more then. */
  caughtUp: () => void;
}

export interface CollectionPull {
  /** RxDB's pull handler. */
  handler(stored: SlicedCheckpoint | undefined, batchSize: number): Promise<PulledSlice>;
  /** RxDB stored a slice it was handed (its `received$`). */
  storedOne(): void;
}

export function collectionPull(setup: PullSetup): CollectionPull {
  const { db, name, push, http, limit, poke$ } = setup;
  const markCaughtUp = setup.caughtUp;
  const ahead = new PullAhead((url) => http.json<PullResponse>('GET', url));
  const slices = new PullSlices();
  const written = new SliceWrites();
  const collection = db.collections[name] as unknown as RxCollection<SyncDocument>;

  /**
   * For a collection the device also pushes, the replication's pulled writes keep the marks of a
   * state as pulled (pulled-marks.ts); set up before RxDB writes what the first pull brings.
   */
  let marked: Promise<void> | null = null;
  const markWrites = () =>
    (marked ??= (async () => {
      const replication = setup.replication();
      const { identifierHash } = await pulledStateOf(replication);
      markPulledWrites(await pullWriteContext(replication), identifierHash);
    })().catch((err: unknown) => {
      marked = null;
      throw err;
    }));

  /** The last page pulled here was full: more wait on the server. */
  let behind = false;
  /** The worker's pull failed: the page pulls until it has caught up, then may hand over again. */
  let workerFailed = false;
  /**
   * The storage worker pulls the rest and writes it itself (bulk-pull.ts); for a collection this
   * device also pushes, with what RxDB's pull records of each document. Null if it failed (the
   * page pulls instead, as where there is no worker).
   */
  const catchUp = setup.bulkPull
    ? async (from: SlicedCheckpoint | undefined): Promise<PullSlice | null> => {
        try {
          const result = await setup.bulkPull!({
            kind: BULK_PULL,
            databaseName: db.name,
            collectionName: name,
            schemaVersion: collection.schema.version,
            collection: name,
            baseUrl: http.baseUrl,
            checkpoint: from?.seq === undefined ? undefined : (pageStart(from) as SyncCheckpoint),
            pageSize: PULL_LIMIT_MAX,
            headers: await http.headers(),
            context: await pullWriteContext(setup.replication()),
            pulledState: push ? await pulledStateOf(setup.replication()) : undefined,
          });
          behind = false;
          markCaughtUp();
          written.newPage(result.documents.length);
          return {
            documents: result.documents,
            checkpoint: { ...(result.checkpoint ?? from), part: null },
          };
        } catch (err) {
          behind = false;
          workerFailed = true;
          console.warn(`[sync] ${name}: the storage worker's pull failed; pulling here`, err);
          return null;
        }
      }
    : null;

  const handler = async (stored: SlicedCheckpoint | undefined, batchSize: number) => {
    if (push) await markWrites();
    const sliceSize = Math.min(batchSize, limit);
    // The rest of a page already here (the prefetched one is bigger than RxDB's pages), once
    // RxDB has stored all but the last slice it was given.
    const rest = slices.next(stored);
    if (rest) {
      await written.allButLast();
      written.handed(rest.documents.length);
      return rest as PulledSlice;
    }
    const checkpoint = pageStart(stored);
    let pageSize = sliceSize;
    const url = pullUrl(name, checkpoint, pageSize);
    // A visitor's very first page may already be on its way (public/boot-prefetch.js), a
    // bigger one (PULL_LIMIT_MAX listings: the first screen's).
    const prefetched =
      setup.role === 'visitor' && checkpoint?.seq === undefined
        ? takeBootPrefetch(pullUrl(name, checkpoint, PULL_LIMIT_MAX))
        : null;
    let body = prefetched && (await prefetched);
    if (!body && catchUp && !workerFailed && (behind || checkpoint?.seq === undefined)) {
      const caughtUp = await catchUp(checkpoint);
      if (caughtUp) return caughtUp as PulledSlice;
    }
    if (body) pageSize = PULL_LIMIT_MAX;
    else body = (await ahead.take(url)) ?? (await http.json<PullResponse>('GET', url));
    behind = false;
    if (body.documents.length >= pageSize && body.checkpoint) {
      // A full page: more follow. The storage worker pulls them, or else the next one
      // downloads while RxDB stores this one.
      if (catchUp && !workerFailed) behind = true;
      else ahead.start(pullUrl(name, body.checkpoint, sliceSize));
    } else {
      // Caught up: a later catch-up may go to the worker again.
      workerFailed = false;
      if (prefetched) {
        // The prefetched page was asked for before this replication listened to the change
        // stream: a change signalled in between (a listing taken down) would never be pulled.
        // One more pull follows it (RxDB keeps a poke made during a pull for after it).
        poke$.next('RESYNC');
      } else {
        markCaughtUp();
      }
    }
    const first = slices.first(checkpoint, body, sliceSize);
    written.newPage(first.documents.length);
    return first as PulledSlice;
  };

  return { handler, storedOne: () => written.storedOne() };
}
