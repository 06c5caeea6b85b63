/**
 * The maps' tile source: one optional setting, a URL template with {z}/{x}/{y} given at build time
 * as VITE_MAP_TILE_URL. Without it (no source is configured yet) a map shows the county's outline
 * over a plain background.
 */
export const MAP_TILE_URL: string | null =
  (import.meta.env?.VITE_MAP_TILE_URL as string | undefined)?.trim() || null;
