/**
 * The page's pulled writes keep the mark RxDB's pull gives each document it writes (`_meta.o`, a
 * state as pulled: rxdb-internals.ts). RxDB's collection storage replaces it on a document the
 * device did not hold yet. Without it, a pulled document whose server version RxDB had not stored
 * yet beside it (a page closed between the two writes) reads as changed on the device: RxDB's pull
 * then leaves it as a local change, and its push sends it back as the device's own, a create with
 * no server version assumed (architecture §5).
 */
import type { BulkWriteRow, RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import { withPulledMark } from './rxdb-internals';

/** The identifier hash of each replication, by the context of its pull's writes. */
const pulledWrites = new Map<string, string>();

/**
 * Writes made with `context` (a replication's pulled writes: rxdb-internals pullWriteContext) are
 * marked as pulled by the replication of `identifierHash` from now on.
 */
export function markPulledWrites(context: string, identifierHash: string): void {
  pulledWrites.set(context, identifierHash);
}

/** `storage`, each document of a replication's pulled write marked as pulled (markPulledWrites). */
export function keepingPulledMarks(
  storage: RxStorage<unknown, unknown>,
): RxStorage<unknown, unknown> {
  // The worker's storage takes the catch-up pull's requests (storage-channel.ts bulkPullerOf).
  const remote = storage as { customRequest?: (data: unknown) => Promise<unknown> };
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    ...(remote.customRequest ? { customRequest: remote.customRequest.bind(storage) } : {}),
    createStorageInstance: async <T>(params: RxStorageInstanceCreationParams<T, unknown>) => {
      const instance = await storage.createStorageInstance(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows: BulkWriteRow<T>[], context: string) => {
        const hash = pulledWrites.get(context);
        if (!hash) return bulkWrite(rows, context);
        const marked = rows.map((row) => ({
          ...row,
          document: withPulledMark(row.document, hash),
        }));
        return bulkWrite(marked, context);
      };
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}
