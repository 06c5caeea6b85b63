/**
 * Where a listing stands on the map (issue 65): at its own location when it has one; else at its
 * 小区's place, taken from the other listings of that 小区 in the same township that have one;
 * else nowhere, and counted ("12 套房源未标注位置"). Pure, so the map screen and its tests share it.
 */
import type { LatLng } from '../model/map-view-facts';
import type { Bounds } from '../model/location-facts';
import { withinBounds } from '../model/location-facts';
import { communityKey } from './community-key';

/** The fields placement reads from a listing. */
export interface PlaceableListing {
  address?: { district?: string | undefined; community?: string | undefined } | undefined;
  location?: LatLng | undefined;
}

/** A listing with its place on the map. */
export interface PlacedListing<P> extends LatLng {
  readonly property: P;
  /** Placed at its 小区 (it has no location of its own). */
  readonly atCommunity: boolean;
}

export interface MapPlacement<P> {
  placed: PlacedListing<P>[];
  /** Listings with no location and no 小区 place. */
  unplaced: P[];
}

function placeKey(p: PlaceableListing): string | null {
  const community = communityKey(p.address?.community);
  return community ? `${p.address?.district ?? ''}\u0000${community}` : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Each 小区's place: the median latitude and longitude of its located listings, so one listing
 * pinned far off does not move the others, and the order the listings come in does not matter.
 */
export function communityPlaces(listings: readonly PlaceableListing[]): Map<string, LatLng> {
  const points = new Map<string, { lat: number[]; lng: number[] }>();
  for (const p of listings) {
    const key = placeKey(p);
    if (!key || !p.location) continue;
    const seen = points.get(key) ?? { lat: [], lng: [] };
    seen.lat.push(p.location.latitude);
    seen.lng.push(p.location.longitude);
    points.set(key, seen);
  }
  const places = new Map<string, LatLng>();
  for (const [key, { lat, lng }] of points)
    places.set(key, { latitude: median(lat), longitude: median(lng) });
  return places;
}

/** Every listing placed, or counted among those that cannot be (see the module header). */
export function placeOnMap<P extends PlaceableListing>(listings: readonly P[]): MapPlacement<P> {
  const places = communityPlaces(listings);
  const placed: PlacedListing<P>[] = [];
  const unplaced: P[] = [];
  for (const property of listings) {
    if (property.location) {
      const { latitude, longitude } = property.location;
      placed.push({ property, latitude, longitude, atCommunity: false });
      continue;
    }
    const key = placeKey(property);
    const place = key ? places.get(key) : undefined;
    if (place) placed.push({ property, ...place, atCommunity: true });
    else unplaced.push(property);
  }
  return { placed, unplaced };
}

/** The placed listings inside a map's view (edges included). */
export function inView<P>(placed: readonly PlacedListing<P>[], view: Bounds): PlacedListing<P>[] {
  return placed.filter((p) => withinBounds(p, view));
}
