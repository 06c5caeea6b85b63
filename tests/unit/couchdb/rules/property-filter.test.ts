import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterAndSortProperties,
  propertyFilterFromParams,
  propertyFilterToParams,
} from '@couchdb/rules/property-filter';
import { comparePropertiesFor } from '@couchdb/rules/property-order';
import { firstInOrder } from '@couchdb/rules/first-in-order';
import { buildProperty } from '../../../fixtures/builders';

const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T04:00:00.000Z`;
const addr = (district: string, community = '小区', address = '路1号') => ({
  province: '云南省',
  city: '澄江市',
  district: district as '凤麓街道',
  community,
  address,
});

const list = [
  buildProperty({
    id: 'a',
    type: 'sale',
    price: 950_000,
    area: 89,
    bedrooms: 3,
    created_at: at(1),
    address: addr('凤麓街道', '抚仙湖小区'),
  }),
  buildProperty({
    id: 'b',
    type: 'sale',
    price: 1_500_000,
    area: 130,
    bedrooms: 4,
    created_at: at(5),
    address: addr('右所镇'),
  }),
  buildProperty({
    id: 'c',
    type: 'rent',
    price: 2_800,
    area: 60,
    bedrooms: 2,
    created_at: at(3),
    address: addr('凤麓街道'),
  }),
  buildProperty({
    id: 'd',
    type: 'rent',
    price: 3_000,
    area: 45,
    bedrooms: 1,
    created_at: at(4),
    address: addr('海口镇'),
    is_priority: true,
  }),
  buildProperty({
    id: 'e',
    type: 'sale',
    price: 12_000_000,
    area: 260,
    bedrooms: 6,
    created_at: at(2),
    address: addr('阳宗镇'),
    title: '阳宗镇独栋别墅',
  }),
];
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('filterAndSortProperties', () => {
  it('puts priority listings first, then the newest', () => {
    expect(ids(filterAndSortProperties(list, {}))).toEqual(['d', 'b', 'c', 'e', 'a']);
  });

  it('filters by type, township, price band of the type and rooms together', () => {
    expect(
      ids(
        filterAndSortProperties(list, {
          type: 'sale',
          location: '凤麓街道',
          price: '0-100',
          rooms: 3,
        }),
      ),
    ).toEqual(['a']);
    // 3000 is the lower bound of 3000-5000 (bands are [min, max)).
    expect(ids(filterAndSortProperties(list, { type: 'rent', price: '0-3000' }))).toEqual(['c']);
    expect(ids(filterAndSortProperties(list, { type: 'rent', price: '3000-5000' }))).toEqual(['d']);
  });

  it('ignores a price band without a type (the bands differ by type)', () => {
    expect(filterAndSortProperties(list, { price: '0-100' })).toHaveLength(5);
  });

  it('treats rooms 5 as five or more', () => {
    expect(ids(filterAndSortProperties(list, { rooms: 5 }))).toEqual(['e']);
  });

  it('filters by area band', () => {
    expect(ids(filterAndSortProperties(list, { area: '0-50' }))).toEqual(['d']);
    expect(ids(filterAndSortProperties(list, { area: '200+' }))).toEqual(['e']);
  });

  it('matches keywords in title, description, community and address, case-insensitively', () => {
    expect(ids(filterAndSortProperties(list, { keyword: '别墅' }))).toEqual(['e']);
    expect(ids(filterAndSortProperties(list, { keyword: '抚仙湖小区' }))).toEqual(['a']);
    const latin = [buildProperty({ id: 'x', title: 'LOFT 公寓' })];
    expect(ids(filterAndSortProperties(latin, { keyword: 'loft' }))).toEqual(['x']);
  });

  it('matches every word of a keyword of several, wherever each one is', () => {
    // 阳宗镇 is in the township, 别墅 in the title: both words, not next to each other.
    expect(ids(filterAndSortProperties(list, { keyword: '阳宗镇 别墅' }))).toEqual(['e']);
    expect(ids(filterAndSortProperties(list, { keyword: '别墅\u3000阳宗镇' }))).toEqual(['e']);
    // A word no listing has: none, even though the other word matches.
    expect(ids(filterAndSortProperties(list, { keyword: '别墅 海景' }))).toEqual([]);
  });

  it('matches a free-text location against the address parts', () => {
    expect(ids(filterAndSortProperties(list, { location: '抚仙湖' }))).toEqual(['a']);
  });

  it('sorts by price up and down, priority still first', () => {
    expect(ids(filterAndSortProperties(list, { sort: 'price_asc' }))).toEqual([
      'd',
      'c',
      'a',
      'b',
      'e',
    ]);
    expect(ids(filterAndSortProperties(list, { sort: 'price_desc' }))).toEqual([
      'd',
      'e',
      'b',
      'a',
      'c',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...list];
    filterAndSortProperties(list, { sort: 'price_asc' });
    expect(list).toEqual(copy);
  });
});

describe('the filter in the URL', () => {
  it('round-trips and drops invalid values', () => {
    const params = new URLSearchParams(
      'type=rent&keyword=%20湖景%20&location=海口镇&price=3000-5000&area=50-80&rooms=2&sort=price_asc',
    );
    const filter = propertyFilterFromParams(params);
    expect(filter).toEqual({
      type: 'rent',
      keyword: '湖景',
      location: '海口镇',
      price: '3000-5000',
      area: '50-80',
      rooms: 2,
      sort: 'price_asc',
    });
    expect(propertyFilterFromParams(propertyFilterToParams(filter))).toEqual(filter);
    expect(
      propertyFilterFromParams(new URLSearchParams('type=lease&price=0-100&rooms=9&sort=x')),
    ).toEqual({});
    // A sale band is not valid for rent.
    expect(propertyFilterFromParams(new URLSearchParams('type=rent&price=0-100'))).toEqual({
      type: 'rent',
    });
    expect(activeFilterCount(filter)).toBe(5);
  });
});

describe('the structured facts (issue 18)', () => {
  const withFacts = [
    buildProperty({
      id: 's1',
      facts: { orientation: '南北', decoration: '精装', lift: true, usage: '住宅' },
    }),
    buildProperty({
      id: 's2',
      facts: { orientation: '东南', decoration: '毛坯', lift: false, usage: '商铺' },
    }),
    buildProperty({ id: 's3', facts: { orientation: '东', decoration: '精装', usage: '住宅' } }),
    buildProperty({ id: 's4' }),
    buildProperty({ id: 'r1', type: 'rent', facts: { rental_mode: '合租', lift: true } }),
    buildProperty({ id: 'r2', type: 'rent', facts: { rental_mode: '整租' } }),
  ];
  const ids = (filter: Parameters<typeof filterAndSortProperties>[1]) =>
    filterAndSortProperties(withFacts, filter)
      .map((p) => p.id)
      .sort();

  it('filter by orientation: one direction matches every orientation facing it', () => {
    expect(ids({ orientation: '南' })).toEqual(['s1', 's2']);
    expect(ids({ orientation: '南北' })).toEqual(['s1']);
    expect(ids({ orientation: '东' })).toEqual(['s2', 's3']);
  });

  it('filter by decoration, lift and usage; a listing without facts matches none', () => {
    expect(ids({ decoration: '精装' })).toEqual(['s1', 's3']);
    expect(ids({ lift: true })).toEqual(['r1', 's1']);
    expect(ids({ lift: false })).toEqual(['s2']);
    expect(ids({ usage: '商铺' })).toEqual(['s2']);
    expect(ids({ decoration: '精装', usage: '住宅', lift: true })).toEqual(['s1']);
  });

  it('filter rentals by mode only with the rent type', () => {
    expect(ids({ type: 'rent', rental_mode: '合租' })).toEqual(['r1']);
    expect(ids({ type: 'sale', rental_mode: '合租' })).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('round-trip through the URL and count as active filters', () => {
    const filter = {
      type: 'rent' as const,
      orientation: '南' as const,
      decoration: '精装' as const,
      lift: false,
      usage: '住宅' as const,
      rental_mode: '整租' as const,
    };
    const params = propertyFilterToParams(filter);
    expect(params.toString()).toBe(
      `type=rent&orientation=${encodeURIComponent('南')}&decoration=${encodeURIComponent('精装')}&lift=0&usage=${encodeURIComponent('住宅')}&rental=${encodeURIComponent('整租')}`,
    );
    expect(propertyFilterFromParams(params)).toEqual(filter);
    expect(activeFilterCount(filter)).toBe(6);
    expect(
      propertyFilterFromParams(
        new URLSearchParams('orientation=正南&decoration=x&lift=2&rental=整租'),
      ),
    ).toEqual({});
  });
});

describe('the 小区 filter (区域找房)', () => {
  it('matches the 小区 ignoring case and spaces, and round-trips in the URL', () => {
    const withSpaces = buildProperty({ id: 'f', address: addr('凤麓街道', ' 抚仙湖 小区 ') });
    const all = [...list, withSpaces];
    expect(ids(filterAndSortProperties(all, { community: '抚仙湖小区' }))).toEqual(['a', 'f']);
    expect(
      ids(filterAndSortProperties(all, { location: '凤麓街道', community: '抚仙湖小区' })),
    ).toEqual(['a', 'f']);
    expect(filterAndSortProperties(all, { community: '别的小区' })).toEqual([]);
    const filter = propertyFilterFromParams(
      new URLSearchParams('location=凤麓街道&community=%20抚仙湖小区%20'),
    );
    expect(filter).toEqual({ location: '凤麓街道', community: '抚仙湖小区' });
    expect(propertyFilterFromParams(propertyFilterToParams(filter))).toEqual(filter);
    expect(propertyFilterFromParams(new URLSearchParams('community=%20%20'))).toEqual({});
  });
});

describe('只看已核验 (issue 19)', () => {
  const list = [
    buildProperty({ id: 'v', verification_code: '110123456789', verification_status: 'verified' }),
    buildProperty({ id: 'u', verification_code: '110123456780', verification_status: 'unchecked' }),
    buildProperty({ id: 'i', verification_code: '110123456781', verification_status: 'invalid' }),
    buildProperty({ id: 'n' }),
  ];

  it('keeps only listings whose code an admin verified', () => {
    expect(filterAndSortProperties(list, { verified: true }).map((p) => p.id)).toEqual(['v']);
    expect(filterAndSortProperties(list, {})).toHaveLength(4);
  });

  it('round-trips through the URL and counts as an active filter', () => {
    const params = propertyFilterToParams({ verified: true });
    expect(params.toString()).toBe('verified=1');
    expect(propertyFilterFromParams(params)).toEqual({ verified: true });
    expect(propertyFilterFromParams(new URLSearchParams('verified=yes'))).toEqual({});
    expect(activeFilterCount({ verified: true })).toBe(1);
  });
});

describe('firstInOrder (a page of a long list, issue 17)', () => {
  // Listings with ties on every key but the id: priority, price and creation time drawn from few
  // values, in a shuffled order.
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const listings = Array.from({ length: 600 }, (_, i) =>
    buildProperty({
      id: `p-${String(i).padStart(4, '0')}`,
      is_priority: random() < 0.1,
      price: 100_000 * Math.floor(random() * 20),
      created_at: `2026-0${1 + Math.floor(random() * 9)}-01T00:00:00.000Z`,
    }),
  ).sort(() => random() - 0.5);

  it.each(['time_desc', 'price_asc', 'price_desc'] as const)(
    'gives what sorting all and taking the first would (%s)',
    (sort) => {
      const sorted = [...listings].sort(comparePropertiesFor(sort));
      for (const count of [1, 20, 40, 74, 75, 76, 200, 600, 700]) {
        expect(firstInOrder(listings, count, sort).map((p) => p.id)).toEqual(
          sorted.slice(0, count).map((p) => p.id),
        );
      }
    },
  );

  it('gives nothing for no listings or a count of 0, and leaves its input as it was', () => {
    const before = listings.map((p) => p.id);
    expect(firstInOrder([], 20)).toEqual([]);
    expect(firstInOrder(listings, 0)).toEqual([]);
    firstInOrder(listings, 20);
    expect(listings.map((p) => p.id)).toEqual(before);
  });
});
