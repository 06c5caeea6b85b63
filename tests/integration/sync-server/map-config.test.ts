/**
 * The maps' base map on the gateway (issue 65): GET /api/map says where tiles come from and whether
 * the county's map file is here, and the file is served with range requests, its version and its
 * cache headers; with nothing configured, maps are told so and the file is not found. Real
 * gateway, real store, over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAP_EXTRACT_FILE,
  MAP_EXTRACT_PATH,
  type MapConfig,
} from '../../../couchdb/model/map-facts';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

const TILES = {
  url: 'https://tiles.example.test/{z}/{x}/{y}.png',
  attribution: '© 测试底图',
  maxZoom: 17,
};

/** A map file's bytes: the PMTiles magic, then noise (the gateway does not read inside it). */
const FILE = Buffer.concat([Buffer.from('PMTiles'), Buffer.from([3]), randomBytes(64 * 1024)]);

let bare: TestGateway;
let configured: TestGateway;

beforeAll(async () => {
  [bare, configured] = await Promise.all([
    startTestGateway(),
    startTestGateway({ mapTiles: TILES }),
  ]);
  const folder = path.join(configured.config.dataDir, 'maps');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, MAP_EXTRACT_FILE), FILE);
});

afterAll(async () => {
  await Promise.all([bare?.cleanup(), configured?.cleanup()]);
});

describe('a gateway with nothing configured for maps', () => {
  it('says so, and has no map file', async () => {
    const res = await request(bare.app).get('/api/map').expect(200);
    expect(res.body).toEqual({ tiles: null, extract: null } satisfies MapConfig);
    expect(res.headers['cache-control']).toBe('no-cache');
    await request(bare.app).get(MAP_EXTRACT_PATH).expect(404);
  });
});

describe('a gateway with a tile source and the county’s map file', () => {
  it('names the source and the file with its size and version, to anyone', async () => {
    const res = await request(configured.app).get('/api/map').expect(200);
    const config = res.body as MapConfig;
    expect(config.tiles).toEqual(TILES);
    expect(config.extract).toMatchObject({ url: MAP_EXTRACT_PATH, bytes: FILE.length });
    expect(config.extract?.version).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
  });

  it('serves the part of the file a map asks for, and the whole file to keep', async () => {
    const part = await request(configured.app)
      .get(MAP_EXTRACT_PATH)
      .set('Range', 'bytes=0-126')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-126/${FILE.length}`);
    expect(Buffer.compare(part.body as Buffer, FILE.subarray(0, 127))).toBe(0);
    expect(part.headers['cache-control']).toBe('public, max-age=3600');
    expect(part.headers['etag']).toBeTruthy();

    const whole = await request(configured.app).head(MAP_EXTRACT_PATH).expect(200);
    expect(Number(whole.headers['content-length'])).toBe(FILE.length);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // A device asking whether its kept copy is still the current one.
    await request(configured.app)
      .get(MAP_EXTRACT_PATH)
      .set('If-None-Match', String(whole.headers['etag']))
      .expect(304);
  });

  it('gives a new version once the file is replaced', async () => {
    const before = ((await request(configured.app).get('/api/map')).body as MapConfig).extract;
    const file = path.join(configured.config.dataDir, 'maps', MAP_EXTRACT_FILE);
    await writeFile(file, Buffer.concat([FILE, Buffer.from('more tiles')]));
    const after = ((await request(configured.app).get('/api/map')).body as MapConfig).extract;
    expect(after?.bytes).toBe(FILE.length + 10);
    expect(after?.version).not.toBe(before?.version);
    await rm(file);
    expect(((await request(configured.app).get('/api/map')).body as MapConfig).extract).toBeNull();
  });
});
