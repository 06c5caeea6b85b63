/**
 * Which base map a map draws (base-map-layer.tsx draws it): the county file kept on the device,
 * the gateway's county file over the network, the operator's tile source, or none. Without
 * Leaflet, so a screen can say what is under its pins before the map's chunk is loaded.
 */
import { useEffect, useState } from 'react';
import type { MapConfig } from '@couchdb/model/map-facts';
import { keptCountyMap, onCountyMapChange } from './county-map-file';

/** Which base map is drawn: the kept county file, the gateway's over the network, a tile source, none. */
export type BaseMapKind = 'kept' | 'extract' | 'tiles' | 'none';

/** Whether a tile URL template is the gateway's own (same origin), whose tiles may be kept. */
export function isOwnTileSource(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export interface BaseMapChoice {
  kind: BaseMapKind;
  /** The kept copy's version and time, so a copy downloaded again replaces the one drawn. */
  kept: string | null;
}

/** What a map with this configuration draws, the county file kept on the device first. */
export async function chooseBaseMap(config: MapConfig): Promise<BaseMapChoice> {
  const kept = await keptCountyMap().catch((err: unknown) => {
    console.warn('[map] the kept county map was not read', err);
    return null;
  });
  if (kept) return { kind: 'kept', kept: `${kept.version}@${kept.savedAt}` };
  if (config.extract) return { kind: 'extract', kept: null };
  if (config.tiles) return { kind: 'tiles', kept: null };
  return { kind: 'none', kept: null };
}

export function useBaseMapChoice(config: MapConfig): BaseMapChoice | null {
  const [choice, setChoice] = useState<BaseMapChoice | null>(null);
  useEffect(() => {
    let live = true;
    const update = () => void chooseBaseMap(config).then((next) => live && setChoice(next));
    update();
    const unsubscribe = onCountyMapChange(update);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [config]);
  return choice;
}

/**
 * Which base map a map with this configuration draws (BaseMapLayer draws the same one); null
 * while the device's copy is being looked up. Follows 下载全县地图 and 删除全县地图 as they happen.
 */
export function useBaseMapKind(config: MapConfig): BaseMapKind | null {
  return useBaseMapChoice(config)?.kind ?? null;
}
