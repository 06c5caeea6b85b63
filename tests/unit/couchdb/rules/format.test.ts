import { describe, expect, it } from 'vitest';
import {
  clipText,
  formatAddress,
  formatArea,
  formatLogTime,
  formatMoney,
  formatPrice,
  formatRange,
  formatRelativeDate,
  formatShortAddress,
  formatUnitPrice,
  groupDigits,
  isNewListing,
  priceInputToYuan,
  priceToInput,
} from '@couchdb/rules/format';

// 2025-03-10 10:00 in Shanghai.
const NOW = Date.parse('2025-03-10T02:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatPrice', () => {
  it.each([
    ['sale', 1_250_000, '125.0万'],
    ['sale', 800_000, '80.0万'],
    ['sale', 1_234_567, '123.5万'],
    ['sale', 0, '0.0万'],
    ['rent', 2500, '2500元/月'],
    ['rent', Number.NaN, '面议'],
  ] as const)('%s %d → %s', (type, price, text) => {
    expect(formatPrice(type, price)).toBe(text);
  });
});

describe('formatArea', () => {
  it.each([
    [89, '89㎡'],
    [89.5, '89.5㎡'],
    [89.456, '89.46㎡'],
    [120.1, '120.1㎡'],
  ])('%d → %s', (area, text) => {
    expect(formatArea(area)).toBe(text);
  });
});

describe('price input', () => {
  it.each([
    ['sale', '125', '1250000'],
    ['sale', ' 88.5 ', '885000'],
    ['rent', '2500', '2500'],
    ['sale', '', ''],
    ['sale', '面议', '面议'],
  ] as const)('%s %s → %s 元', (type, text, yuan) => {
    expect(priceInputToYuan(type, text)).toBe(yuan);
  });
  it('shows a stored price back in the unit it was typed in', () => {
    expect(priceToInput('sale', 1_250_000)).toBe('125');
    expect(priceToInput('rent', 2500)).toBe('2500');
    expect(priceToInput('sale', undefined)).toBe('');
  });
});

describe('formatRange', () => {
  const wan = (v: number) => formatPrice('sale', v);
  it.each([
    [1_000_000, 2_000_000, wan, '100.0万 - 200.0万'],
    [3000, undefined, (v: number) => formatPrice('rent', v), '不低于3000元/月'],
    [undefined, 90, formatArea, '不超过90㎡'],
    [0, undefined, formatArea, '不低于0㎡'],
    [undefined, undefined, formatArea, '不限'],
  ] as const)('%s..%s → %s', (min, max, one, text) => {
    expect(formatRange(min, max, one)).toBe(text);
  });
});

describe('formatRelativeDate (Shanghai calendar days)', () => {
  it.each([
    ['earlier today', ago(9 * HOUR), '今天'],
    ['yesterday 23:59 Shanghai', '2025-03-09T15:59:00.000Z', '昨天'],
    ['today 00:00 Shanghai', '2025-03-09T16:00:00.000Z', '今天'],
    ['2 days', '2025-03-08T01:00:00.000Z', '2天前'],
    ['6 days', '2025-03-04T01:00:00.000Z', '6天前'],
    ['7 days: a date', '2025-03-03T01:00:00.000Z', '2025-03-03'],
    ['date uses Shanghai day', '2025-01-01T17:00:00.000Z', '2025-01-02'],
    ['future counts as today', ago(-HOUR), '今天'],
  ])('%s', (_case, iso, text) => {
    expect(formatRelativeDate(iso, NOW)).toBe(text);
  });
});

describe('formatLogTime', () => {
  it.each([
    [30 * 1000, '刚刚'],
    [MIN, '1分钟前'],
    [59 * MIN, '59分钟前'],
    [HOUR, '1小时前'],
    [23 * HOUR, '23小时前'],
    [DAY, '1天前'],
    [7 * DAY, '7天前'],
    [8 * DAY, '2025-03-02 10:00'],
  ])('%d ms ago → %s', (ms, text) => {
    expect(formatLogTime(ago(ms), NOW)).toBe(text);
  });
});

describe('formatAddress', () => {
  const full = {
    province: '云南省',
    city: '澄江市',
    district: '凤麓街道',
    community: '抚仙湖小区',
    address: '东大街12号',
  };
  it.each([
    ['full', full, '云南省澄江市凤麓街道抚仙湖小区东大街12号'],
    [
      'province equal to city',
      { ...full, province: '北京市', city: '北京市' },
      '北京市凤麓街道抚仙湖小区东大街12号',
    ],
    ['missing parts', { city: '澄江市', district: '', address: '东大街12号' }, '澄江市东大街12号'],
    ['string', ' 澄江市东大街 ', '澄江市东大街'],
    ['empty string', '  ', '地址信息不完整'],
    ['empty object', {}, '地址信息不完整'],
    ['null', null, '地址信息不完整'],
  ])('%s', (_case, address, text) => {
    expect(formatAddress(address)).toBe(text);
  });

  it('short form is city, district, community', () => {
    expect(formatShortAddress(full)).toBe('澄江市凤麓街道抚仙湖小区');
  });
});

describe('isNewListing (within 3 days)', () => {
  it.each([
    [0, true],
    [3 * DAY - 1, true],
    [3 * DAY, false],
    [10 * DAY, false],
  ])('%d ms old → %s', (age, isNew) => {
    expect(isNewListing(ago(age), NOW)).toBe(isNew);
  });

  it('an unparsable date is not new', () => {
    expect(isNewListing('not a date', NOW)).toBe(false);
  });
});

describe('groupDigits', () => {
  it('writes what Intl.NumberFormat zh-CN writes, for whole numbers and fen', () => {
    const whole = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
    const fen = new Intl.NumberFormat('zh-CN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const values = [0, 7, 999, 1000, 9167, 12_345, 999_999, 1_000_000, 123_456_789, -4321];
    for (const v of values) {
      expect(groupDigits(v)).toBe(whole.format(v));
      expect(groupDigits(v + 0.25, 2)).toBe(fen.format(v + 0.25));
    }
    expect(groupDigits(4243.05, 2)).toBe('4,243.05');
    expect(groupDigits(-0.001, 2)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it.each([
    [2_000_000, '200万'],
    [1_525_000, '152.5万'],
    [863_185.23, '86.32万'],
    [10_000, '1万'],
    [9_999.6, '1万'],
    [1_000_000_000, '100,000万'],
    [8_560.4, '8,560元'],
    [9_999.4, '9,999元'],
    [100, '100元'],
    [11.34, '11.34元'],
    [7.5, '7.5元'],
    [0, '0元'],
  ] as const)('%d 元 → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });
  it('says 面议 for what is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('面议');
  });
});

describe('formatUnitPrice', () => {
  it('a sale per ㎡, rounded, with thousands separators', () => {
    expect(formatUnitPrice('sale', 1_250_000, 89)).toBe('14,045元/㎡');
  });
  it('nothing for a rent, a missing price or no area', () => {
    expect(formatUnitPrice('rent', 3000, 80)).toBe('');
    expect(formatUnitPrice('sale', null, 80)).toBe('');
    expect(formatUnitPrice('sale', 1_000_000, 0)).toBe('');
  });
});

describe('clipText', () => {
  it('keeps text within the limit and cuts longer text to the limit, ending in an ellipsis', () => {
    expect(clipText('南山花园', 4)).toBe('南山花园');
    expect(clipText('南山花园三室', 4)).toBe('南山花…');
    expect(clipText('南山花园三室', 4)).toHaveLength(4);
  });
});
