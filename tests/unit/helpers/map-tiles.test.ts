/**
 * The tests' base maps (tests/helpers/map-tiles.ts): the county's map file is a PMTiles v3 archive
 * the pmtiles library reads as a map would (its header's zooms and bounds, a tile inside the
 * county, nothing outside it or past its zooms), and the local tile source answers PNG tiles to any
 * origin and records what was asked.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PMTiles, TileType, zxyToTileId, type Source } from 'pmtiles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTY_BOUNDS, COUNTY_CENTER } from '@couchdb/model/location-facts';
import {
  countyTiles,
  pmtilesTileId,
  startTileServer,
  tileAt,
  writeCountyExtract,
} from '../../helpers/map-tiles';

/** A pmtiles Source over a file on disk, reading only the ranges asked for. */
function fileSource(file: string): Source {
  return {
    getKey: () => file,
    getBytes: async (offset, length) => {
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        const data = new Uint8Array(bytesRead);
        data.set(buffer.subarray(0, bytesRead));
        return { data: data.buffer };
      } finally {
        await handle.close();
      }
    },
  };
}

describe('the county map file', () => {
  let folder: string;
  let file: string;
  let written: { bytes: number; tiles: number };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'map-extract-'));
    file = path.join(folder, 'county.pmtiles');
    written = await writeCountyExtract(file, { minZoom: 9, maxZoom: 12 });
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('numbers tiles on the same Hilbert curves as the pmtiles library', () => {
    for (const z of [0, 1, 2, 5, 9, 13])
      for (const { x, y } of [...countyTiles(Math.max(z, 9)).slice(0, 5), { x: 0, y: 0 }]) {
        const tx = x % 2 ** z;
        const ty = y % 2 ** z;
        expect(pmtilesTileId(z, tx, ty)).toBe(zxyToTileId(z, tx, ty));
      }
  });

  it('tells a map its zooms, bounds, centre and kind of tiles', async () => {
    const archive = new PMTiles(fileSource(file));
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 9,
      maxZoom: 12,
      tileType: TileType.Png,
      numTileEntries: written.tiles,
    });
    expect(header.minLon).toBeCloseTo(COUNTY_BOUNDS.west, 5);
    expect(header.maxLat).toBeCloseTo(COUNTY_BOUNDS.north, 5);
    expect(header.centerLat).toBeCloseTo((COUNTY_BOUNDS.south + COUNTY_BOUNDS.north) / 2, 5);
    expect(written.bytes).toBeGreaterThan(written.tiles * 100);
    expect(await archive.getMetadata()).toMatchObject({ type: 'baselayer', format: 'png' });
  });

  it('gives the tile over the county’s centre as a 256 px PNG, and nothing outside', async () => {
    const archive = new PMTiles(fileSource(file));
    const { x, y } = tileAt(12, COUNTY_CENTER.latitude, COUNTY_CENTER.longitude);
    const tile = await archive.getZxy(12, x, y);
    expect(tile).toBeDefined();
    const image = await sharp(Buffer.from(tile!.data)).metadata();
    expect(image).toMatchObject({ format: 'png', width: 256, height: 256 });

    const beijing = tileAt(12, 39.9, 116.4);
    expect(await archive.getZxy(12, beijing.x, beijing.y)).toBeUndefined();
    const deeper = tileAt(13, COUNTY_CENTER.latitude, COUNTY_CENTER.longitude);
    expect(await archive.getZxy(13, deeper.x, deeper.y)).toBeUndefined();
  });

  it('holds every tile over the county at every zoom', async () => {
    const archive = new PMTiles(fileSource(file));
    let found = 0;
    for (let z = 9; z <= 12; z++)
      for (const { x, y } of countyTiles(z)) if (await archive.getZxy(z, x, y)) found += 1;
    expect(found).toBe(written.tiles);
  });
});

describe('the local tile source', () => {
  it('answers a PNG tile to any origin and records the request', async () => {
    const server = await startTileServer();
    try {
      const url = server.template.replace('{z}', '10').replace('{x}', '830').replace('{y}', '442');
      const res = await fetch(url, { headers: { Origin: 'http://localhost:5173' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('content-type')).toBe('image/png');
      const image = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(image).toMatchObject({ format: 'png', width: 256, height: 256 });
      expect((await fetch(url.replace('/830/', '/9999/'))).status).toBe(404);
      expect(server.requests).toEqual(['/tiles/10/830/442.png', '/tiles/10/9999/442.png']);
    } finally {
      await server.close();
    }
  });
});
