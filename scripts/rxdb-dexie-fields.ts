/**
 * RxDB's Dexie storage rebuilds every document it writes or reads, at every depth
 * (`fromStorageToDexieField`, `fromDexieToStorageField` in
 * rxdb/dist/esm/plugins/storage-dexie/dexie-helper.js), to rename keys that start with `|` (which
 * Dexie cannot index) to `__` and back. No key of the app's documents has either, so each copy is
 * the same document again: 150–230 ms of the storage worker's time for each 10,000 listings a
 * first sync writes (twice that for a signed-in device, whose meta rows carry each listing too),
 * and as much again for each 10,000 a query reads (issue 17).
 *
 * The build checks each document first, without copying it: only one with such a key somewhere,
 * or a collection with a boolean index below the top level (RxDB writes those into the copy it
 * made, which would otherwise share that level with RxDB's own document), is rebuilt as before.
 * The top level is still RxDB's own copy (`flatClone`), where it writes the top-level boolean
 * indexes (`_deleted`).
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]storage-dexie[\\/]dexie-helper\.js$/;
const TO_DEXIE = '  d = fromStorageToDexieField(d);\n';
const TO_STORAGE = '  d = fromDexieToStorageField(d);\n';

/** `dexie-helper.js` with the checks before the copies; throws when RxDB's code changed. */
export function keepUnchangedDocuments(code: string): string {
  for (const line of [TO_DEXIE, TO_STORAGE]) {
    const found = code.split(line).length - 1;
    if (found !== 1) {
      throw new Error(
        `rxdb's dexie-helper.js has ${found} "${line.trim()}" (expected 1): ` +
          'scripts/rxdb-dexie-fields.ts needs a look after the RxDB update',
      );
    }
  }
  // Same lines as before (the source map stays right); the helper goes after the last line.
  return (
    code
      .replace(
        TO_DEXIE,
        "  d = __keepsKeys(d, '|', booleanIndexes) ? d : fromStorageToDexieField(d);\n",
      )
      .replace(
        TO_STORAGE,
        '  d = __keepsKeys(d, DEXIE_PIPE_SUBSTITUTE, booleanIndexes) ? d : fromDexieToStorageField(d);\n',
      ) +
    `
function __keepsKeys(doc, mark, booleanIndexes) {
  for (var i = 0; i < booleanIndexes.length; i++) if (booleanIndexes[i].includes('.')) return false;
  return __noKeyWith(doc, mark);
}
function __noKeyWith(value, mark) {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (var i = 0; i < value.length; i++) if (!__noKeyWith(value[i], mark)) return false;
    return true;
  }
  for (var key in value) if (key.includes(mark) || !__noKeyWith(value[key], mark)) return false;
  return true;
}
`
  );
}

export function rxdbDexieFields(): Plugin {
  return {
    name: 'rxdb-dexie-fields',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: keepUnchangedDocuments(code), map: null };
    },
  };
}
