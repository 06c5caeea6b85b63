/** The listing media limit the gateway checks on every write that changes a listing's media. */
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { checkListingMediaLimit } from '@couchdb/rules/listing-media';

const media = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `/media/${i}.webp` }));
const listing = (images: number, items: number = images) => ({
  images: media(images),
  media_items: media(items),
});

describe('checkListingMediaLimit', () => {
  it('refuses a new listing over the limit and accepts one at it', () => {
    expect(checkListingMediaLimit(null, listing(3), 2)).toBe(UPLOAD_MESSAGES.tooManyMedia(2));
    expect(checkListingMediaLimit(null, listing(2), 2)).toBeNull();
    // Videos count too: media items hold every file.
    expect(checkListingMediaLimit(null, listing(1, 3), 2)).toBe(UPLOAD_MESSAGES.tooManyMedia(2));
  });

  it('refuses an edit that adds media over the limit', () => {
    expect(checkListingMediaLimit(listing(2), listing(3), 2)).toBe(UPLOAD_MESSAGES.tooManyMedia(2));
    expect(checkListingMediaLimit(listing(3), listing(2), 2)).toBeNull();
  });

  it('lets other edits through on a listing made under a higher limit', () => {
    expect(checkListingMediaLimit(listing(5), { ...listing(5), title: '新标题' }, 2)).toBeNull();
  });
});
