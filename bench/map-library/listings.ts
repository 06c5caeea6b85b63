/**
 * What both pages of bench/map-library.bench.ts draw, and how they tell the bench what they did:
 * the same pseudo-random listing points inside the county's box (most of them around a few denser
 * places, as homes gather in towns), the same view and cluster settings, and the probe the bench
 * reads (`window.mapBench`): when the pins were first drawn, whether the map is still, and each
 * frame's interval while a pan is recorded.
 */
import { COUNTY_BOUNDS, COUNTY_CENTER } from '@couchdb/model/location-facts';

/** The mark a page sets on the first frame with its clusters drawn (from navigation start). */
export const PINS_MARK = 'map-pins';

/** A cluster's radius on screen, in CSS pixels, in both pages. */
export const CLUSTER_RADIUS_PX = 50;

/** The most zoomed-in level (Leaflet's scale) at which points are still clustered. */
export const CLUSTER_MAX_ZOOM = 16;

/** A cluster's drawn diameter by its count: the same steps in both pages. */
export function clusterDiameter(count: number): number {
  if (count >= 100) return 44;
  if (count >= 10) return 36;
  return 28;
}

export const PIN_DIAMETER = 12;

/** The page's settings from its address: how many listings, and the view's zoom (Leaflet's). */
export function pageSettings(): { listings: number; zoom: number; center: typeof COUNTY_CENTER } {
  const query = new URLSearchParams(location.search);
  return {
    listings: Number(query.get('listings') ?? '10000'),
    zoom: Number(query.get('zoom') ?? '13'),
    center: COUNTY_CENTER,
  };
}

/** A small seeded generator (mulberry32): the same points in both pages and every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ListingPoint {
  id: number;
  latitude: number;
  longitude: number;
}

/** `count` points in COUNTY_BOUNDS: seven in ten near one of eight denser places, the rest anywhere. */
export function listingPoints(count: number): ListingPoint[] {
  const random = seeded(65);
  const { south, north, west, east } = COUNTY_BOUNDS;
  const within = (lo: number, hi: number) => lo + random() * (hi - lo);
  const places = Array.from({ length: 8 }, () => ({
    latitude: within(south + 0.05, north - 0.05),
    longitude: within(west + 0.05, east - 0.05),
  }));
  // A spread of about 0.02° around a place: the sum of uniforms leans to the middle.
  const spread = () => (random() + random() + random() - 1.5) * 0.03;
  const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  return Array.from({ length: count }, (_, id) => {
    if (random() < 0.3)
      return { id, latitude: within(south, north), longitude: within(west, east) };
    const place = places[Math.floor(random() * places.length)]!;
    return {
      id,
      latitude: clamp(place.latitude + spread(), south, north),
      longitude: clamp(place.longitude + spread(), west, east),
    };
  });
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface MapBenchProbe {
  /** False from the start of a move until the pins of where it stopped are drawn. */
  settled: boolean;
  /** How many clusters and single pins are drawn in the view now. */
  drawn(): number;
  /** The map's centre now. */
  centre(): LatLng;
  /** Where `point` is on the screen now (CSS px from the map's top left corner). */
  screenOf(point: LatLng): { x: number; y: number };
  /** Starts recording frames (requestAnimationFrame's times). */
  startFrames(): void;
  /** Stops recording and gives each frame's interval, in ms. */
  stopFrames(): number[];
}

declare global {
  interface Window {
    mapBench: MapBenchProbe;
  }
}

/** Sets `window.mapBench` from the page's own map functions; frames are recorded here. */
export function exposeProbe(
  map: Pick<MapBenchProbe, 'drawn' | 'centre' | 'screenOf'>,
): MapBenchProbe {
  let times: number[] = [];
  let request = 0;
  const onFrame = (time: number) => {
    times.push(time);
    request = requestAnimationFrame(onFrame);
  };
  const probe: MapBenchProbe = {
    settled: false,
    ...map,
    startFrames() {
      cancelAnimationFrame(request);
      times = [];
      request = requestAnimationFrame(onFrame);
    },
    stopFrames() {
      cancelAnimationFrame(request);
      return times.slice(1).map((time, i) => time - times[i]!);
    },
  };
  window.mapBench = probe;
  return probe;
}

/** Marks the first frame with pins (once). */
export function markPins(): void {
  if (performance.getEntriesByName(PINS_MARK).length === 0) performance.mark(PINS_MARK);
}
