/**
 * 下载全县地图 (client/components/map/county-map-file.ts) over a Cache Storage that stores a
 * response only once its whole body is read, as browsers do: a complete download is kept with its
 * version and read back by byte ranges; a cut connection keeps nothing new and leaves the previous
 * copy; a device without room is refused before anything is fetched, with the space needed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTY_MAP_SPACE_MARGIN_BYTES,
  MAP_EXTRACT_PATH,
  MAP_MESSAGES,
  type MapExtract,
} from '@couchdb/model/map-facts';
import {
  countyMapSource,
  downloadCountyMap,
  keptCountyMap,
  removeCountyMap,
} from '@client/components/map/county-map-file';

class FakeCache {
  readonly entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  match(key: string): Promise<Response | undefined> {
    const entry = this.entries.get(key);
    return Promise.resolve(
      entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined,
    );
  }
  async put(key: string, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(key, { body, headers: new Headers(response.headers) });
  }
}

const caches = new Map<string, FakeCache>();
const FILE = new Uint8Array(300_000).map((_, i) => i % 251);

function extract(version: string): MapExtract {
  return { url: MAP_EXTRACT_PATH, bytes: FILE.length, version };
}

/** The gateway's answer: the file in chunks, cut after `cutAt` bytes when given. */
function fileResponse(cutAt?: number): Response {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (cutAt !== undefined && sent >= cutAt) {
        controller.error(new TypeError('network error'));
        return;
      }
      const chunk = FILE.slice(sent, sent + 64 * 1024);
      sent += chunk.length;
      if (chunk.length === 0) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Response(body, { headers: { 'Content-Length': String(FILE.length) } });
}

let quota: { quota: number; usage: number };

beforeEach(() => {
  caches.clear();
  quota = { quota: 10 * 1024 * 1024 * 1024, usage: 0 };
  vi.stubGlobal('caches', {
    open: (name: string) => {
      let cache = caches.get(name);
      if (!cache) caches.set(name, (cache = new FakeCache()));
      return Promise.resolve(cache);
    },
    delete: (name: string) => Promise.resolve(caches.delete(name)),
  });
  vi.stubGlobal('navigator', {
    onLine: true,
    storage: { estimate: () => Promise.resolve(quota), persist: () => Promise.resolve(true) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('下载全县地图', () => {
  it('keeps the whole file with its version, reports progress, and reads it back by ranges', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(fileResponse())),
    );
    const progress: number[] = [];
    await downloadCountyMap(extract('v1'), (received, total) => {
      expect(total).toBe(FILE.length);
      progress.push(received);
    });
    expect(progress.at(-1)).toBe(FILE.length);
    expect(progress.length).toBeGreaterThan(2);
    expect(await keptCountyMap()).toMatchObject({ version: 'v1', bytes: FILE.length });

    const source = await countyMapSource();
    const { data } = await source!.getBytes(100_000, 10);
    expect([...new Uint8Array(data)]).toEqual([...FILE.slice(100_000, 100_010)]);
  });

  it('keeps nothing of a cut download and leaves the previous copy', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(fileResponse())),
    );
    await downloadCountyMap(extract('v1'), () => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(fileResponse(128 * 1024))),
    );
    await expect(downloadCountyMap(extract('v2'), () => {})).rejects.toThrow(
      MAP_MESSAGES.interrupted,
    );
    expect(await keptCountyMap()).toMatchObject({ version: 'v1', bytes: FILE.length });
  });

  it('refuses before downloading when the device has no room for it', async () => {
    const fetch = vi.fn(() => Promise.resolve(fileResponse()));
    vi.stubGlobal('fetch', fetch);
    quota = {
      quota: 1000 * 1024 * 1024,
      usage: 1000 * 1024 * 1024 - COUNTY_MAP_SPACE_MARGIN_BYTES,
    };
    await expect(downloadCountyMap(extract('v1'), () => {})).rejects.toThrow(
      MAP_MESSAGES.noSpace(FILE.length + COUNTY_MAP_SPACE_MARGIN_BYTES),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(await keptCountyMap()).toBeNull();
  });

  it('forgets the copy on 删除全县地图', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(fileResponse())),
    );
    await downloadCountyMap(extract('v1'), () => {});
    await removeCountyMap();
    expect(await keptCountyMap()).toBeNull();
    expect(await countyMapSource()).toBeNull();
  });
});
