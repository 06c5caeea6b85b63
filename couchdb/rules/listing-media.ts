/**
 * The media limit of a listing (product §5, §9: `max_images_per_property` files in total), checked by
 * the gateway on every write that changes a listing's media, so a device that still had an older,
 * higher limit (offline while an admin lowered it) cannot go over it.
 */
import { UPLOAD_MESSAGES } from '../model/media-facts';
import { jsonEqual } from './json-equal';

type Doc = Readonly<Record<string, unknown>>;

const count = (doc: Doc, field: 'images' | 'media_items'): number =>
  Array.isArray(doc[field]) ? (doc[field] as unknown[]).length : 0;

/** Whether a write creates the listing or changes its media. */
export function listingMediaChanged(current: Doc | null, next: Doc): boolean {
  return (
    !current ||
    !jsonEqual(current.images ?? [], next.images ?? []) ||
    !jsonEqual(current.media_items ?? [], next.media_items ?? [])
  );
}

/** The message when `next` has more media than `max` and changed them (or is new); else null. */
export function checkListingMediaLimit(current: Doc | null, next: Doc, max: number): string | null {
  if (!listingMediaChanged(current, next)) return null;
  const total = Math.max(count(next, 'images'), count(next, 'media_items'));
  return total > max ? UPLOAD_MESSAGES.tooManyMedia(max) : null;
}
