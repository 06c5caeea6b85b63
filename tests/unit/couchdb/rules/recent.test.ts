import { describe, expect, it } from 'vitest';
import { RECENT_LIMIT } from '@couchdb/model/constants';
import { addRecentlyViewed } from '@couchdb/rules/recent';

const t = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString();

describe('addRecentlyViewed', () => {
  it('puts the listing first without duplicates', () => {
    const entries = [
      { id: 'a', viewed_at: t(1) },
      { id: 'b', viewed_at: t(2) },
    ];
    const { kept, dropped } = addRecentlyViewed(entries, 'a', t(3));
    expect(kept.map((e) => e.id)).toEqual(['a', 'b']);
    expect(kept[0]?.viewed_at).toBe(t(3));
    expect(dropped).toEqual([]);
  });

  it('keeps the newest 10 and names the rest', () => {
    const entries = Array.from({ length: RECENT_LIMIT }, (_, i) => ({
      id: `p${i}`,
      viewed_at: t(i),
    }));
    const { kept, dropped } = addRecentlyViewed(entries, 'new', t(100));
    expect(kept).toHaveLength(RECENT_LIMIT);
    expect(kept[0]?.id).toBe('new');
    expect(kept[1]?.id).toBe('p9');
    expect(dropped).toEqual(['p0']);
  });
});
