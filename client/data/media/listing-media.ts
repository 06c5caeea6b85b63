/**
 * A listing's photos and videos as one ordered list, and back: the publish form edits the list (keep,
 * remove, add) and the listing stores it as `images` (photos, the first the cover) and `media_items`
 * (everything, in order), numbered again each time.
 */
import type { MediaItem, PropertyImage } from '@couchdb/model/media';
import type { MediaType } from '@couchdb/model/media-facts';

/** One photo or video already on the server. */
export interface ListingMedia {
  type: MediaType;
  url: string;
  thumbnail_url: string;
}

/** The listing's media in order: its media items when it has them, else its photos. */
export function mediaOfListing(listing: {
  images?: readonly PropertyImage[];
  media_items?: readonly MediaItem[];
}): ListingMedia[] {
  const items = [...(listing.media_items ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  if (items.length > 0)
    return items.map((m) => ({ type: m.type, url: m.url, thumbnail_url: m.thumbnail_url }));
  return [...(listing.images ?? [])]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((i) => ({ type: 'image', url: i.url, thumbnail_url: i.thumbnail_url }));
}

/** The `images` and `media_items` of a listing whose media are `items`, in this order. */
export function composeListingMedia(
  items: readonly ListingMedia[],
  listingId: string,
  now: string,
): { images: PropertyImage[]; media_items: MediaItem[] } {
  const images = items
    .filter((m) => m.type === 'image')
    .map((m, i) => ({
      id: `${listingId}-img-${i}`,
      url: m.url,
      thumbnail_url: m.thumbnail_url || m.url,
      is_cover: i === 0,
      sort_order: i,
    }));
  const media_items = items.map((m, i) => ({
    id: `${listingId}-media-${i}`,
    type: m.type,
    url: m.url,
    thumbnail_url: m.thumbnail_url,
    title: '',
    description: '',
    sort_order: i,
    created_at: now,
    updated_at: now,
  }));
  return { images, media_items };
}

/** True when the two lists hold the same media in the same order. */
export function sameMedia(a: readonly ListingMedia[], b: readonly ListingMedia[]): boolean {
  return a.length === b.length && a.every((m, i) => m.url === b[i]!.url);
}
