/**
 * Write times (`_meta.lwt`) that never go back within a collection on this device. RxDB stamps
 * each write with the page's clock, and its replication finds the writes still to push by write
 * time after the last one it pushed (its upstream checkpoint). A phone whose clock ran ahead and
 * was then corrected would stamp later writes before that checkpoint: pushed at once while the
 * page stays open, but never after a reload. Each write's time is raised just above the newest
 * one stored in its collection, this tab's or another's (read from the change stream).
 *
 * Versions are not ordered by these times (the storages order them by revision); they only mark
 * what changed since a checkpoint, and how old a deleted document is for a cleanup.
 */
import type {
  BulkWriteRow,
  RxDocumentData,
  RxStorage,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
} from 'rxdb';
import { describeFailure } from '@client/lib/failure';
import { isRxdbOwnCollection, prepareQuery } from './rxdb-internals';

/** The step RxDB's own clock takes between two writes (its `now()` keeps two decimals). */
const STEP = 0.01;

type Instance = RxStorageInstance<unknown, unknown, unknown>;
type Doc = RxDocumentData<unknown>;

/** The time of the newest write stored in `instance`, or 0 when it holds none. */
async function newestWriteTime(
  instance: Instance,
  params: RxStorageInstanceCreationParams<unknown, unknown>,
): Promise<number> {
  const primaryKey: unknown = params.schema.primaryKey;
  const primaryPath =
    typeof primaryKey === 'string' ? primaryKey : (primaryKey as { key: string }).key;
  const query = prepareQuery(params.schema as never, {
    selector: {},
    sort: [{ '_meta.lwt': 'desc' }, { [primaryPath]: 'desc' }] as never,
    skip: 0,
    limit: 1,
  });
  const { documents } = await instance.query(query);
  return (documents[0] as Doc | undefined)?._meta.lwt ?? 0;
}

/** `time` rounded as RxDB rounds its own (two decimals), so that it sorts as it reads. */
const rounded = (time: number) => Number.parseFloat(time.toFixed(2));

/**
 * `storage`, each of whose instances stamps writes no earlier than the newest it holds. The newest
 * is read once as the instance opens, so that a write goes on to the storage in the same turn it
 * was called in: RxDB reads right after writes it does not wait for, and expects them in order.
 */
export function monotonicWriteTimes(
  storage: RxStorage<unknown, unknown>,
): RxStorage<unknown, unknown> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = (await storage.createStorageInstance(params)) as Instance;
      // No replication looks for changes of RxDB's own by write time: their reads need not wait.
      if (isRxdbOwnCollection(params.collectionName))
        return instance as RxStorageInstance<T, unknown, unknown>;
      // A read that fails (a broken IndexedDB) does not fail the collection's opening: its
      // screens say so at their own reads. Writes meanwhile keep RxDB's times, as without this.
      let newest = 0;
      await newestWriteTime(
        instance,
        params as RxStorageInstanceCreationParams<unknown, unknown>,
      ).then(
        (time) => (newest = Math.max(newest, time)),
        (err: unknown) =>
          console.warn(
            `[storage] reading the newest write time of ${params.collectionName} failed`,
            describeFailure(err),
          ),
      );
      // Other tabs' writes reach this instance as change events: their times count too.
      const watching = instance.changeStream().subscribe((bulk) => {
        for (const event of bulk.events) {
          const time = (event.documentData as Doc | undefined)?._meta?.lwt;
          if (typeof time === 'number' && time > newest) newest = time;
        }
      });
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows: BulkWriteRow<unknown>[], context: string) => {
        // RxDB stamps a write's documents with one time: those at or before the newest stored
        // get one time just after it, the others keep theirs.
        const floor = newest;
        const after = rounded(floor + STEP);
        const stamped = rows.map((row) => {
          const time = row.document._meta.lwt;
          if (time > floor) {
            if (time > newest) newest = time;
            return row;
          }
          if (after > newest) newest = after;
          return {
            ...row,
            document: { ...row.document, _meta: { ...row.document._meta, lwt: after } },
          };
        });
        return bulkWrite(stamped, context);
      };
      const close = instance.close.bind(instance);
      const remove = instance.remove.bind(instance);
      instance.close = () => (watching.unsubscribe(), close());
      instance.remove = () => (watching.unsubscribe(), remove());
      return instance as RxStorageInstance<T, unknown, unknown>;
    },
  } as RxStorage<unknown, unknown>;
}
