import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_NEWS_FILTER, filterAdminNews } from '@couchdb/rules/admin-news';
import { buildNews } from '../../../fixtures/builders';

describe('filterAdminNews', () => {
  const list = [
    buildNews({ id: 'a', title: '楼市月报', summary: '成交上升', category: 'market' }),
    buildNews({ id: 'b', title: '公积金新政', category: 'policy', status: 'draft' }),
    buildNews({
      id: 'c',
      title: '验房清单',
      summary: '楼市之外',
      category: 'guide',
      status: 'archived',
    }),
  ];
  const ids = (filter: Partial<typeof DEFAULT_ADMIN_NEWS_FILTER>) =>
    filterAdminNews(list, { ...DEFAULT_ADMIN_NEWS_FILTER, ...filter }).map((n) => n.id);

  it('keeps every article without a filter, in the order given', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
  });

  it('searches title and summary, and filters by category and status', () => {
    expect(ids({ keyword: ' 楼市 ' })).toEqual(['a', 'c']);
    expect(ids({ category: 'policy' })).toEqual(['b']);
    expect(ids({ status: 'archived' })).toEqual(['c']);
    expect(ids({ keyword: '楼市', status: 'published' })).toEqual(['a']);
  });
});
