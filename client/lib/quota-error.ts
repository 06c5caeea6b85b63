/**
 * Recognising a "quota exceeded" failure wherever it comes from (IndexedDB through RxDB and Dexie,
 * the Cache API, localStorage, the device storage's worker), for the one message the page shows
 * (client/pwa/storage.ts).
 */

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/**
 * True for a full-quota failure, also when wrapped: Dexie keeps the DOMException in `inner`,
 * RxDB in `parameters.error`, others in `cause`. One in the storage's worker reaches the page by
 * its name alone (storage-channel.ts).
 */
export function isQuotaExceededError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    name?: unknown;
    code?: unknown;
    inner?: unknown;
    cause?: unknown;
    parameters?: { error?: unknown };
  };
  if (typeof e.name === 'string' && QUOTA_NAMES.has(e.name)) return true;
  if (typeof DOMException === 'function' && err instanceof DOMException && e.code === 22)
    return true;
  return (
    isQuotaExceededError(e.inner, depth + 1) ||
    isQuotaExceededError(e.cause, depth + 1) ||
    isQuotaExceededError(e.parameters?.error, depth + 1)
  );
}

/**
 * The same failure as a plain error named QuotaExceededError: what crosses from the storage's
 * worker to the page keeps the name of the error only, not the DOMException Dexie wraps. Its
 * message is not kept either: RxDB's error around the DOMException names the documents written.
 */
export function plainQuotaError(): Error {
  const plain = new Error('the device storage is full: the browser refused the write');
  plain.name = 'QuotaExceededError';
  return plain;
}
