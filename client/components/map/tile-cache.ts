/**
 * The map tiles this device has seen, kept in IndexedDB so a map opened offline still draws where
 * the user has looked before (issue 65). Bounded: past the limit the user chose (a
 * device setting, MB) the tiles used longest ago go first. Holds only tiles of the gateway's own
 * sources (its county file, a same-origin tile path): a third party's tiles are never kept here,
 * their terms forbid it (base-map-layer.tsx).
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { TILE_CACHE_DEFAULT_LIMIT_MB, TILE_CACHE_LIMIT_CHOICES_MB } from '@couchdb/model/map-facts';

const DB_NAME = 'cjfc-map-tiles';
const DB_VERSION = 1;
const LIMIT_KEY = 'cjfc.map.tileCacheMb';
const MB = 1024 * 1024;

interface KeptTile {
  url: string;
  blob: Blob;
  bytes: number;
  /** Order of last use: larger is more recent. */
  usedAt: number;
}

interface TileCacheSchema extends DBSchema {
  tiles: { key: string; value: KeptTile; indexes: { usedAt: number } };
  /** One record, 'usage': the bytes of every kept tile, kept with them in the same transactions. */
  meta: { key: string; value: number };
}

let opening: Promise<IDBPDatabase<TileCacheSchema>> | null = null;

function db(): Promise<IDBPDatabase<TileCacheSchema>> {
  opening ??= openDB<TileCacheSchema>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      const tiles = database.createObjectStore('tiles', { keyPath: 'url' });
      tiles.createIndex('usedAt', 'usedAt');
      database.createObjectStore('meta');
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

const changes = new EventTarget();

/** Calls `listener` after tiles are kept, dropped or cleared; returns the unsubscribe. */
export function onTileCacheChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

function changed(): void {
  changes.dispatchEvent(new Event('change'));
}

let lastUse = 0;
/** Increasing even when two uses fall in the same millisecond or the clock steps back. */
function nextUse(): number {
  lastUse = Math.max(Date.now(), lastUse + 1);
  return lastUse;
}

/** The limit the user chose, in MB (the default until they choose). */
export function tileCacheLimitMb(): number {
  try {
    const chosen = Number(localStorage.getItem(LIMIT_KEY));
    return (TILE_CACHE_LIMIT_CHOICES_MB as readonly number[]).includes(chosen)
      ? chosen
      : TILE_CACHE_DEFAULT_LIMIT_MB;
  } catch {
    return TILE_CACHE_DEFAULT_LIMIT_MB;
  }
}

/** Drops the least recently used tiles until the rest fit in `limit` bytes (in the transaction). */
async function trim(
  tx: IDBPTransaction<TileCacheSchema, ('tiles' | 'meta')[], 'readwrite'>,
  usage: number,
  limit: number,
): Promise<number> {
  let left = usage;
  if (left <= limit) return left;
  let cursor = await tx.objectStore('tiles').index('usedAt').openCursor();
  while (cursor && left > limit) {
    left -= cursor.value.bytes;
    await cursor.delete();
    cursor = await cursor.continue();
  }
  return Math.max(0, left);
}

/** Chooses the limit (one of TILE_CACHE_LIMIT_CHOICES_MB) and drops what no longer fits. */
export async function setTileCacheLimit(mb: number): Promise<void> {
  if (!(TILE_CACHE_LIMIT_CHOICES_MB as readonly number[]).includes(mb)) {
    throw new RangeError(`tile cache limit ${mb} MB is not one of the choices`);
  }
  localStorage.setItem(LIMIT_KEY, String(mb));
  const tx = (await db()).transaction(['tiles', 'meta'], 'readwrite');
  const usage = (await tx.objectStore('meta').get('usage')) ?? 0;
  await tx.objectStore('meta').put(await trim(tx, usage, mb * MB), 'usage');
  await tx.done;
  changed();
}

/** Bytes of the tiles kept now. */
export async function tileCacheUsage(): Promise<number> {
  return (await (await db()).get('meta', 'usage')) ?? 0;
}

/** Forgets every kept tile. */
export async function clearTileCache(): Promise<void> {
  const tx = (await db()).transaction(['tiles', 'meta'], 'readwrite');
  await tx.objectStore('tiles').clear();
  await tx.objectStore('meta').put(0, 'usage');
  await tx.done;
  changed();
}

/** The tile kept for `url`, marked as just used; null when it is not kept. */
export async function cachedTile(url: string): Promise<Blob | null> {
  const tx = (await db()).transaction('tiles', 'readwrite');
  const tile = await tx.store.get(url);
  if (tile) await tx.store.put({ ...tile, usedAt: nextUse() });
  await tx.done;
  return tile?.blob ?? null;
}

/** Keeps a tile just seen, dropping the least recently used ones past the limit. */
export async function keepTile(url: string, blob: Blob): Promise<void> {
  const limit = tileCacheLimitMb() * MB;
  // A tile larger than the whole cache would only empty it.
  if (blob.size > limit) return;
  const tx = (await db()).transaction(['tiles', 'meta'], 'readwrite');
  const tiles = tx.objectStore('tiles');
  const meta = tx.objectStore('meta');
  const before = await tiles.get(url);
  const usage = ((await meta.get('usage')) ?? 0) - (before?.bytes ?? 0) + blob.size;
  await tiles.put({ url, blob, bytes: blob.size, usedAt: nextUse() });
  await meta.put(await trim(tx, usage, limit), 'usage');
  await tx.done;
  changed();
}
