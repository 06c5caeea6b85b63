/**
 * Write times on the device storage (write-times.ts, through device-storage.ts): a write stamped by
 * a clock that went back still comes after the newest stored write, so RxDB's replication, which
 * looks for the writes to push after its checkpoint by write time, finds it after a reload.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getChangedDocumentsSince, now, type RxStorageInstanceCreationParams } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  itemSchema,
  type Item,
  type ItemDoc,
  type ItemInstance,
} from '@tests/fixtures/storage-items';
import { deviceStorage } from '@client/data/storage/device-storage';

type Doc = ItemDoc;
type Instance = ItemInstance;
const schema = itemSchema;

const HOUR_MS = 60 * 60 * 1000;
const opened: Instance[] = [];

afterEach(async () => {
  for (const instance of opened.splice(0)) await instance.close().catch(() => undefined);
});

/** `collectionName` 'properties' is kept packed, 'demands' a row per document. */
async function open(factory: IDBFactory, collectionName: string): Promise<Instance> {
  const params: RxStorageInstanceCreationParams<Item, unknown> = {
    databaseName: 'cjfc_times_test',
    databaseInstanceToken: 'token',
    collectionName,
    schema,
    options: {},
    multiInstance: false,
    devMode: false,
  };
  const instance = (await deviceStorage({ indexedDB: factory, IDBKeyRange }).createStorageInstance(
    params,
  )) as Instance;
  opened.push(instance);
  return instance;
}

const doc = (id: string, title: string, rev: string, lwt: number): Doc => ({
  id,
  title,
  _deleted: false,
  _rev: rev,
  _meta: { lwt },
  _attachments: {},
});

describe('write times on the device', () => {
  for (const collection of ['properties', 'demands']) {
    it(`never go back in ${collection}, so a write after a clock correction is found after the checkpoint`, async () => {
      const factory = new IDBFactory();
      const instance = await open(factory, collection);
      const ahead = now() + HOUR_MS;
      await instance.bulkWrite([{ document: doc('a', '时钟快时写的', '1-a', ahead) }], 't');
      // What the replication pushed last: its checkpoint is that write.
      const pushed = await getChangedDocumentsSince(instance as never, 10, undefined);
      const checkpoint = pushed.checkpoint;
      await instance.close();

      const again = await open(factory, collection);
      const [held] = (await again.findDocumentsById(['a'], true)) as Doc[];
      const corrected = doc('a', '时钟校正后写的', '2-b', now());
      const result = await again.bulkWrite([{ document: corrected, previous: held }], 't');
      expect(result.error).toEqual([]);

      const toPush = await getChangedDocumentsSince(again as never, 10, checkpoint as never);
      expect(toPush.documents.map((d) => (d as Doc).title)).toEqual(['时钟校正后写的']);
      expect((toPush.documents[0] as Doc)._meta.lwt).toBeGreaterThan(ahead);
    });
  }

  it('leaves the times of a clock that runs forward as RxDB stamped them', async () => {
    const instance = await open(new IDBFactory(), 'demands');
    const first = doc('a', '一', '1-a', now());
    await instance.bulkWrite([{ document: first }], 't');
    const second = doc('b', '二', '1-b', now() + 5);
    await instance.bulkWrite([{ document: second }], 't');
    const held = (await instance.findDocumentsById(['a', 'b'], true)) as Doc[];
    expect(held.map((d) => d._meta.lwt).sort()).toEqual([first._meta.lwt, second._meta.lwt].sort());
  });
});
