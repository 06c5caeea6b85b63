/** RxDB's own fields on a stored document (its revision, write time, attachments): not the document's. */
const RXDB_FIELDS: ReadonlySet<string> = new Set(['_meta', '_rev', '_attachments']);

/**
 * `doc`'s own fields, without RxDB's and without the field `alsoLeaveOut`, in a new object built
 * field by field. Not a copy with fields deleted: V8 keeps an object a field was deleted from as a
 * dictionary, slower to read every time after (the list screen's filter and sort over a county's
 * listings took 1.5-2× as long: bench list-filter).
 */
function fieldsWithout<T extends object>(doc: T, alsoLeaveOut?: string): T {
  const copy: Record<string, unknown> = {};
  const source = doc as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (key.charCodeAt(0) === 95 /* _ */ && (RXDB_FIELDS.has(key) || key === alsoLeaveOut))
      continue;
    copy[key] = source[key];
  }
  return copy as T;
}

/** A copy of `doc` without RxDB's own fields: the document as its author or the server wrote it. */
export function withoutRxdbFields<T extends object>(doc: T): T {
  return fieldsWithout(doc);
}

/** A stored document's fields as the screens read them: without RxDB's own nor `_deleted`. */
export function storedFields<T extends object>(doc: T): T {
  return fieldsWithout(doc, '_deleted');
}
