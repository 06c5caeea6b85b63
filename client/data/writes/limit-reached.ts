import { RefusalError } from '@client/lib/failure';

/**
 * A create the gateway would refuse as one too many for its owner (the per-user caps of
 * couchdb/model: LISTING_MAX, DEMAND_MAX, FAVORITE_MAX): refused on the device first, with the
 * same message, so nothing is queued that can only come back refused.
 */
export class LimitReachedError extends RefusalError {
  constructor(message: string) {
    super(message);
    this.name = 'LimitReachedError';
  }
}

/** Throws LimitReachedError when `count` documents already fill `max`. */
export function checkLimit(count: number, max: number, message: string): void {
  if (count >= max) throw new LimitReachedError(message);
}
