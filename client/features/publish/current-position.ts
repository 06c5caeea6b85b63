/**
 * 使用当前位置: one position fix from the phone (GPS when it has one, so it works offline), turned
 * into a listing location or the message that says why there is none (issue 64).
 */
import type { ListingLocation } from '@couchdb/model/property';
import {
  GEOLOCATION_OPTIONS,
  LOCATION_ACCURACY_MAX_M,
  LOCATION_MESSAGES,
  roundCoordinate,
  withinBounds,
} from '@couchdb/model/location-facts';

export type PositionResult =
  { ok: true; location: ListingLocation } | { ok: false; message: string };

/** The message for a failed position request (GeolocationPositionError codes 1–3). */
export function positionErrorMessage(error: { code: number }): string {
  switch (error.code) {
    case 1:
      return LOCATION_MESSAGES.denied;
    case 3:
      return LOCATION_MESSAGES.timeout;
    default:
      return LOCATION_MESSAGES.unavailable;
  }
}

/**
 * A fix as a listing location: rounded to what is stored, its accuracy in whole metres (at least
 * 1); refused when it falls outside the county or is too vague to place a home.
 */
export function locationFromFix(
  coords: { latitude: number; longitude: number; accuracy: number },
  publicExact: boolean,
): PositionResult {
  const point = { latitude: coords.latitude, longitude: coords.longitude };
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) {
    return { ok: false, message: LOCATION_MESSAGES.invalid };
  }
  if (!withinBounds(point)) return { ok: false, message: LOCATION_MESSAGES.outsideCounty };
  const accuracy = Math.max(1, Math.round(coords.accuracy));
  if (!Number.isFinite(accuracy) || accuracy > LOCATION_ACCURACY_MAX_M) {
    return { ok: false, message: LOCATION_MESSAGES.unavailable };
  }
  return {
    ok: true,
    location: {
      latitude: roundCoordinate(point.latitude),
      longitude: roundCoordinate(point.longitude),
      accuracy_m: accuracy,
      public_exact: publicExact,
    },
  };
}

/** Asks the phone for its position once (high accuracy, an explicit timeout). */
export function currentPosition(
  publicExact: boolean,
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ ok: false, message: LOCATION_MESSAGES.unsupported });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => resolve(locationFromFix(position.coords, publicExact)),
      (error) => {
        console.warn('position request failed', error.code, error.message);
        resolve({ ok: false, message: positionErrorMessage(error) });
      },
      GEOLOCATION_OPTIONS,
    );
  });
}
