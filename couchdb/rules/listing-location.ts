/**
 * How much of a listing's location each viewer receives (architecture §4): the owner and admins the
 * exact point; everyone else the point snapped to the public grid with a coarse accuracy, unless
 * the owner chose to show it exactly. The gateway applies it in every projection of a listing, so
 * no route sends the exact point to anyone else.
 */
import {
  PUBLIC_LOCATION_ACCURACY_M,
  PUBLIC_LOCATION_DECIMALS,
  PUBLIC_LOCATION_GRID_DEG,
} from '../model/location-facts';

/** A listing's location as stored (couchdb/model listingLocationSchema). */
export interface LocationPoint {
  latitude: number;
  longitude: number;
  accuracy_m: number;
  public_exact?: boolean | undefined;
}

/** A coordinate snapped to the nearest grid line. */
export function snapToGrid(value: number): number {
  return Number(
    (Math.round(value / PUBLIC_LOCATION_GRID_DEG) * PUBLIC_LOCATION_GRID_DEG).toFixed(
      PUBLIC_LOCATION_DECIMALS,
    ),
  );
}

/**
 * The location as the public sees it. Snapping (not random noise) gives the same point on every
 * read, so repeated reads cannot be averaged back to the home; the accuracy is rounded up to whole
 * PUBLIC_LOCATION_ACCURACY_M so it does not tell how precise the stored point is.
 */
export function publicLocation<L extends LocationPoint>(location: L): L {
  if (location.public_exact === true) return location;
  const accuracy = Math.max(location.accuracy_m, PUBLIC_LOCATION_ACCURACY_M);
  return {
    ...location,
    latitude: snapToGrid(location.latitude),
    longitude: snapToGrid(location.longitude),
    accuracy_m: Math.ceil(accuracy / PUBLIC_LOCATION_ACCURACY_M) * PUBLIC_LOCATION_ACCURACY_M,
    public_exact: false,
  };
}

/** A listing with its location as the public sees it (the listing itself when it has none). */
export function withPublicLocation<P extends { location?: LocationPoint | undefined }>(
  property: P,
): P {
  return property.location
    ? { ...property, location: publicLocation(property.location) }
    : property;
}
