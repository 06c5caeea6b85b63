import { describe, expect, it } from 'vitest';
import { matchesKeyword, searchWords } from '@couchdb/rules/keyword-search';

describe('keyword search', () => {
  it('splits a query into lower-case words at any space, the full-width one too', () => {
    expect(searchWords('  龙街 精装\u3000LOFT  ')).toEqual(['龙街', '精装', 'loft']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('needs every word, in any of the texts, in any order', () => {
    expect(matchesKeyword('精装 龙街', '龙街新城三室', '精装修，拎包入住')).toBe(true);
    expect(matchesKeyword('精装 海景', '龙街新城三室', '精装修，拎包入住')).toBe(false);
    expect(matchesKeyword('Loft', undefined, 'LOFT 公寓')).toBe(true);
    expect(matchesKeyword(' ', '任何')).toBe(true);
  });
});
