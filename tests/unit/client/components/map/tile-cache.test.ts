/**
 * The seen-tile cache (client/components/map/tile-cache.ts) on fake-indexeddb: tiles come back as
 * kept, the bytes kept never pass the limit the user chose, the tiles used longest ago go first
 * (a tile looked at again counts as new), a lower limit drops what no longer fits at once, and
 * 清除 empties it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TILE_CACHE_DEFAULT_LIMIT_MB } from '@couchdb/model/map-facts';
import { stubIndexedDb } from '../../data/media/outbox-fakes';

const MB = 1024 * 1024;
type TileCache = typeof import('@client/components/map/tile-cache');
let cache: TileCache;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A tile of `mb` megabytes whose first byte names it. */
function tile(mb: number, mark: number): Blob {
  const bytes = new Uint8Array(mb * MB);
  bytes[0] = mark;
  return new Blob([bytes], { type: 'image/png' });
}

async function kept(): Promise<string[]> {
  const urls: string[] = [];
  for (const url of ['a', 'b', 'c', 'd', 'e']) if (await cache.cachedTile(url)) urls.push(url);
  return urls;
}

beforeEach(async () => {
  stubIndexedDb();
  vi.stubGlobal('localStorage', memoryStorage());
  vi.resetModules();
  cache = await import('@client/components/map/tile-cache');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the seen-tile cache', () => {
  it('gives back a kept tile and counts its bytes once, replaced or not', async () => {
    expect(await cache.cachedTile('a')).toBeNull();
    await cache.keepTile('a', tile(2, 7));
    await cache.keepTile('a', tile(3, 8));
    const back = await cache.cachedTile('a');
    expect(back?.size).toBe(3 * MB);
    expect(new Uint8Array(await back!.arrayBuffer())[0]).toBe(8);
    expect(await cache.tileCacheUsage()).toBe(3 * MB);
  });

  it('drops the tiles used longest ago once the limit is passed', async () => {
    expect(cache.tileCacheLimitMb()).toBe(TILE_CACHE_DEFAULT_LIMIT_MB);
    await cache.setTileCacheLimit(50);
    await cache.keepTile('a', tile(20, 1));
    await cache.keepTile('b', tile(20, 2));
    // Looked at again: now newer than b.
    expect(await cache.cachedTile('a')).not.toBeNull();
    await cache.keepTile('c', tile(20, 3));
    expect(await cache.tileCacheUsage()).toBe(40 * MB);
    expect(await kept()).toEqual(['a', 'c']);
  });

  it('drops what no longer fits when the user lowers the limit, and keeps the choice', async () => {
    for (const [i, url] of ['a', 'b', 'c', 'd'].entries()) await cache.keepTile(url, tile(20, i));
    expect(await cache.tileCacheUsage()).toBe(80 * MB);
    await cache.setTileCacheLimit(50);
    expect(await cache.tileCacheUsage()).toBeLessThanOrEqual(50 * MB);
    expect(await kept()).toEqual(['c', 'd']);
    expect(cache.tileCacheLimitMb()).toBe(50);
    await expect(cache.setTileCacheLimit(7)).rejects.toThrow(RangeError);
    expect(cache.tileCacheLimitMb()).toBe(50);
  });

  it('empties on 清除', async () => {
    await cache.keepTile('a', tile(1, 1));
    await cache.keepTile('b', tile(1, 2));
    await cache.clearTileCache();
    expect(await cache.tileCacheUsage()).toBe(0);
    expect(await kept()).toEqual([]);
  });
});
