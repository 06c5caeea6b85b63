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
  return getRxStorageRemote({
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
