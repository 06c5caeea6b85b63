/**
 * The maps' base map (issue 65): where its tiles come from, as the operator configures the gateway,
 * and the county's map file the gateway can serve itself. Zod-free: the gateway builds the answer
 * of GET /api/map from these, and the device reads it (client/components/map/map-config.ts).
 */

/** The map file of the county (PMTiles) in the gateway's data folder, under `maps/`. */
export const MAP_EXTRACT_FILE = 'county.pmtiles';
/** Where the gateway serves it (range requests). */
export const MAP_EXTRACT_PATH = `/maps/${MAP_EXTRACT_FILE}`;
/** How long a browser may use its copy of the file's bytes before asking again (seconds). */
export const MAP_EXTRACT_MAX_AGE_S = 60 * 60;

/** The zoom a tile source goes up to when the operator does not say. */
export const DEFAULT_MAP_MAX_ZOOM = 18;
/** The zooms a tile source may claim. */
export const MAP_ZOOM_RANGE = { min: 1, max: 22 } as const;

/** A tile source: a URL template with {z}, {x} and {y}, its attribution and its deepest zoom. */
export interface MapTileSource {
  url: string;
  /** Shown on every map drawn with the source (its terms ask for it). */
  attribution: string;
  maxZoom: number;
}

/** The county's map file on the gateway: where, how large, and its version (changes with it). */
export interface MapExtract {
  url: string;
  bytes: number;
  version: string;
}

/** GET /api/map: what the maps draw under their pins; null where nothing is configured. */
export interface MapConfig {
  tiles: MapTileSource | null;
  extract: MapExtract | null;
}

/** Whether a tile URL template names every tile coordinate. */
export function isTileTemplate(url: string): boolean {
  return ['{z}', '{x}', '{y}'].every((part) => url.includes(part));
}

/** Whether a tile URL is one a map may load: http(s) or a path of the gateway, every coordinate in it. */
export function isTileUrl(url: string): boolean {
  return (/^https?:\/\//.test(url) || url.startsWith('/')) && isTileTemplate(url);
}

/**
 * GET /api/map's answer as the device reads it (or as it kept it), or null when it is not one:
 * a device never draws from a source it cannot check.
 */
export function readMapConfig(value: unknown): MapConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { tiles, extract } = value as Record<string, unknown>;
  const source = tiles as Partial<MapTileSource> | null | undefined;
  const file = extract as Partial<MapExtract> | null | undefined;
  const tilesOk =
    source === null ||
    (typeof source === 'object' &&
      typeof source.url === 'string' &&
      isTileUrl(source.url) &&
      typeof source.attribution === 'string' &&
      typeof source.maxZoom === 'number' &&
      source.maxZoom >= MAP_ZOOM_RANGE.min &&
      source.maxZoom <= MAP_ZOOM_RANGE.max);
  const extractOk =
    file === null ||
    (typeof file === 'object' &&
      file.url === MAP_EXTRACT_PATH &&
      typeof file.bytes === 'number' &&
      typeof file.version === 'string');
  if (!tilesOk || !extractOk) return null;
  return { tiles: source as MapTileSource | null, extract: file as MapExtract | null };
}
