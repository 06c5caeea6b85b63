import { describe, expect, it } from 'vitest';
import { PROMOTION_PARAMS } from '../../../../couchdb/model/promotion-link-facts';
import { SHARE_LIST_MAX, shareLink, shareListText } from '../../../../couchdb/rules/share-list';

const agent = { id: 'demo-agent', name: '李建华', phone: '13800000002', company: '安居房产' };
const listing = (i: number) => ({
  id: `p${i}`,
  title: `房源${i}`,
  type: 'sale' as const,
  price: 880_000,
  area: 96,
  rooms: '3室2厅1卫',
  address: { city: '澄江市', district: '凤麓街道', community: '测试小区' },
});

describe('房源分享清单', () => {
  it('lists each listing with its facts and its promotion link, and ends with the contact', () => {
    const text = shareListText(
      [listing(1), listing(2)],
      agent,
      'https://cj.example',
      1_700_000_000_000,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('【澄江房产】李建华为您精选2套房源：');
    expect(lines[1]).toBe('1. 房源1');
    expect(lines[2]).toContain('88.0万');
    expect(lines[2]).toContain('3室2厅1卫');
    expect(lines[2]).toContain('96㎡');
    expect(lines[2]).toContain('凤麓街道');
    const link = new URL(lines[3]!.trim());
    expect(link.pathname).toBe('/properties/p1');
    expect(link.searchParams.get(PROMOTION_PARAMS.ref)).toBe('list');
    expect(link.searchParams.get(PROMOTION_PARAMS.id)).toBe('demo-agent');
    expect(link.searchParams.get(PROMOTION_PARAMS.phone)).toBe('13800000002');
    // The company is in the closing line, not in every link (the gateway reads it from the account).
    expect(link.searchParams.has(PROMOTION_PARAMS.company)).toBe(false);
    expect(lines.at(-1)).toBe('联系我：李建华 13800000002 安居房产');
  });

  it(`keeps at most ${SHARE_LIST_MAX} listings`, () => {
    const many = Array.from({ length: SHARE_LIST_MAX + 5 }, (_, i) => listing(i));
    const text = shareListText(many, agent, 'https://cj.example');
    expect(text.split('\n')[0]).toContain(`${SHARE_LIST_MAX}套`);
    expect(text).toContain(`${SHARE_LIST_MAX}. `);
    expect(text).not.toContain(`${SHARE_LIST_MAX + 1}. `);
  });

  it('links with the listing id escaped', () => {
    expect(shareLink('https://x', 'a/b', agent, 1)).toMatch(/^https:\/\/x\/properties\/a%2Fb\?/);
  });
});
