/**
 * The maps' base map: GET /api/map says where tiles come from (the operator's MAP_TILE_URL) and
 * whether the county's map file is here; /maps/county.pmtiles serves that file (DATA_DIR/maps/)
 * with range requests, which is how a map reads it, and whole, which is how a device keeps it
 * for offline use. Both are public and read-only: nothing a visitor does here is stored.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import {
  MAP_EXTRACT_FILE,
  MAP_EXTRACT_MAX_AGE_S,
  MAP_EXTRACT_PATH,
  type MapConfig,
  type MapExtract,
  type MapTileSource,
} from '@couchdb/model/map-facts';

/** The county's map file, if the operator put one in place. */
async function extractIn(file: string): Promise<MapExtract | null> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    // Changes whenever the file is replaced: a device's kept copy of another version is stale.
    return {
      url: MAP_EXTRACT_PATH,
      bytes: info.size,
      version: `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`,
    };
  } catch {
    return null;
  }
}

/** GET / under /api/map. */
export function mapConfigRoutes(dataDir: string, tiles: MapTileSource | null): Router {
  const file = path.join(dataDir, 'maps', MAP_EXTRACT_FILE);
  const router = Router();
  router.get('/', async (_req, res) => {
    const config: MapConfig = { tiles, extract: await extractIn(file) };
    // Read again at every start of a map: the operator may add or replace the file at any time.
    res.set('Cache-Control', 'no-cache').json(config);
  });
  return router;
}

/** The county's map file at MAP_EXTRACT_PATH (404 while there is none). */
export function mapFileRoutes(dataDir: string): Router {
  const file = path.join(dataDir, 'maps', MAP_EXTRACT_FILE);
  const router = Router();
  router.get(MAP_EXTRACT_PATH, (_req, res, next) => {
    res.sendFile(
      file,
      {
        acceptRanges: true,
        etag: true,
        lastModified: true,
        cacheControl: false,
        headers: {
          'Cache-Control': `public, max-age=${MAP_EXTRACT_MAX_AGE_S}`,
          'Content-Type': 'application/vnd.pmtiles',
        },
      },
      (err) => {
        // Sent, or cut off by the client part way: nothing left to answer.
        if (!err || res.headersSent) return;
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') res.status(404).end();
        else next(err);
      },
    );
  });
  return router;
}
