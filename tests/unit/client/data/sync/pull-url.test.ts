import { describe, expect, it } from 'vitest';
import { pullUrl } from '@client/data/sync/pull-url';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('pullUrl', () => {
  it('sends every part of the checkpoint the gateway gave, the versions it names included', () => {
    const url = pullUrl(
      'properties',
      { seq: '12-g1AAAA', state: 'q'.repeat(22), role: 'agent', was: 'user', sig: 'abc' },
      50,
    );
    expect(url.startsWith('/api/sync/properties/pull?')).toBe(true);
    expect(query(url)).toEqual({
      limit: '50',
      checkpoint: '12-g1AAAA',
      state: 'q'.repeat(22),
      role: 'agent',
      was: 'user',
      sig: 'abc',
    });
  });

  it('leaves out what the checkpoint does not name (null: the gateway knew no versions)', () => {
    expect(query(pullUrl('news', { seq: '7', state: null }, 100))).toEqual({
      limit: '100',
      checkpoint: '7',
    });
    expect(query(pullUrl('news', undefined, 100))).toEqual({ limit: '100' });
  });
});
