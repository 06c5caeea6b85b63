import { describe, expect, it } from 'vitest';
import {
  communityStats,
  formatAreaRange,
  formatAverageUnitPrice,
  formatHeadline,
  formatPriceRange,
  listingsOfCommunity,
  placeStats,
  similarListings,
  townshipStats,
  unitPriceTrend,
} from '@couchdb/rules/area-stats';
import { communityKey } from '@couchdb/rules/community-key';
import type { Property } from '@couchdb/model/property';
import { buildProperty } from '../../../fixtures/builders';

const place = (district: Property['address']['district'], community: string) => ({
  province: '云南省',
  city: '澄江市',
  district,
  community,
  address: '东大街12号',
});

describe('placeStats', () => {
  it('averages 单价 over the sale listings with an area and the rent over the rentals', () => {
    const stats = placeStats([
      buildProperty({ type: 'sale', price: 1_000_000, area: 100 }), // 10,000 元/㎡
      buildProperty({ type: 'sale', price: 600_000, area: 50 }), // 12,000 元/㎡
      buildProperty({ type: 'sale', price: 500_000, area: 0 }), // no area: no 单价
      buildProperty({ type: 'rent', price: 1_500, area: 60 }),
      buildProperty({ type: 'rent', price: 2_000, area: 0 }),
    ]);
    expect(stats.sale).toEqual({
      count: 3,
      averageUnitPrice: 11_000,
      averagePrice: 700_000,
      priceRange: [500_000, 1_000_000],
      areaRange: [50, 100],
    });
    expect(stats.rent).toEqual({
      count: 2,
      averageUnitPrice: null,
      averagePrice: 1_750,
      priceRange: [1_500, 2_000],
      areaRange: [60, 60],
    });
  });

  it('has no averages or ranges without listings', () => {
    const empty = {
      count: 0,
      averageUnitPrice: null,
      averagePrice: null,
      priceRange: null,
      areaRange: null,
    };
    expect(placeStats([])).toEqual({ sale: empty, rent: empty });
    // Sale listings that all lack an area: counted, no 单价.
    const noArea = placeStats([buildProperty({ type: 'sale', price: 800_000, area: 0 })]);
    expect(noArea.sale.count).toBe(1);
    expect(noArea.sale.averageUnitPrice).toBeNull();
    expect(noArea.sale.areaRange).toBeNull();
  });
});

describe('townshipStats and communityStats', () => {
  const list = [
    buildProperty({ id: 'a', price: 900_000, area: 90, address: place('凤麓街道', '凤麓花园') }),
    buildProperty({ id: 'b', price: 800_000, area: 100, address: place('凤麓街道', '凤麓 花园 ') }),
    buildProperty({ id: 'c', type: 'rent', price: 1_800, address: place('凤麓街道', '南屏新苑') }),
    buildProperty({ id: 'd', price: 500_000, area: 100, address: place('海口镇', '海口新村') }),
    buildProperty({ id: 'e', price: 400_000, area: 80, address: place('海口镇', '') }),
  ];

  it('lists the six townships in order, empty ones included', () => {
    const stats = townshipStats(list);
    expect(stats.map((t) => t.township)).toEqual([
      '凤麓街道',
      '龙街街道',
      '右所镇',
      '海口镇',
      '九村镇',
      '阳宗镇',
    ]);
    expect(stats[0]!.sale.count).toBe(2);
    expect(stats[0]!.sale.averageUnitPrice).toBe(9_000); // (10,000 + 8,000) / 2
    expect(stats[0]!.rent.averagePrice).toBe(1_800);
    expect(stats[3]!.sale.averageUnitPrice).toBe(5_000);
    expect(stats[1]!.sale.count + stats[1]!.rent.count).toBe(0);
  });

  it('groups a 小区 across spellings, most listings first, and filters by township', () => {
    const all = communityStats(list);
    expect(all.map((c) => [c.name, c.township, c.sale.count + c.rent.count])).toEqual([
      ['凤麓花园', '凤麓街道', 2],
      ['海口新村', '海口镇', 1],
      ['南屏新苑', '凤麓街道', 1],
    ]);
    expect(communityStats(list, '海口镇').map((c) => c.name)).toEqual(['海口新村']);
    expect(communityStats([], '海口镇')).toEqual([]);
    expect(communityKey(' 凤麓 花园 ')).toBe(communityKey('凤麓花园'));
    expect(listingsOfCommunity(list, '凤麓花园 ').map((p) => p.id)).toEqual(['a', 'b']);
    expect(listingsOfCommunity(list, '  ')).toEqual([]);
  });
});

describe('unitPriceTrend', () => {
  const now = Date.parse('2026-03-20T04:00:00.000Z');

  it('averages, each month, the sale listings on the market at their price then', () => {
    const trend = unitPriceTrend(
      [
        // Published in January at 1,000,000 (10,000 元/㎡), cut to 900,000 on 10 March.
        buildProperty({
          price: 900_000,
          area: 100,
          created_at: '2026-01-05T02:00:00.000Z',
          price_history: [
            { price: 1_000_000, at: '2026-01-05T02:00:00.000Z' },
            { price: 900_000, at: '2026-03-10T02:00:00.000Z' },
          ],
        }),
        // Published in February, no history kept: its price throughout (6,000 元/㎡).
        buildProperty({ price: 300_000, area: 50, created_at: '2026-02-14T02:00:00.000Z' }),
        // Rentals and listings without an area do not count.
        buildProperty({ type: 'rent', price: 2_000, created_at: '2025-12-01T02:00:00.000Z' }),
        buildProperty({ price: 100_000, area: 0, created_at: '2025-11-01T02:00:00.000Z' }),
      ],
      now,
    );
    expect(trend).toEqual([
      { month: '2026-01', averageUnitPrice: 10_000, count: 1 },
      { month: '2026-02', averageUnitPrice: 8_000, count: 2 },
      { month: '2026-03', averageUnitPrice: 7_500, count: 2 },
    ]);
  });

  it('reads months in Asia/Shanghai, keeps the latest months and is empty without sales', () => {
    // 31 Jan 20:00 UTC is 1 February in 澄江.
    const one = unitPriceTrend(
      [buildProperty({ price: 500_000, area: 100, created_at: '2026-01-31T20:00:00.000Z' })],
      Date.parse('2026-02-03T00:00:00.000Z'),
    );
    expect(one).toEqual([{ month: '2026-02', averageUnitPrice: 5_000, count: 1 }]);
    const long = unitPriceTrend(
      [buildProperty({ price: 500_000, area: 100, created_at: '2024-06-01T04:00:00.000Z' })],
      now,
      12,
    );
    expect(long).toHaveLength(12);
    expect(long[0]!.month).toBe('2025-04');
    expect(long[11]!.month).toBe('2026-03');
    expect(unitPriceTrend([], now)).toEqual([]);
    expect(unitPriceTrend([buildProperty({ type: 'rent' })], now)).toEqual([]);
  });
});

describe('similarListings', () => {
  const target = buildProperty({
    id: 't',
    price: 1_000_000,
    area: 100,
    address: place('凤麓街道', '凤麓花园'),
  });
  const list = [
    target,
    buildProperty({
      id: 'far-same',
      price: 2_000_000,
      area: 180,
      address: place('凤麓街道', '凤麓花园'),
    }),
    buildProperty({
      id: 'near-same',
      price: 980_000,
      area: 98,
      address: place('凤麓街道', ' 凤麓花园'),
    }),
    buildProperty({
      id: 'town-near',
      price: 1_010_000,
      area: 101,
      address: place('凤麓街道', '南屏新苑'),
    }),
    buildProperty({
      id: 'town-far',
      price: 500_000,
      area: 60,
      address: place('凤麓街道', '金莲小区'),
    }),
    buildProperty({
      id: 'rent',
      type: 'rent',
      price: 2_000,
      address: place('凤麓街道', '凤麓花园'),
    }),
    buildProperty({
      id: 'elsewhere',
      price: 1_000_000,
      area: 100,
      address: place('海口镇', '湖光苑'),
    }),
  ];

  it('ranks its 小区 first, then its township, each by closeness in price and area', () => {
    expect(similarListings(target, list).map((p) => p.id)).toEqual([
      'near-same',
      'far-same',
      'town-near',
      'town-far',
    ]);
    expect(similarListings(target, list, 2).map((p) => p.id)).toEqual(['near-same', 'far-same']);
  });

  it('excludes itself, other types and other townships; none: empty', () => {
    expect(similarListings(target, [target])).toEqual([]);
    const rentals = similarListings(list[5]!, list).map((p) => p.id);
    expect(rentals).toEqual([]);
    // Without an area the price alone decides; unknown area counts as far.
    const noArea = buildProperty({
      id: 'x',
      price: 990_000,
      area: 0,
      address: place('凤麓街道', ''),
    });
    expect(
      similarListings(noArea, list)
        .map((p) => p.id)
        .slice(0, 3),
    ).toEqual(['t', 'near-same', 'town-near']);
  });
});

describe('the figures as shown', () => {
  it('formats averages and ranges, 暂无 when unknown', () => {
    expect(formatAverageUnitPrice(12_345)).toBe('12,345元/㎡');
    expect(formatAverageUnitPrice(null)).toBe('暂无');
    const rent = placeStats([buildProperty({ type: 'rent', price: 1_500, area: 60 })]).rent;
    expect(formatHeadline('rent', rent)).toBe('1500元/月');
    expect(formatHeadline('sale', placeStats([]).sale)).toBe('暂无');
    expect(formatPriceRange('sale', [800_000, 1_200_000])).toBe('80.0万 - 120.0万');
    expect(formatPriceRange('rent', [1_500, 1_500])).toBe('1500元/月');
    expect(formatAreaRange([60, 120.5])).toBe('60㎡ - 120.5㎡');
    expect(formatAreaRange(null)).toBe('暂无');
  });
});
