/**
 * Recognising a "quota exceeded" failure wherever it comes from (IndexedDB through RxDB and Dexie,
 * the Cache API, localStorage, the device storage's worker), for the one message the page shows
 * (client/pwa/storage.ts).
 */

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/**
 * How RxDB's remote storage words a failure of the worker's side (rx-storage-remote.js): a prefix,
 * then JSON with the worker's error (a request's failure) or the error itself (opening one).
 */
const REMOTE_FAILURES = [
  { prefix: 'could not requestRemote: ', error: (json: { error?: unknown }) => json.error },
  { prefix: 'could not create instance ', error: (json: unknown) => json },
] as const;

/** The worker's error in a remote storage failure, or undefined. */
function remoteError(err: object): unknown {
  const message = (err as { message?: unknown }).message;
  if (typeof message !== 'string') return undefined;
  for (const { prefix, error } of REMOTE_FAILURES) {
    if (!message.startsWith(prefix)) continue;
    try {
      return error(JSON.parse(message.slice(prefix.length)) as { error?: unknown });
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * True for a full-quota failure, also when wrapped: Dexie keeps the DOMException in `inner`,
 * RxDB in `parameters.error`, others in `cause`, and RxDB's remote storage in its message.
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
    isQuotaExceededError(e.parameters?.error, depth + 1) ||
    isQuotaExceededError(remoteError(err), depth + 1)
  );
}

/**
 * The same failure as a plain error named QuotaExceededError: what crosses from the storage's
 * worker to the page keeps the name of the error only, not the DOMException Dexie wraps.
 */
export function plainQuotaError(err: unknown): Error {
  const plain = new Error(err instanceof Error ? err.message : String(err));
  plain.name = 'QuotaExceededError';
  return plain;
}
