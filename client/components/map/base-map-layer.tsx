/**
 * The base map under a map's pins (issue 65), from the first of: the county map file kept on the
 * device (下载全县地图, county-map-file.ts); the gateway's county file over the network, its tiles
 * kept as they are seen (tile-cache.ts) so they draw again offline; the operator's tile source;
 * else nothing (the screen draws its pins over a plain background).
 *
 * The operator's tile source is kept as seen only when the gateway serves it (a path on this
 * origin). A third party's tiles (天地图, OpenStreetMap and the like) are loaded as a plain tile
 * layer and never stored by the app: their terms forbid bulk downloading and offline copies, so
 * only the browser's HTTP cache holds them, for as long as the source's own headers allow.
 *
 * Imported by map components only, so Leaflet stays out of every other screen's chunks.
 */
import {
  GridLayer,
  TileLayer as LeafletTileLayer,
  type Coords,
  type DoneCallback,
  type GridLayerOptions,
  type LatLngBoundsExpression,
  type TileEvent,
  type TileLayerOptions,
} from 'leaflet';
import { PMTiles, TileType, type Header, type Source } from 'pmtiles';
import { useEffect, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import {
  DEFAULT_MAP_MAX_ZOOM,
  type MapConfig,
  type MapExtract,
  type MapTileSource,
} from '@couchdb/model/map-facts';
import { isOwnTileSource, useBaseMapChoice, type BaseMapKind } from './base-map-choice';
import { countyMapSource, networkCountyMapSource } from './county-map-file';
import { escapeHtml } from './escape-html';
import { cachedTile, keepTile } from './tile-cache';

const TILE_MIME: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};

/** Loads one tile's image, or null where the source has none (outside the county). */
type TileLoader = (coords: Coords, signal: AbortSignal) => Promise<Blob | null>;

/** Shows a tile's image from a Blob through an object URL, freed once the image is decoded. */
function showBlob(img: HTMLImageElement, blob: Blob | null, done: DoneCallback): void {
  if (!blob) {
    // No tile here: an empty square, not a broken image.
    img.style.visibility = 'hidden';
    done(undefined, img);
    return;
  }
  const url = URL.createObjectURL(blob);
  img.onload = () => {
    URL.revokeObjectURL(url);
    done(undefined, img);
  };
  img.onerror = () => {
    URL.revokeObjectURL(url);
    done(new Error('map tile image not decoded'), img);
  };
  img.src = url;
}

function tileImage(): HTMLImageElement {
  const img = document.createElement('img');
  img.alt = '';
  img.setAttribute('role', 'presentation');
  return img;
}

/** A Leaflet grid layer whose tiles come from a loader (a PMTiles archive, the seen-tile cache). */
class BlobGridLayer extends GridLayer {
  private readonly loading = new WeakMap<HTMLElement, AbortController>();

  constructor(
    private readonly load: TileLoader,
    options: GridLayerOptions,
  ) {
    super(options);
    // A tile scrolled away before it came: its reads are no longer needed.
    this.on('tileunload', (event: TileEvent) => {
      this.loading.get(event.tile)?.abort();
    });
  }

  protected override createTile(coords: Coords, done: DoneCallback): HTMLElement {
    const img = tileImage();
    const controller = new AbortController();
    this.loading.set(img, controller);
    this.load(coords, controller.signal).then(
      (blob) => showBlob(img, blob, done),
      (err: unknown) => {
        if (!controller.signal.aborted) done(err as Error, img);
      },
    );
    return img;
  }
}

/**
 * The operator's tile source served by the gateway: each tile fetched, kept as seen, and taken
 * from what was kept when the network fails (offline).
 */
class KeptTileLayer extends LeafletTileLayer {
  protected override createTile(coords: Coords, done: DoneCallback): HTMLElement {
    const img = tileImage();
    const url = this.getTileUrl(coords);
    void (async () => {
      try {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`map tile ${response.status}`);
        const blob = await response.blob();
        keepTile(url, blob).catch((err: unknown) =>
          console.warn('[map] a seen tile was not kept', err),
        );
        return blob;
      } catch (err) {
        const kept = await cachedTile(url).catch(() => null);
        if (kept) return kept;
        throw err;
      }
    })().then(
      (blob) => showBlob(img, blob, done),
      (err: unknown) => done(err as Error, img),
    );
    return img;
  }
}

/** Adds a Leaflet layer to the map for as long as the component is there. */
function useLayer(make: (() => GridLayer) | null): void {
  const map = useMap();
  useEffect(() => {
    if (!make) return;
    const layer = make();
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, make]);
}

/** Layer options for an archive: its zooms and bounds (tiles beyond them are scaled or not asked). */
function archiveOptions(header: Header | null, attribution: string | null): GridLayerOptions {
  const options: GridLayerOptions = {
    maxZoom: DEFAULT_MAP_MAX_ZOOM,
    attribution: attribution ? escapeHtml(attribution) : '',
  };
  if (!header) return options;
  const bounds: LatLngBoundsExpression = [
    [header.minLat, header.minLon],
    [header.maxLat, header.maxLon],
  ];
  return {
    ...options,
    minNativeZoom: header.minZoom,
    maxNativeZoom: header.maxZoom,
    bounds,
  };
}

function metadataAttribution(metadata: unknown): string | null {
  const attribution = (metadata as { attribution?: unknown } | null)?.attribution;
  return typeof attribution === 'string' && attribution ? attribution : null;
}

/**
 * A county file as a layer: from the device's copy (`extract` null), or from the gateway with its
 * tiles kept as seen and read back from there when the network fails.
 */
function CountyFileLayer({ extract }: { extract: MapExtract | null }) {
  const [make, setMake] = useState<(() => GridLayer) | null>(null);
  // Bumped when the connection comes back after the file could not be read: read it again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let retry: (() => void) | null = null;
    void (async () => {
      const source: Source | null = extract
        ? networkCountyMapSource(extract)
        : await countyMapSource();
      if (!source) return;
      // The library keeps a failed read of the header; a new archive reads it afresh.
      let archive = new PMTiles(source);
      const header = await archive.getHeader().catch((err: unknown) => {
        // Offline with no copy: the tiles seen before still draw from the seen-tile cache.
        if (globalThis.navigator?.onLine !== false)
          console.warn('[map] the county map file was not read', err);
        return null;
      });
      const metadata = header ? await archive.getMetadata().catch(() => null) : null;
      const mime = (header && TILE_MIME[header.tileType]) ?? 'image/png';
      if (!header && extract && live) {
        retry = () => setAttempt((n) => n + 1);
        window.addEventListener('online', retry, { once: true });
      }
      const fromArchive = async (coords: Coords, signal: AbortSignal) => {
        const tile = await archive.getZxy(coords.z, coords.x, coords.y, signal).catch((err) => {
          if (!header) archive = new PMTiles(source);
          throw err;
        });
        return tile ? new Blob([tile.data], { type: mime }) : null;
      };
      const key = (coords: Coords) =>
        `${extract?.url}?v=${extract?.version}#${coords.z}/${coords.x}/${coords.y}`;
      const load: TileLoader = extract
        ? async (coords, signal) => {
            // Versioned, so a kept tile is never stale: read it first, the network only if needed.
            const kept = await cachedTile(key(coords)).catch(() => null);
            if (kept) return kept;
            const blob = await fromArchive(coords, signal);
            if (blob)
              keepTile(key(coords), blob).catch((err: unknown) =>
                console.warn('[map] a seen tile was not kept', err),
              );
            return blob;
          }
        : fromArchive;
      const options = archiveOptions(header, metadataAttribution(metadata));
      if (live) setMake(() => () => new BlobGridLayer(load, options));
    })();
    return () => {
      live = false;
      if (retry) window.removeEventListener('online', retry);
    };
  }, [extract, attempt]);
  useLayer(make);
  return null;
}

/** The gateway's own tile source, kept as seen. */
function KeptTilesLayer({ tiles }: { tiles: MapTileSource }) {
  const [make] = useState(
    () => () =>
      new KeptTileLayer(tiles.url, {
        maxZoom: tiles.maxZoom,
        maxNativeZoom: tiles.maxZoom,
        attribution: escapeHtml(tiles.attribution),
      } satisfies TileLayerOptions),
  );
  useLayer(make);
  return null;
}

/**
 * The base map, as the module header says; inside a react-leaflet MapContainer whose attribution
 * control is on (the sources' terms ask for their attribution). Calls `onKind` with what it draws.
 */
export function BaseMapLayer({
  config,
  onKind,
}: {
  config: MapConfig;
  onKind?(kind: BaseMapKind): void;
}) {
  const choice = useBaseMapChoice(config);
  const kind = choice?.kind ?? null;
  useEffect(() => {
    if (kind) onKind?.(kind);
  }, [kind, onKind]);
  if (kind === 'kept') return <CountyFileLayer key={choice?.kept} extract={null} />;
  if (kind === 'extract' && config.extract) {
    return <CountyFileLayer key={config.extract.version} extract={config.extract} />;
  }
  if (kind === 'tiles' && config.tiles) {
    const { tiles } = config;
    if (isOwnTileSource(tiles.url)) return <KeptTilesLayer key={tiles.url} tiles={tiles} />;
    return (
      <TileLayer
        key={tiles.url}
        url={tiles.url}
        maxZoom={tiles.maxZoom}
        maxNativeZoom={tiles.maxZoom}
        attribution={escapeHtml(tiles.attribution)}
      />
    );
  }
  return null;
}

export default BaseMapLayer;
export type { BaseMapKind };
