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

/** The Cache Storage cache that keeps the county's map file on the device (下载全县地图). */
export const COUNTY_MAP_CACHE = 'cjfc-county-map';
/**
 * Room left free on the device beyond the file when it is downloaded (bytes): a phone filled to
 * the last megabyte stops saving drafts, photos and the listings' copy.
 */
export const COUNTY_MAP_SPACE_MARGIN_BYTES = 50 * 1024 * 1024;

/** The limits a user may choose for the tiles kept as they are seen (MB), and the default. */
export const TILE_CACHE_LIMIT_CHOICES_MB = [50, 100, 200, 500] as const;
export const TILE_CACHE_DEFAULT_LIMIT_MB = 100;

/** Bytes as MB with one decimal, as the map's messages show them. */
export function mapMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** The texts of the map's offline base map: the county file kept on the device, the seen tiles. */
export const MAP_MESSAGES = {
  offlineTitle: '离线地图',
  download: (bytes: number) => `下载全县地图（约 ${mapMb(bytes)} MB）`,
  downloadHint: '下载后，没有网络时也能查看全县底图',
  downloading: (received: number, total: number) =>
    `正在下载… ${mapMb(received)} / ${mapMb(total)} MB`,
  cancel: '取消下载',
  cancelled: '已取消下载，全县地图未保存',
  kept: (bytes: number, date: string) => `已下载全县地图（${mapMb(bytes)} MB，${date}）`,
  outdated: '全县地图有新版本，可重新下载',
  update: '更新全县地图',
  remove: '删除全县地图',
  removed: '已删除全县地图',
  noSpace: (bytes: number) => `手机存储空间不足，无法下载全县地图（需要约 ${mapMb(bytes)} MB）`,
  interrupted: '网络中断，全县地图未下载完成，请稍后重试',
  offline: '当前处于离线状态，联网后才能下载全县地图',
  failed: '全县地图下载失败，请稍后重试',
  unsupported: '当前浏览器不支持保存离线地图',
  notSaved: '全县地图未能保存到手机，请检查存储空间后重试',
  tileCacheLabel: '浏览过的地图缓存上限',
  tileCacheLimit: (mb: number) => `${mb} MB`,
  tileCacheUsage: (bytes: number) => `已使用 ${mapMb(bytes)} MB`,
  tileCacheClear: '清除',
  tileCacheCleared: '已清除浏览过的地图缓存',
} as const;

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
