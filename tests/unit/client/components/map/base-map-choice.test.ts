/**
 * Which base map a map draws (client/components/map/base-map-choice.ts): the county file kept on
 * the device before anything on the network, then the gateway's county file, then the operator's
 * tile source, else none; a third party's source is told apart from the gateway's own, whose
 * tiles alone may be kept; attributions are shown as text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTY_MAP_CACHE, MAP_EXTRACT_PATH, type MapConfig } from '@couchdb/model/map-facts';
import { escapeHtml } from '@client/components/map/escape-html';
import { chooseBaseMap, isOwnTileSource } from '@client/components/map/base-map-choice';

const EXTRACT = { url: MAP_EXTRACT_PATH, bytes: 1000, version: 'v2' };
const TILES = {
  url: 'https://t0.example.test/{z}/{x}/{y}.png',
  attribution: '© 测试',
  maxZoom: 18,
};

let keptCopy: Response | undefined;

beforeEach(() => {
  keptCopy = undefined;
  vi.stubGlobal('caches', {
    open: (name: string) =>
      Promise.resolve({
        match: () => Promise.resolve(name === COUNTY_MAP_CACHE ? keptCopy?.clone() : undefined),
      }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function keep(version: string) {
  keptCopy = new Response('PMTiles', {
    headers: {
      'Content-Length': '7',
      'X-County-Map-Version': version,
      'X-County-Map-Saved-At': '2026-12-01T08:00:00.000Z',
    },
  });
}

describe('the base map a map draws', () => {
  it('is the kept county file, even when the gateway has another version or none', async () => {
    keep('v1');
    for (const config of [
      { tiles: TILES, extract: EXTRACT },
      { tiles: null, extract: null },
    ] satisfies MapConfig[]) {
      expect((await chooseBaseMap(config)).kind).toBe('kept');
    }
  });

  it('is otherwise the gateway’s county file, then the tile source, then none', async () => {
    expect((await chooseBaseMap({ tiles: TILES, extract: EXTRACT })).kind).toBe('extract');
    expect((await chooseBaseMap({ tiles: TILES, extract: null })).kind).toBe('tiles');
    expect((await chooseBaseMap({ tiles: null, extract: null })).kind).toBe('none');
  });

  it('keeps only the gateway’s own tiles, and shows attributions as text', () => {
    expect(isOwnTileSource('/tiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isOwnTileSource(TILES.url)).toBe(false);
    expect(isOwnTileSource('//cdn.example.test/{z}/{x}/{y}.png')).toBe(false);
    expect(escapeHtml('© <a href="x">天地图</a>')).toBe(
      '© &#60;a href=&#34;x&#34;&#62;天地图&#60;/a&#62;',
    );
  });
});
