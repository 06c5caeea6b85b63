/**
 * Base maps for tests, nothing from the internet: a local tile source (what an operator's
 * MAP_TILE_URL points at) and the county's map file (a raster PMTiles v3 archive, what the operator
 * puts at DATA_DIR/maps/county.pmtiles). Both draw generated PNG tiles, each with a thin grid line
 * and its z/x/y written on it, in two tints, so a screenshot shows which source drew a tile:
 * pale green for the tile source, pale sand for the county file.
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';
import { COUNTY_BOUNDS } from '@couchdb/model/location-facts';

/** Which source a tile is drawn for (its tint and the letter before its z/x/y). */
export type TileTint = 'source' | 'county';

const TINTS: Record<TileTint, { rgb: [number, number, number]; label: string }> = {
  source: { rgb: [226, 238, 214], label: 'S' },
  county: { rgb: [243, 232, 206], label: 'C' },
};

const TILE_SIZE = 256;

/** A 256×256 PNG for tile z/x/y: the tint, a little lighter or darker per tile, a grid and a label. */
export async function tilePng(tint: TileTint, z: number, x: number, y: number): Promise<Buffer> {
  const { rgb, label } = TINTS[tint];
  // Neighbouring tiles differ a little, so their edges show.
  const shade = ((x * 7 + y * 13 + z * 3) % 9) - 4;
  const [r, g, b] = rgb.map((c) => Math.max(0, Math.min(255, c + shade * 2)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}">` +
    `<rect x="0.5" y="0.5" width="${TILE_SIZE - 1}" height="${TILE_SIZE - 1}" fill="none" stroke="#9aa58f" stroke-width="1"/>` +
    `<text x="8" y="22" font-family="sans-serif" font-size="14" fill="#6b7563">${label} ${z}/${x}/${y}</text>` +
    `</svg>`;
  return sharp({
    create: { width: TILE_SIZE, height: TILE_SIZE, channels: 3, background: { r, g, b } },
  })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

export interface TileServer {
  /** URL template for the tiles, e.g. http://127.0.0.1:PORT/tiles/{z}/{x}/{y}.png. */
  template: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A tile source on 127.0.0.1 (port 0): PNG tiles for any z/x/y, readable from any origin. */
export async function startTileServer(): Promise<TileServer> {
  const tiles = new Map<string, Promise<Buffer>>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    const [z, x, y] = match ? match.slice(1).map(Number) : [];
    if (z === undefined || x === undefined || y === undefined || x >= 2 ** z || y >= 2 ** z) {
      res.writeHead(404).end();
      return;
    }
    const key = `${z}/${x}/${y}`;
    let tile = tiles.get(key);
    if (!tile) {
      tile = tilePng('source', z, x, y);
      tiles.set(key, tile);
    }
    tile.then(
      (png) => {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
        res.end(png);
      },
      (err: unknown) => {
        console.error('[tile server] tile not drawn', key, err);
        res.writeHead(500).end();
      },
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The web-mercator tile that holds a point at zoom z. */
export function tileAt(z: number, latitude: number, longitude: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** The tiles at zoom z that cover COUNTY_BOUNDS. */
export function countyTiles(z: number): { x: number; y: number }[] {
  const northWest = tileAt(z, COUNTY_BOUNDS.north, COUNTY_BOUNDS.west);
  const southEast = tileAt(z, COUNTY_BOUNDS.south, COUNTY_BOUNDS.east);
  const tiles: { x: number; y: number }[] = [];
  for (let x = northWest.x; x <= southEast.x; x++)
    for (let y = northWest.y; y <= southEast.y; y++) tiles.push({ x, y });
  return tiles;
}

/** A tile's position on the Hilbert curves of PMTiles v3 (all lower zooms' tiles first). */
export function pmtilesTileId(z: number, x: number, y: number): number {
  let id = (4 ** z - 1) / 3;
  let tx = x;
  let ty = y;
  for (let s = 2 ** (z - 1); s >= 1; s /= 2) {
    const rx = tx & s ? 1 : 0;
    const ry = ty & s ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant so the curve continues in the next level's frame.
    if (ry === 0) {
      if (rx === 1) [tx, ty] = [s - 1 - ty, s - 1 - tx];
      else [tx, ty] = [ty, tx];
    }
  }
  return id;
}

/** Little-endian base-128 varint, as the directories of PMTiles v3 store every number. */
function varint(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** A directory in PMTiles v3's columns: count, delta tile ids, run lengths, lengths, offsets. */
function directoryBytes(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const entry of entries) {
    varint(entry.tileId - last, out);
    last = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous tile", otherwise the offset plus one.
    const follows = previous && entry.offset === previous.offset + previous.length;
    varint(follows ? 0 : entry.offset + 1, out);
  });
  return Buffer.from(out);
}

const HEADER_BYTES = 127;
/** What a reader fetches first: the header and the root directory must fit in it. */
const FIRST_READ_BYTES = 16_384;

/**
 * Writes the county's map file: a raster PMTiles v3 archive (PNG tiles, no internal compression,
 * one root directory) with the tiles covering COUNTY_BOUNDS at zooms minZoom..maxZoom (9..13 unless
 * told), drawn in the county tint. Answers the file's size and how many tiles it holds.
 */
export async function writeCountyExtract(
  file: string,
  options: { minZoom?: number; maxZoom?: number } = {},
): Promise<{ bytes: number; tiles: number }> {
  const minZoom = options.minZoom ?? 9;
  const maxZoom = options.maxZoom ?? 13;
  const tiles: { id: number; png: Buffer }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const { x, y } of countyTiles(z)) {
      tiles.push({ id: pmtilesTileId(z, x, y), png: await tilePng('county', z, x, y) });
    }
  }
  tiles.sort((a, b) => a.id - b.id);

  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of tiles) {
    entries.push({ tileId: tile.id, offset, length: tile.png.length, runLength: 1 });
    offset += tile.png.length;
  }
  const root = directoryBytes(entries);
  if (HEADER_BYTES + root.length > FIRST_READ_BYTES) {
    throw new Error(`root directory of ${root.length} bytes: too many tiles for one directory`);
  }
  const metadata = Buffer.from(
    JSON.stringify({
      name: '澄江市（测试）',
      type: 'baselayer',
      format: 'png',
      attribution: '测试底图',
      version: '1',
    }),
  );
  const data = Buffer.concat(tiles.map((tile) => tile.png));

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + metadata.length;
  const dataOffset = leafOffset;

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(leafOffset, 40);
  u64(0, 48);
  u64(dataOffset, 56);
  u64(data.length, 64);
  u64(tiles.length, 72); // addressed tiles
  u64(tiles.length, 80); // tile entries
  u64(tiles.length, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: data in tile id order
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none (PNG is compressed already)
  header.writeUInt8(2, 99); // tile type: PNG
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (degrees: number, at: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(COUNTY_BOUNDS.west, 102);
  e7(COUNTY_BOUNDS.south, 106);
  e7(COUNTY_BOUNDS.east, 110);
  e7(COUNTY_BOUNDS.north, 114);
  header.writeUInt8(Math.min(maxZoom, Math.max(minZoom, 10)), 118);
  e7((COUNTY_BOUNDS.west + COUNTY_BOUNDS.east) / 2, 119);
  e7((COUNTY_BOUNDS.south + COUNTY_BOUNDS.north) / 2, 123);

  const archive = Buffer.concat([header, root, metadata, data]);
  await writeFile(file, archive);
  return { bytes: archive.length, tiles: tiles.length };
}
