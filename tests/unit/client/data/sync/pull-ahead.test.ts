import { describe, expect, it } from 'vitest';
import type { PullResponse } from '@couchdb/model/sync';
import { PullAhead } from '@client/data/sync/pull-ahead';

const page = (seq: string): PullResponse => ({ documents: [], checkpoint: { seq } });

describe('PullAhead', () => {
  it('gives the page read ahead to the pull of the same URL, once', async () => {
    const asked: string[] = [];
    const ahead = new PullAhead(async (url) => {
      asked.push(url);
      return page('2');
    });
    ahead.start('/pull?checkpoint=1');
    expect(asked).toEqual(['/pull?checkpoint=1']);
    expect(await ahead.take('/pull?checkpoint=1')).toEqual(page('2'));
    expect(await ahead.take('/pull?checkpoint=1')).toBeNull();
  });

  it('gives nothing for another URL, and forgets the page it had', async () => {
    const ahead = new PullAhead(async () => page('2'));
    ahead.start('/pull?checkpoint=1');
    expect(await ahead.take('/pull?checkpoint=9')).toBeNull();
    expect(await ahead.take('/pull?checkpoint=1')).toBeNull();
  });

  it('gives nothing when the fetch failed or the page is too old', async () => {
    const failing = new PullAhead(async () => {
      throw new Error('offline');
    });
    failing.start('/pull?checkpoint=1');
    expect(await failing.take('/pull?checkpoint=1')).toBeNull();

    const stale = new PullAhead(async () => page('2'), -1);
    stale.start('/pull?checkpoint=1');
    expect(await stale.take('/pull?checkpoint=1')).toBeNull();
  });
});
