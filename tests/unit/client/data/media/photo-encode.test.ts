/** The size and name a picked photo is prepared at on the device (photo-encode.ts). */
import { describe, expect, it } from 'vitest';
import { PHOTO_PREPARED_LONG_EDGE } from '@couchdb/model/constants';
import { preparedName, preparedSize } from '@client/data/media/photo-encode';

describe('a prepared photo', () => {
  it('has its longest side at the limit, proportions kept, landscape or portrait', () => {
    expect(preparedSize({ width: 4000, height: 3000 }, 1920)).toEqual({
      width: 1920,
      height: 1440,
    });
    // A phone's portrait photo, once its orientation is applied.
    expect(preparedSize({ width: 3000, height: 4000 }, 1920)).toEqual({
      width: 1440,
      height: 1920,
    });
    expect(preparedSize({ width: 4032, height: 3024 }, PHOTO_PREPARED_LONG_EDGE)).toEqual({
      width: 1920,
      height: 1440,
    });
  });

  it('is never enlarged, and a long thin panorama keeps at least a pixel across', () => {
    expect(preparedSize({ width: 1280, height: 960 }, 1920)).toEqual({ width: 1280, height: 960 });
    expect(preparedSize({ width: 1920, height: 1080 }, 1920)).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(preparedSize({ width: 40000, height: 10 }, 1920)).toEqual({ width: 1920, height: 1 });
  });

  it('is named as the JPEG it became', () => {
    expect(preparedName('客厅.png')).toBe('客厅.jpg');
    expect(preparedName('IMG_0001.HEIC.jpeg')).toBe('IMG_0001.HEIC.jpg');
    expect(preparedName('厨房')).toBe('厨房.jpg');
  });
});
