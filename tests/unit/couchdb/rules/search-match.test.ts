import { describe, expect, it } from 'vitest';
import {
  inQuietHours,
  listingFitsDemand,
  fitsQuery,
  matchEvents,
  shanghaiDate,
} from '@couchdb/rules/search-match';
import { isCanonicalFilterQuery } from '@couchdb/model/saved-search';
import { buildDemand, buildProperty, buildSavedSearch } from '@tests/fixtures/builders';

const NOW = Date.parse('2025-03-10T04:00:00.000Z');
const SEARCH = buildSavedSearch({
  user_id: 'u-seeker',
  filter: 'type=sale&price=100-200&rooms=3',
  created_at: '2025-03-05T00:00:00.000Z',
});
const fitsSearch = (p: Parameters<ReturnType<typeof fitsQuery>>[0]) => fitsQuery(SEARCH.filter)(p);

describe('fitsQuery: the list screen’s filter as a saved search', () => {
  it('matches what the list shows for the same query', () => {
    expect(fitsSearch(buildProperty())).toBe(true);
    expect(fitsSearch(buildProperty({ price: 2_100_000 }))).toBe(false);
    expect(fitsSearch(buildProperty({ bedrooms: 2 }))).toBe(false);
    expect(fitsSearch(buildProperty({ type: 'rent', price: 1500 }))).toBe(false);
    expect(fitsQuery('')(buildProperty())).toBe(true);
  });

  it('a saved filter is the canonical query the list writes', () => {
    expect(isCanonicalFilterQuery('type=sale&price=100-200&rooms=3')).toBe(true);
    expect(isCanonicalFilterQuery('rooms=3&type=sale')).toBe(false);
    expect(isCanonicalFilterQuery('type=castle')).toBe(false);
  });
});

describe('listingFitsDemand', () => {
  const demand = buildDemand({
    type: 'buy',
    min_price: 1_000_000,
    max_price: 1_500_000,
    areas: ['凤麓街道'],
    rooms: [3, 5],
  });
  it('needs the type, the ranges, a township and a bedroom count the demand names', () => {
    expect(listingFitsDemand(buildProperty(), demand)).toBe(true);
    expect(listingFitsDemand(buildProperty({ type: 'rent' }), demand)).toBe(false);
    expect(listingFitsDemand(buildProperty({ price: 1_600_000 }), demand)).toBe(false);
    expect(listingFitsDemand(buildProperty({ bedrooms: 2 }), demand)).toBe(false);
    expect(listingFitsDemand(buildProperty({ bedrooms: 6 }), demand)).toBe(true);
    const elsewhere = buildProperty();
    elsewhere.address.district = '右所镇';
    expect(listingFitsDemand(elsewhere, demand)).toBe(false);
  });
  it('an open range or empty lists accept anything', () => {
    const { min_price: _a, max_price: _b, min_area: _c, max_area: _d, ...open } = buildDemand();
    expect(
      listingFitsDemand(buildProperty({ price: 9_000_000 }), { ...open, areas: [], rooms: [] }),
    ).toBe(true);
  });
});

describe('matchEvents', () => {
  const approvedAt = (at: string) => buildProperty({ audited_at: at, created_at: at });
  it('a listing that became public after the search was made is new', () => {
    const p = approvedAt('2025-03-06T00:00:00.000Z');
    expect(matchEvents(p, SEARCH, fitsSearch, NOW)).toEqual([
      { kind: 'new', propertyId: p.id, at: '2025-03-06T00:00:00.000Z' },
    ]);
  });
  it('ignores listings public before the search, not public, not fitting, or the user’s own', () => {
    expect(matchEvents(approvedAt('2025-03-01T00:00:00.000Z'), SEARCH, fitsSearch, NOW)).toEqual(
      [],
    );
    const later = '2025-03-06T00:00:00.000Z';
    expect(
      matchEvents({ ...approvedAt(later), audit_status: 'pending' }, SEARCH, fitsSearch, NOW),
    ).toEqual([]);
    expect(
      matchEvents({ ...approvedAt(later), price: 5_000_000 }, SEARCH, fitsSearch, NOW),
    ).toEqual([]);
    expect(
      matchEvents({ ...approvedAt(later), user_id: 'u-seeker' }, SEARCH, fitsSearch, NOW),
    ).toEqual([]);
  });
  it('a price drop that brings an older listing into range, once per price', () => {
    const p = buildProperty({
      audited_at: '2025-03-01T00:00:00.000Z',
      price: 1_900_000,
      price_history: [
        { price: 2_300_000, at: '2025-03-01T00:00:00.000Z' },
        { price: 1_900_000, at: '2025-03-07T00:00:00.000Z' },
      ],
    });
    expect(matchEvents(p, SEARCH, fitsSearch, NOW)).toEqual([
      { kind: 'price', propertyId: p.id, price: 1_900_000, at: '2025-03-07T00:00:00.000Z' },
    ]);
    // A drop within the range already is not news.
    const within = {
      ...p,
      price_history: [
        { price: 1_950_000, at: '2025-03-01T00:00:00.000Z' },
        { price: 1_900_000, at: '2025-03-07T00:00:00.000Z' },
      ],
    };
    expect(matchEvents(within, SEARCH, fitsSearch, NOW)).toEqual([]);
  });
  it('looks back no further than the match window, however long the device was away', () => {
    const old = buildSavedSearch({ ...SEARCH, created_at: '2024-01-01T00:00:00.000Z' });
    expect(matchEvents(approvedAt('2025-01-01T00:00:00.000Z'), old, fitsSearch, NOW)).toEqual([]);
    expect(matchEvents(approvedAt('2025-02-20T00:00:00.000Z'), old, fitsSearch, NOW)).toHaveLength(
      1,
    );
  });
});

describe('quiet hours and days (Asia/Shanghai)', () => {
  const at = (shanghai: string) => Date.parse(`${shanghai}+08:00`);
  it('quiet hours may run past midnight', () => {
    const q = { from: '22:00', to: '08:00' };
    expect(inQuietHours(q, at('2025-03-10T23:30:00'))).toBe(true);
    expect(inQuietHours(q, at('2025-03-10T07:59:00'))).toBe(true);
    expect(inQuietHours(q, at('2025-03-10T08:00:00'))).toBe(false);
    expect(inQuietHours({ from: '12:00', to: '14:00' }, at('2025-03-10T13:00:00'))).toBe(true);
    expect(inQuietHours(undefined, at('2025-03-10T23:30:00'))).toBe(false);
  });
  it('a digest’s day is the Shanghai date', () => {
    expect(shanghaiDate(Date.parse('2025-03-10T17:00:00.000Z'))).toBe('2025-03-11');
  });
});
