/**
 * The device storage across a message channel: the worker exposes its storage on its side
 * (`exposeDeviceStorage`, storage-worker.ts) and the page reaches it through RxDB's remote storage
 * (`connectDeviceStorage`, worker-storage.ts). Any channel with postMessage and message events
 * works: a worker and its page, or the two ports of a MessageChannel in the tests.
 */
import type { RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import {
  exposeRxStorageRemote,
  getRxStorageRemote,
  type MessageFromRemote,
  type MessageToRemote,
} from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';
import { isQuotaExceededError, plainQuotaError } from '@client/lib/quota-error';
import type { StoragePort } from './storage-port';

let connections = 0;

/** The worker side's first message: its storage is exposed and takes requests. */
const READY = 'cjfc-device-storage-ready';

/**
 * Serves `storage` to the page at the other end of `port`. A quota failure reaches the page by its
 * name only (the channel carries an error's name and message, not the DOMException Dexie wraps),
 * so it is renamed QuotaExceededError here, where it can still be recognised.
 */
export function exposeDeviceStorage(port: StoragePort, storage: RxStorage<unknown, unknown>): void {
  const messages$ = new Subject<MessageToRemote>();
  port.addEventListener('message', (event: MessageEvent<MessageToRemote>) => {
    messages$.next(event.data);
  });
  port.start?.();
  exposeRxStorageRemote({
    storage: quotaErrorsByName(storage),
    messages$,
    send: (message) => port.postMessage(message),
  });
  port.postMessage(READY);
}

/**
 * The storage at the other end of `port`, once that side is ready; null if `failed` settles
 * first (the worker's script did not load).
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
  }) as RxStorage<unknown, unknown>;
  return writesInPieces(remote);
}

/**
 * The rows one message to the worker carries at most. RxDB gathers what a first sync pulled while
 * it stored the write before into one write (thousands of listings); as one message its structured
 * clone was a main-thread task of its own, over 50 ms on a phone's CPU, and the worker waited for
 * all of it before it began.
 */
export const WRITE_PIECE_ROWS = 200;

/** The next macrotask: the page's other work (input, rendering) runs between two pieces. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `storage`, with a write of more than WRITE_PIECE_ROWS rows sent as several, one a task, in
 * order, all of them under way before the first is answered. Not one transaction: each piece is
 * stored or refused on its own, and the answer lists every piece's refusals, as one write's would.
 * Only the replication's writes are that big, and a piece it did not see stored is pulled again.
 */
function writesInPieces(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = await storage.createStorageInstance(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = async (rows, context) => {
        if (rows.length <= WRITE_PIECE_ROWS) return bulkWrite(rows, context);
        const pieces: ReturnType<typeof bulkWrite>[] = [];
        for (let start = 0; start < rows.length; start += WRITE_PIECE_ROWS) {
          if (start > 0) await nextTask();
          pieces.push(bulkWrite(rows.slice(start, start + WRITE_PIECE_ROWS), context));
        }
        const answers = await Promise.all(pieces);
        return { error: answers.flatMap((a) => a.error) };
      };
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}

/** `storage`, with a quota failure of opening or writing renamed QuotaExceededError. */
function quotaErrorsByName(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  const named = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err: unknown) => {
      throw isQuotaExceededError(err) ? plainQuotaError(err) : err;
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
