/**
 * The one mapping between the store's documents (`_id`, `_rev`) and the model's (`id`):
 * the device and the shared model never see CouchDB's underscore fields.
 */

export type StoreDoc<T extends { id: string }> = Omit<T, 'id'> & { _id: string; _rev?: string };

export function toStoreDoc<T extends { id: string }>(doc: T): StoreDoc<T> {
  const { id, ...rest } = doc;
  return { _id: id, ...rest };
}

export function fromStoreDoc<T extends { id: string }>(doc: StoreDoc<T>): T {
  const { _id, _rev: _r, ...rest } = doc;
  return { id: _id, ...rest } as unknown as T;
}
