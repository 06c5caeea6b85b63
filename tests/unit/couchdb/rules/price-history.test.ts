import { describe, expect, it } from 'vitest';
import { PRICE_HISTORY_MAX } from '@couchdb/model/listing-facts';
import { formatPriceDrop, nextPriceHistory, priceDropSince } from '@couchdb/rules/price-history';

const day = (d: number) => `2025-03-${String(d).padStart(2, '0')}T04:00:00.000Z`;

describe('nextPriceHistory', () => {
  it('starts a new listing with its first price', () => {
    expect(nextPriceHistory(null, 900_000, day(1))).toEqual([{ price: 900_000, at: day(1) }]);
  });

  it('appends a changed price and keeps an unchanged one as it was', () => {
    const current = { price: 900_000, price_history: [{ price: 900_000, at: day(1) }] };
    expect(nextPriceHistory(current, 900_000, day(2))).toEqual(current.price_history);
    expect(nextPriceHistory(current, 850_000, day(3))).toEqual([
      { price: 900_000, at: day(1) },
      { price: 850_000, at: day(3) },
    ]);
  });

  it('starts over at each change while the listing was never public (a price in review is no one’s)', () => {
    const pending = { price: 1_280_000, price_history: [{ price: 1_280_000, at: day(1) }] };
    expect(nextPriceHistory(pending, 1_180_000, day(1), false)).toEqual([
      { price: 1_180_000, at: day(1) },
    ]);
    expect(nextPriceHistory(pending, 1_280_000, day(2), false)).toEqual(pending.price_history);
  });

  it('starts a listing from before the history with its former price at its publication', () => {
    const old = { price: 900_000, created_at: day(1), updated_at: day(2) };
    expect(nextPriceHistory(old, 900_000, day(4))).toEqual([]);
    expect(nextPriceHistory(old, 880_000, day(4))).toEqual([
      { price: 900_000, at: day(1) },
      { price: 880_000, at: day(4) },
    ]);
  });

  it(`keeps the last ${PRICE_HISTORY_MAX} points`, () => {
    let current = { price: 0, price_history: nextPriceHistory(null, 0, day(1)) };
    for (let i = 1; i <= 30; i++) {
      current = { price: i, price_history: nextPriceHistory(current, i, day(1 + (i % 27))) };
    }
    expect(current.price_history).toHaveLength(PRICE_HISTORY_MAX);
    expect(current.price_history.at(-1)!.price).toBe(30);
    expect(current.price_history[0]!.price).toBe(11);
  });
});

describe('priceDropSince', () => {
  const history = [
    { price: 1_000_000, at: day(1) },
    { price: 950_000, at: day(5) },
    { price: 900_000, at: day(10) },
  ];

  it('counts from the price in force when the favourite was made', () => {
    expect(priceDropSince(history, 900_000, day(3))).toBe(100_000);
    expect(priceDropSince(history, 900_000, day(5))).toBe(50_000);
    expect(priceDropSince(history, 900_000, day(7))).toBe(50_000);
    expect(priceDropSince(history, 900_000, day(12))).toBe(0);
  });

  it('counts from the first known price for a favourite older than the history', () => {
    expect(priceDropSince(history, 900_000, '2025-01-01T00:00:00.000Z')).toBe(100_000);
  });

  it('shows no drop after a rise or without a history', () => {
    expect(priceDropSince(history, 1_100_000, day(3))).toBe(0);
    expect(priceDropSince(undefined, 900_000, day(3))).toBe(0);
    expect(priceDropSince([], 900_000, day(3))).toBe(0);
  });
});

describe('formatPriceDrop', () => {
  it('says 万 for a sale and 元 for a rent, nothing without a drop', () => {
    expect(formatPriceDrop('sale', 50_000)).toBe('降价5万');
    expect(formatPriceDrop('sale', 125_000)).toBe('降价12.5万');
    expect(formatPriceDrop('sale', 300)).toBe('降价0.1万');
    expect(formatPriceDrop('rent', 200)).toBe('降价200元');
    expect(formatPriceDrop('rent', 0)).toBe('');
  });
});
