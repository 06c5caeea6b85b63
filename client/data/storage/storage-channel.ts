/**
 * The device storage across a message channel: the worker exposes its storage on its side
 * (`exposeDeviceStorage`, storage-worker.ts) and the page reaches it through RxDB's remote storage
 * (`connectDeviceStorage`, worker-storage.ts). Any channel with postMessage and message events
 * works: a worker and its page, or the two ports of a MessageChannel in the tests.
 */
import type {
  EventBulk,
  RxStorage,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
} from 'rxdb';
import { exposeRxStorageRemote, getRxStorageRemote } from 'rxdb/plugins/storage-remote';
import { filter, mergeMap, Subject } from 'rxjs';
import { firstLine } from '@client/lib/failure';
import { isQuotaExceededError, plainQuotaError } from '@client/lib/quota-error';
import {
  BULK_PULL,
  BULK_PULL_META_CONTEXT,
  bulkPull,
  pageFetcher,
  type BulkPuller,
  type BulkPullRequest,
  type BulkPullResult,
} from '../sync/bulk-pull';
import {
  checkpointBefore,
  REMOTE_FAILURE_WORDINGS,
  type MessageFromRemote,
  type MessageToRemote,
} from './rxdb-internals';
import type { StoragePort } from './storage-port';

let connections = 0;

/** The worker side's first message: its storage is exposed and takes requests. */
const READY = 'cjfc-device-storage-ready';

/** The worker's answer to a catch-up request. */
type BulkPullAnswer = BulkPullResult | { failed: string };

/** An open storage instance, by what the page opened it with. */
type Instances = Map<string, RxStorageInstance<unknown, unknown, unknown>>;

const instanceKey = (databaseName: string, collectionName: string, schemaVersion: number) =>
  `${databaseName}|${collectionName}|${schemaVersion}`;

/**
 * Serves `storage` to the page at the other end of `port`. A quota failure reaches the page by its
 * name only (the channel carries an error's name and message, not the DOMException Dexie wraps),
 * so it is renamed QuotaExceededError here, where it can still be recognised. The page may also
 * ask this side to pull a collection's changes into the instance it opened (bulk-pull.ts).
 */
export function exposeDeviceStorage(
  port: StoragePort,
  storage: RxStorage<unknown, unknown>,
  /** The fetch of the catch-up's pull pages (a test watches them). */
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): void {
  const messages$ = new Subject<MessageToRemote>();
  port.addEventListener('message', (event: MessageEvent<MessageToRemote>) => {
    messages$.next(event.data);
  });
  port.start?.();
  const instances: Instances = new Map();
  exposeRxStorageRemote({
    storage: registered(quotaErrorsByName(storage), instances),
    messages$,
    send: (message) => port.postMessage(message),
    // A failure is answered as `{ failed }`: RxDB's own error answer would carry the request,
    // the page's token included, into the page's log.
    customRequestHandler: async (request: unknown): Promise<BulkPullAnswer> => {
      const pull = request as BulkPullRequest;
      try {
        if (pull?.kind !== BULK_PULL) throw new Error('unknown request to the device storage');
        const key = instanceKey(pull.databaseName, pull.collectionName, pull.schemaVersion);
        const instance = instances.get(key);
        if (!instance) throw new Error(`the storage of ${key} is not open`);
        const metaName = pull.pulledState?.metaCollectionName;
        const meta =
          metaName === undefined
            ? undefined
            : instances.get(instanceKey(pull.databaseName, metaName, pull.schemaVersion));
        if (metaName !== undefined && !meta)
          throw new Error(`the storage of ${metaName} is not open`);
        return await bulkPull(
          instance as never,
          pull,
          pageFetcher(pull.headers, fetchImpl),
          meta as never,
        );
      } catch (err) {
        return { failed: err instanceof Error ? err.message : String(err) };
      }
    },
  });
  port.postMessage(READY);
}

/**
 * `storage`, keeping each open instance in `instances` until it is closed or removed. Its change
 * events go to the page in pieces, but for the catch-up's meta rows, which no one there reads.
 */
function registered(
  storage: RxStorage<unknown, unknown>,
  instances: Instances,
): RxStorage<unknown, unknown> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = await storage.createStorageInstance(params);
      const key = instanceKey(params.databaseName, params.collectionName, params.schema.version);
      instances.set(key, instance as RxStorageInstance<unknown, unknown, unknown>);
      const forget = () => {
        if (instances.get(key) === instance) instances.delete(key);
      };
      const changes = instance.changeStream.bind(instance);
      instance.changeStream = () =>
        changes().pipe(
          filter((bulk) => bulk.context !== BULK_PULL_META_CONTEXT),
          mergeMap(inPieces),
        );
      const close = instance.close.bind(instance);
      const remove = instance.remove.bind(instance);
      instance.close = () => (forget(), close());
      instance.remove = () => (forget(), remove());
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}

/** Change events the page is sent at most in one message: each message is a task of its own there. */
export const CHANGE_EVENTS_A_MESSAGE = 100;

/**
 * A big write's change events in bulks of CHANGE_EVENTS_A_MESSAGE, in order, each with the write's
 * context: on a slow phone, the page took the events of a write of 500 listings in one task of
 * 60-90 ms (bench long-tasks --listings 10000).
 *
 * Only the last piece carries the write's checkpoint. RxDB's upstream stores a bulk's checkpoint
 * once it has pushed the bulk; had the first piece carried the write's, a page closed before the
 * rest arrived would never push them. The others carry one just before the write's own
 * modification time (`{ id, lwt }`, the worker's Dexie storage's), from which the changes since
 * include all of the write's documents: at worst some are compared with the server's copy again.
 */
function inPieces<T>(bulk: EventBulk<T, unknown>): EventBulk<T, unknown>[] {
  if (bulk.events.length <= CHANGE_EVENTS_A_MESSAGE) return [bulk];
  const before = checkpointBefore(bulk);
  const pieces: EventBulk<T, unknown>[] = [];
  for (let start = 0; start < bulk.events.length; start += CHANGE_EVENTS_A_MESSAGE) {
    const last = start + CHANGE_EVENTS_A_MESSAGE >= bulk.events.length;
    pieces.push({
      ...bulk,
      id: `${bulk.id}-${start}`,
      events: bulk.events.slice(start, start + CHANGE_EVENTS_A_MESSAGE),
      checkpoint: last ? bulk.checkpoint : before,
    });
  }
  return pieces;
}

/**
 * The catch-up pull of `storage`, when it is the worker's (connectDeviceStorage); null where the
 * storage runs on the page.
 */
export function bulkPullerOf(storage: RxStorage<unknown, unknown>): BulkPuller | null {
  const remote = storage as { customRequest?: (data: unknown) => Promise<unknown> };
  if (typeof remote.customRequest !== 'function') return null;
  return async (request) => {
    const answer = (await remote.customRequest!(request)) as BulkPullAnswer;
    if ('failed' in answer) throw new Error(answer.failed);
    return answer;
  };
}

/**
 * The storage at the other end of `port`, once that side is ready; null if `failed` settles
 * first (the worker's script did not load). A request that fails on that side fails here without
 * the request (failuresWithoutRequests).
 */
export async function connectDeviceStorage(
  port: StoragePort,
  failed: Promise<unknown> = new Promise(() => {}),
): Promise<RxStorage<unknown, unknown> | null> {
  const messages$ = new Subject<MessageFromRemote>();
  const ready = new Promise<true>((resolve) => {
    port.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (event.data === READY) resolve(true);
      else messages$.next(event.data as MessageFromRemote);
    });
  });
  port.start?.();
  if (!(await Promise.race([ready, failed.then(() => false)]))) return null;
  const remote = getRxStorageRemote({
    // RxDB keeps a channel by this name for the page's lifetime: one name a connection.
    identifier: `cjfc-device-storage-${++connections}`,
    // One channel for every database the page opens, for the page's lifetime.
    mode: 'one',
    messageChannelCreator: () =>
      Promise.resolve({
        messages$,
        send: (message) => port.postMessage(message),
        close: () => Promise.resolve(),
      }),
  });
  return failuresWithoutRequests(remote);
}

/** The instance methods of RxDB's remote storage that ask the worker. */
const REMOTE_METHODS = [
  'bulkWrite',
  'findDocumentsById',
  'query',
  'count',
  'getAttachmentData',
  'getChangedDocumentsSince',
  'cleanup',
  'close',
  'remove',
] as const;

/**
 * A failure of the worker's side as the worker's error alone: named as it was there (a full
 * storage stays a QuotaExceededError), with what was asked of which collection and the first line
 * of its message (RxDB's errors carry their parameters after it), but not the request. Any other
 * failure as it is.
 */
function withoutRequest(err: unknown, asked: string): unknown {
  const message = err instanceof Error ? err.message : undefined;
  const wording = REMOTE_FAILURE_WORDINGS.find((f) => message?.startsWith(f.prefix));
  if (!message || !wording) return err;
  let error: { name?: unknown; message?: unknown; code?: unknown } | undefined;
  try {
    error = wording.error(
      JSON.parse(message.slice(wording.prefix.length)) as { error?: unknown },
    ) as typeof error | undefined;
  } catch {
    error = undefined;
  }
  const code = typeof error?.code === 'string' ? ` ${error.code}` : '';
  const said = typeof error?.message === 'string' ? `: ${firstLine(error.message)}` : '';
  const plain = new Error(`${asked} failed in the storage's worker${code}${said}`);
  plain.name = typeof error?.name === 'string' ? error.name : 'Error';
  return plain;
}

/**
 * `storage` (RxDB's remote storage) whose failures of the worker's side reach the page without
 * the request: RxDB puts the request, a write's documents with their contacts' names and phones,
 * into the error's message, which a screen or the console would then show.
 */
function failuresWithoutRequests(
  storage: RxStorage<unknown, unknown>,
): RxStorage<unknown, unknown> {
  const remote = storage as RxStorage<unknown, unknown> & {
    customRequest(data: unknown): Promise<unknown>;
  };
  const plainly = <T>(work: Promise<T>, asked: string): Promise<T> =>
    work.catch((err: unknown) => {
      throw withoutRequest(err, asked);
    });
  return {
    name: remote.name,
    rxdbVersion: remote.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const collection = params.collectionName;
      const instance = await plainly(remote.createStorageInstance(params), `opening ${collection}`);
      const methods = instance as unknown as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
      for (const method of REMOTE_METHODS) {
        const call = methods[method]!.bind(instance);
        methods[method] = (...args) => plainly(call(...args), `${method} of ${collection}`);
      }
      return instance;
    },
    customRequest: (data: unknown) => plainly(remote.customRequest(data), 'a custom request'),
  } as RxStorage<unknown, unknown>;
}

/** `storage`, with a quota failure of opening or writing renamed QuotaExceededError. */
function quotaErrorsByName(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  const named = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err: unknown) => {
      throw isQuotaExceededError(err) ? plainQuotaError() : err;
    });
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = await named(storage.createStorageInstance(params));
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows, context) => named(bulkWrite(rows, context));
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}
