/**
 * The maps' base map as the gateway's operator configured it (GET /api/map,
 * couchdb/model/map-facts.ts), kept on the device so a map opened offline draws from the same
 * source. Asked once a visit, when the first map needs it; until the answer comes (and offline)
 * the kept one is used, and without one a map draws its pins over a plain background.
 */
import { useEffect, useState } from 'react';
import { readMapConfig, type MapConfig } from '@couchdb/model/map-facts';
import { http } from '@client/lib/http';

const KEY = 'cjfc.map.config';
const NOTHING: MapConfig = { tiles: null, extract: null };

/** The configuration this device kept, or null before it ever asked. */
export function keptMapConfig(): MapConfig | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? readMapConfig(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

let asking: Promise<MapConfig> | null = null;

/** The gateway's configuration now (kept for next time), or the kept one when it cannot answer. */
export function askMapConfig(): Promise<MapConfig> {
  asking ??= http
    .json<unknown>('/api/map')
    .then((answer) => {
      const config = readMapConfig(answer);
      if (!config) throw new Error('GET /api/map: not a map configuration');
      try {
        localStorage.setItem(KEY, JSON.stringify(config));
      } catch {
        // No storage (private mode, full): used for this visit only.
      }
      return config;
    })
    .catch((err: unknown) => {
      // Asked again by the next map: the connection may be back by then.
      asking = null;
      if (globalThis.navigator?.onLine !== false)
        console.warn('[map] the base map configuration was not read', err);
      return keptMapConfig() ?? NOTHING;
    });
  return asking;
}

/** The configuration for a map on screen: the kept one at once, the gateway's once it answers. */
export function useMapConfig(): MapConfig {
  const [config, setConfig] = useState<MapConfig>(() => keptMapConfig() ?? NOTHING);
  useEffect(() => {
    let live = true;
    void askMapConfig().then((answer) => live && setConfig(answer));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
