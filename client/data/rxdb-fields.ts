/** RxDB's own fields on a stored document (its revision, write time, attachments): not the document's. */
const RXDB_FIELDS = ['_meta', '_rev', '_attachments'];

/** A copy of `doc` without RxDB's own fields: the document as its author or the server wrote it. */
export function withoutRxdbFields<T extends object>(doc: T): T {
  const copy = { ...doc } as Record<string, unknown>;
  for (const field of RXDB_FIELDS) delete copy[field];
  return copy as T;
}
