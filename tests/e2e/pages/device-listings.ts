/**
 * The listings a page's device holds, read straight from IndexedDB: the device keeps them packed,
 * blocks of documents in one database (client/data/storage/packed-blocks.ts) keyed
 * `[database|collection|version, write number, part]`, each listing's version in the block stored
 * last counting. Read-only, and only once the app has created that database (opening it first would
 * create it without its stores).
 */
import type { Page } from 'playwright-core';

/** A listing as the device stores it (RxDB's fields included). */
export type StoredListing = Record<string, unknown> & {
  id: string;
  _deleted: boolean;
  _meta: { lwt: number };
};

/** Each device database's listings (deleted ones too), by RxDB database name. */
export function deviceListings(page: Page): Promise<Record<string, StoredListing[]>> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((info) => info.name === 'cjfc-packed')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('cjfc-packed');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    try {
      const { keys, blocks } = await new Promise<{
        keys: IDBValidKey[];
        blocks: { docs: StoredListing[] }[];
      }>((resolve, reject) => {
        const store = db.transaction('log').objectStore('log');
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () =>
          resolve({ keys: keys.result, blocks: values.result as { docs: StoredListing[] }[] });
        values.onerror = () => reject(values.error);
      });
      const byDatabase: Record<string, Map<string, StoredListing>> = {};
      blocks.forEach((block, i) => {
        const [instance] = keys[i] as [string, number, number];
        const [database = '', collection] = instance.split('|');
        if (collection !== 'properties') return;
        const held = (byDatabase[database] ??= new Map());
        for (const doc of block.docs) held.set(doc.id, doc);
      });
      return Object.fromEntries(
        Object.entries(byDatabase).map(([name, held]) => [name, [...held.values()]]),
      );
    } finally {
      db.close();
    }
  });
}
