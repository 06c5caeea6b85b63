/** A listing's media as one ordered list (what the publish form edits) and back. */
import { describe, expect, it } from 'vitest';
import { composeListingMedia, mediaOfListing, sameMedia } from '@client/data/media/listing-media';

const photo = (n: number) => ({
  type: 'image' as const,
  url: `/media/p${n}.webp`,
  thumbnail_url: `/media/t${n}.webp`,
});
const video = { type: 'video' as const, url: '/media/v.mp4', thumbnail_url: '' };
const NOW = '2026-05-01T08:00:00.000Z';

describe('listing media', () => {
  it('numbers photos and media again, the first photo the cover, videos only among media items', () => {
    const { images, media_items } = composeListingMedia([video, photo(2), photo(1)], 'L1', NOW);
    expect(images.map((i) => [i.id, i.url, i.is_cover, i.sort_order])).toEqual([
      ['L1-img-0', '/media/p2.webp', true, 0],
      ['L1-img-1', '/media/p1.webp', false, 1],
    ]);
    expect(media_items.map((m) => [m.type, m.url, m.sort_order])).toEqual([
      ['video', '/media/v.mp4', 0],
      ['image', '/media/p2.webp', 1],
      ['image', '/media/p1.webp', 2],
    ]);
  });

  it('reads back the same list, from media items or, lacking them, from the photos', () => {
    const items = [photo(1), video, photo(2)];
    const composed = composeListingMedia(items, 'L1', NOW);
    expect(mediaOfListing(composed)).toEqual(items);
    expect(mediaOfListing({ images: composed.images, media_items: [] })).toEqual([
      photo(1),
      photo(2),
    ]);
    expect(sameMedia(mediaOfListing(composed), items)).toBe(true);
    expect(sameMedia(items, [photo(1), photo(2)])).toBe(false);
  });
});
