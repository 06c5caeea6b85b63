/**
 * The listings a page's device holds, read straight from IndexedDB: the device keeps them packed,
 * blocks of documents in one database (client/data/packed-blocks.ts), each listing's version written
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
      const blocks = await new Promise<{ instance: string; docs: StoredListing[] }[]>(
        (resolve, reject) => {
          const r = db.transaction('blocks').objectStore('blocks').getAll();
          r.onsuccess = () => resolve(r.result as never);
          r.onerror = () => reject(r.error);
        },
      );
      const byDatabase: Record<string, Map<string, StoredListing>> = {};
      for (const block of blocks) {
        const [database = '', collection] = block.instance.split('|');
        if (collection !== 'properties') continue;
        const held = (byDatabase[database] ??= new Map());
        for (const doc of block.docs) {
          const before = held.get(doc.id);
          if (!before || doc._meta.lwt >= before._meta.lwt) held.set(doc.id, doc);
        }
      }
      return Object.fromEntries(
        Object.entries(byDatabase).map(([name, held]) => [name, [...held.values()]]),
      );
    } finally {
      db.close();
    }
  });
}
