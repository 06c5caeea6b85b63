/**
 * What the device accepts as the maps' configuration (couchdb/model/map-facts.ts): the gateway's
 * answer as it is, and nothing it could not check, since it decides where the device loads tiles.
 */
import { describe, expect, it } from 'vitest';
import {
  MAP_EXTRACT_PATH,
  readMapConfig,
  type MapConfig,
} from '../../../../couchdb/model/map-facts';

const CONFIG: MapConfig = {
  tiles: { url: 'https://t0.example.test/{z}/{x}/{y}.png', attribution: '© 天地图', maxZoom: 18 },
  extract: { url: MAP_EXTRACT_PATH, bytes: 123_456, version: 'abc-def' },
};

describe('readMapConfig', () => {
  it('takes the gateway’s answer, with or without a source and a file', () => {
    expect(readMapConfig(CONFIG)).toEqual(CONFIG);
    expect(readMapConfig({ tiles: null, extract: null })).toEqual({ tiles: null, extract: null });
    expect(readMapConfig(JSON.parse(JSON.stringify(CONFIG)))).toEqual(CONFIG);
  });

  it('refuses a source it could not load from, and anything else', () => {
    const withTiles = (tiles: unknown) => readMapConfig({ ...CONFIG, tiles });
    expect(withTiles({ ...CONFIG.tiles, url: 'javascript:alert(1)//{z}{x}{y}' })).toBeNull();
    expect(withTiles({ ...CONFIG.tiles, url: 'https://t0.example.test/{z}/{x}.png' })).toBeNull();
    expect(withTiles({ ...CONFIG.tiles, maxZoom: 40 })).toBeNull();
    expect(withTiles({ url: CONFIG.tiles!.url })).toBeNull();
    expect(
      readMapConfig({ ...CONFIG, extract: { ...CONFIG.extract, url: 'https://x.test/a' } }),
    ).toBeNull();
    for (const value of [null, 'config', 42, {}, { tiles: null }])
      expect(readMapConfig(value)).toBeNull();
  });
});
