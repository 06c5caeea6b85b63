/** Picked files made ready to keep: photos prepared one by one, each refusal with its message. */
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@couchdb/model/constants';
import { UPLOAD_MESSAGES } from '@couchdb/model/media-facts';
import { preparePickedMedia } from '@client/data/media/media-content';
import type { PreparedPhoto } from '@client/data/media/photo-prepare';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

/** A preparer that answers each photo as `answers` says, by its name. */
function preparer(answers: Record<string, PreparedPhoto>) {
  const seen: string[] = [];
  let closed = false;
  return {
    seen,
    closed: () => closed,
    prepare: (f: File) => {
      seen.push(f.name);
      return Promise.resolve(answers[f.name]!);
    },
    close: () => void (closed = true),
  };
}

describe('picked media made ready to keep', () => {
  it('keeps prepared photos and videos as picked, in order; counts photos only', async () => {
    const small = file('客厅.jpg', 'image/jpeg', 300_000);
    const fake = preparer({
      '客厅.png': { status: 'prepared', file: small },
      '厨房.jpg': { status: 'prepared', file: file('厨房.jpg', 'image/jpeg', IMAGE_MAX_BYTES) },
    });
    const video = file('看房.mp4', 'video/mp4', 40 * 1024 * 1024);
    const progress: string[] = [];
    const ready = await preparePickedMedia(
      [file('客厅.png', 'image/png', 9 * 1024 * 1024), video, file('厨房.jpg', 'image/jpeg')],
      (current, total) => progress.push(`${current}/${total}`),
      fake,
    );
    expect(ready).toEqual([{ file: small }, { file: video }, { file: expect.any(File) }]);
    expect(fake.seen).toEqual(['客厅.png', '厨房.jpg']);
    expect(progress).toEqual(['1/2', '2/2']);
    expect(fake.closed()).toBe(true);
  });

  it('refuses a photo the browser cannot decode, or still over 5 MB, naming the picked file', async () => {
    const fake = preparer({
      'a.jpg': { status: 'undecodable' },
      'b.png': { status: 'prepared', file: file('b.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1) },
      'c.jpg': { status: 'original', file: file('c.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1) },
    });
    const ready = await preparePickedMedia(
      ['a.jpg', 'b.png', 'c.jpg'].map((n) => file(n, 'image/jpeg')),
      () => {},
      fake,
    );
    expect(ready).toEqual([
      { problem: UPLOAD_MESSAGES.damagedImage('a.jpg') },
      { problem: UPLOAD_MESSAGES.preparedImageTooLarge('b.png') },
      // Kept as picked where the browser cannot prepare photos: the limit as it always was.
      { problem: UPLOAD_MESSAGES.imageTooLarge('c.jpg') },
    ]);
  });
});
