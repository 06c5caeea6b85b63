/** The publish form's media limit: a selection bigger than the room left keeps its first files. */
import { describe, expect, it } from 'vitest';
import { fitMediaCount, UPLOAD_MESSAGES } from '@couchdb/model/media-facts';

describe('fitMediaCount', () => {
  it('keeps every picked file while they fit', () => {
    expect(fitMediaCount(3, ['a', 'b'], 5)).toEqual({ fits: ['a', 'b'], message: null });
    expect(fitMediaCount(3, ['a', 'b'], 5).fits).toHaveLength(2);
  });

  it('keeps the first files, in the order picked, up to the limit, and says the limit', () => {
    const picked = Array.from({ length: 12 }, (_, i) => `p${i}`);
    expect(fitMediaCount(0, picked)).toEqual({
      fits: picked.slice(0, 10),
      message: UPLOAD_MESSAGES.tooManyMedia(10),
    });
    expect(fitMediaCount(8, ['a', 'b', 'c'], 10)).toEqual({
      fits: ['a', 'b'],
      message: UPLOAD_MESSAGES.tooManyMedia(10),
    });
  });

  it('keeps none when the listing is full or over a lowered limit', () => {
    expect(fitMediaCount(3, ['a'], 3)).toEqual({
      fits: [],
      message: UPLOAD_MESSAGES.tooManyMedia(3),
    });
    expect(fitMediaCount(5, ['a'], 3).fits).toEqual([]);
  });
});
