import { describe, expect, it } from 'vitest';
import { unsentLines } from '@couchdb/model/sign-out-facts';

describe('unsentLines', () => {
  it('names each kind the device holds, with its count, and leaves out the rest', () => {
    expect(unsentLines({ listings: 1, photos: 1, videos: 0, changes: 0, refused: 0 })).toEqual([
      '1 条房源',
      '1 张图片',
    ]);
    expect(unsentLines({ listings: 0, photos: 0, videos: 2, changes: 3, refused: 1 })).toEqual([
      '2 个视频',
      '3 项其他更改',
      '1 项被退回的更改',
    ]);
    expect(unsentLines({ listings: 0, photos: 0, videos: 0, changes: 0, refused: 0 })).toEqual([]);
  });
});
