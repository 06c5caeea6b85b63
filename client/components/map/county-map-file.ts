/**
 * 下载全县地图: the gateway's county map file (a PMTiles archive, couchdb/model/map-facts.ts) kept
 * on the device in Cache Storage, so the base map draws offline; and the pmtiles sources a map
 * reads it through, from the kept copy or over the network. The kept copy is replaced only by a
 * complete download: a cut connection, a cancel or a full disk leave the previous one as it was.
 */
import { FetchSource, type Source } from 'pmtiles';
import {
  COUNTY_MAP_CACHE,
  COUNTY_MAP_SPACE_MARGIN_BYTES,
  MAP_MESSAGES,
  type MapExtract,
} from '@couchdb/model/map-facts';
import { isQuotaExceededError } from '@client/lib/quota-error';

/** The kept copy's entry in the cache (the gateway's path: one county file per origin). */
const ENTRY = '/maps/county.pmtiles';
const VERSION_HEADER = 'X-County-Map-Version';
const SAVED_AT_HEADER = 'X-County-Map-Saved-At';

/** Why a download did not keep the file; `message` is the Chinese text to show. */
export type CountyMapFailure =
  'unsupported' | 'offline' | 'no-space' | 'interrupted' | 'cancelled' | 'not-saved' | 'failed';

export class CountyMapError extends Error {
  constructor(
    readonly failure: CountyMapFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CountyMapError';
  }
}

/** The county file kept on this device. */
export interface KeptCountyMap {
  version: string;
  bytes: number;
  /** When it was kept (ISO 8601). */
  savedAt: string;
}

const changes = new EventTarget();

/** Calls `listener` whenever the kept copy is saved or removed; returns the unsubscribe. */
export function onCountyMapChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

function changed(): void {
  changes.dispatchEvent(new Event('change'));
}

function hasCaches(): boolean {
  return typeof globalThis.caches?.open === 'function';
}

/** The kept copy's response, or null. */
async function keptResponse(): Promise<Response | null> {
  if (!hasCaches()) return null;
  const cache = await caches.open(COUNTY_MAP_CACHE);
  return (await cache.match(ENTRY)) ?? null;
}

/** The county file kept on this device, or null when there is none. */
export async function keptCountyMap(): Promise<KeptCountyMap | null> {
  const response = await keptResponse();
  if (!response) return null;
  const version = response.headers.get(VERSION_HEADER);
  const bytes = Number(response.headers.get('Content-Length'));
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (!version || !savedAt || !Number.isFinite(bytes)) return null;
  return { version, bytes, savedAt };
}

/** Removes the kept county file (the base map then comes from the network, if any). */
export async function removeCountyMap(): Promise<void> {
  if (!hasCaches()) return;
  await caches.delete(COUNTY_MAP_CACHE);
  changed();
}

/** Refuses a download the device has no room for (the file and a margin for everything else). */
async function checkSpace(bytes: number): Promise<void> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota === undefined) return;
  const needed = bytes + COUNTY_MAP_SPACE_MARGIN_BYTES;
  if (estimate.quota - (estimate.usage ?? 0) < needed) {
    throw new CountyMapError('no-space', MAP_MESSAGES.noSpace(needed));
  }
}

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (err instanceof DOMException && err.name === 'AbortError');
}

/**
 * Downloads the gateway's county file and keeps it, replacing the kept copy only once every byte
 * is in. Reports bytes received of the total as they come; rejects with a CountyMapError whose
 * message says why nothing was kept.
 */
export async function downloadCountyMap(
  extract: MapExtract,
  onProgress: (received: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!hasCaches()) throw new CountyMapError('unsupported', MAP_MESSAGES.unsupported);
  if (globalThis.navigator?.onLine === false) {
    throw new CountyMapError('offline', MAP_MESSAGES.offline);
  }
  await checkSpace(extract.bytes);
  // A kept map is something the user chose to have offline: ask that the browser not evict it.
  await navigator.storage?.persist?.().catch(() => false);

  let response: Response;
  try {
    // Past the HTTP cache: parts of the file read by the map may be there, not the whole of it.
    response = await fetch(extract.url, { signal, cache: 'no-store' });
  } catch (err) {
    if (isAbort(err, signal)) throw new CountyMapError('cancelled', MAP_MESSAGES.cancelled);
    throw new CountyMapError('interrupted', MAP_MESSAGES.interrupted, { cause: err });
  }
  if (!response.ok || !response.body) {
    throw new CountyMapError('failed', MAP_MESSAGES.failed, {
      cause: new Error(`GET ${extract.url}: ${response.status}`),
    });
  }
  const total = Number(response.headers.get('Content-Length')) || extract.bytes;
  let received = 0;
  onProgress(0, total);
  // Counts the bytes as the cache takes them, and fails the body if it ends short: the cache
  // then keeps nothing of it.
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onProgress(received, total);
        controller.enqueue(chunk);
      },
      flush(controller) {
        if (received !== total) {
          controller.error(new Error(`county map ended at ${received} of ${total} bytes`));
        }
      },
    }),
  );
  const kept = new Response(counted, {
    headers: {
      'Content-Type': 'application/vnd.pmtiles',
      'Content-Length': String(total),
      [VERSION_HEADER]: extract.version,
      [SAVED_AT_HEADER]: new Date().toISOString(),
    },
  });
  try {
    const cache = await caches.open(COUNTY_MAP_CACHE);
    await cache.put(ENTRY, kept);
  } catch (err) {
    if (isAbort(err, signal)) throw new CountyMapError('cancelled', MAP_MESSAGES.cancelled);
    if (isQuotaExceededError(err)) {
      throw new CountyMapError('not-saved', MAP_MESSAGES.notSaved, { cause: err });
    }
    throw new CountyMapError('interrupted', MAP_MESSAGES.interrupted, { cause: err });
  }
  changed();
}

/** A pmtiles Source over a Blob: each range read is a slice of it (a kept file is not loaded whole). */
export function blobSource(blob: Blob, key: string): Source {
  return {
    getKey: () => key,
    getBytes: async (offset, length) => ({
      data: await blob.slice(offset, offset + length).arrayBuffer(),
    }),
  };
}

/** The kept county file as a pmtiles Source, or null when none is kept. */
export async function countyMapSource(): Promise<Source | null> {
  const response = await keptResponse();
  if (!response) return null;
  const version = response.headers.get(VERSION_HEADER) ?? 'kept';
  return blobSource(await response.blob(), `county-map:${version}`);
}

/**
 * The gateway's county file read over the network, by ranges. The version is in the URL so that
 * ranges of a replaced file kept by the HTTP cache are never mixed with the new one's.
 */
export function networkCountyMapSource(extract: MapExtract): Source {
  return new FetchSource(`${extract.url}?v=${encodeURIComponent(extract.version)}`);
}
