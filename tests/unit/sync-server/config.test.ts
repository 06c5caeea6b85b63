/**
 * The gateway's configuration from the environment (sync-server/config.ts): the memory the app's
 * hashed files may take, the maps' tile source, and the site's public origin.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_MAX_ZOOM } from '../../../couchdb/model/map-facts';
import { DEFAULT_APP_FILES_MEMORY_MB, loadConfig } from '../../../sync-server/config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cj-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('APP_FILES_MEMORY_MB', () => {
  it('defaults to the default, in bytes', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).appFilesMemoryBytes).toBe(
      DEFAULT_APP_FILES_MEMORY_MB * 1024 * 1024,
    );
  });

  it('takes megabytes, 0 included (every request read from disk)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '0.5' }).appFilesMemoryBytes).toBe(
      512 * 1024,
    );
    expect(loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '0' }).appFilesMemoryBytes).toBe(0);
  });

  it('refuses a negative or non-numeric value, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: '-1' })).toThrow(
      /APP_FILES_MEMORY_MB/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_FILES_MEMORY_MB: 'lots' })).toThrow(
      /APP_FILES_MEMORY_MB/,
    );
  });
});

describe('MAP_TILE_URL', () => {
  it('is no tile source when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).mapTiles).toBeNull();
  });

  it('takes a template with its attribution, and the default deepest zoom', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MAP_TILE_URL: 'https://t0.example.test/{z}/{x}/{y}.png?tk=key',
      MAP_TILE_ATTRIBUTION: '© 天地图',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://t0.example.test/{z}/{x}/{y}.png?tk=key',
      attribution: '© 天地图',
      maxZoom: DEFAULT_MAP_MAX_ZOOM,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        MAP_TILE_URL: '/tiles/{z}/{x}/{y}.webp',
        MAP_TILE_MAX_ZOOM: '16',
      }).mapTiles?.maxZoom,
    ).toBe(16);
  });

  it('refuses a URL without every tile coordinate, or another scheme, naming the variable', () => {
    for (const url of ['https://t0.example.test/{z}/{x}.png', 'javascript:alert(1)//{z}{x}{y}'])
      expect(() => loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: url })).toThrow(/MAP_TILE_URL/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: '/t/{z}/{x}/{y}', MAP_TILE_MAX_ZOOM: '30' }),
    ).toThrow(/MAP_TILE_MAX_ZOOM/);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is unset by default: each request names its own host', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).publicOrigin).toBeUndefined();
  });

  it('keeps the origin alone, whatever path or slash follows it', () => {
    const origin = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: value }).publicOrigin;
    expect(origin('https://fang.example.cn/')).toBe('https://fang.example.cn');
    expect(origin('https://fang.example.cn:8443/app')).toBe('https://fang.example.cn:8443');
  });

  it('refuses what is not an http(s) URL, naming the variable', () => {
    for (const value of ['fang.example.cn', 'ftp://fang.example.cn']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: value })).toThrow(
        /PUBLIC_ORIGIN/,
      );
    }
  });
});
