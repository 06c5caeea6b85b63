import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_MESSAGES,
  mortgageFormSchema,
  resaleTaxFormSchema,
} from '@couchdb/model/calculator';

const form = {
  kind: 'commercial',
  priceMode: 'total',
  totalWan: '100',
  unitPrice: '',
  area: '',
  downCheng: '3',
  providentWan: '',
  years: '30',
  home: 'first',
  commercialRate: '3.05',
  providentRate: '2.6',
};

const messages = (input: unknown) => {
  const r = mortgageFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the mortgage form', () => {
  it('turns what was typed into the loan: price less the down payment in 成', () => {
    const r = mortgageFormSchema.parse(form);
    expect(r.price).toBe(1_000_000);
    expect(r.loan).toBe(700_000);
    expect(r.commercial).toEqual({ principal: 700_000, ratePercent: 3.05, years: 30 });
    expect(r.provident.principal).toBe(0);
  });

  it('prices by 单价 × 面积', () => {
    const r = mortgageFormSchema.parse({
      ...form,
      priceMode: 'unit',
      unitPrice: '8000',
      area: '125',
    });
    expect(r.price).toBe(1_000_000);
  });

  it('splits a combined loan: the 公积金 part as typed, the rest commercial', () => {
    const r = mortgageFormSchema.parse({ ...form, kind: 'combined', providentWan: '50' });
    expect(r.provident.principal).toBe(500_000);
    expect(r.commercial.principal).toBe(200_000);
    expect(r.provident.ratePercent).toBe(2.6);
  });

  it('says what is missing or out of range, in Chinese', () => {
    expect(messages({ ...form, totalWan: '' })).toEqual([
      `totalWan: ${CALCULATOR_MESSAGES.priceRequired}`,
    ]);
    expect(messages({ ...form, totalWan: '0' })).toEqual([
      `totalWan: ${CALCULATOR_MESSAGES.priceRange}`,
    ]);
    // Something typed that is not a number is not "missing": the range says what is accepted.
    expect(messages({ ...form, commercialRate: 'abc' })).toEqual([
      `commercialRate: ${CALCULATOR_MESSAGES.rateRange}`,
    ]);
    expect(messages({ ...form, totalWan: 'abc' })).toEqual([
      `totalWan: ${CALCULATOR_MESSAGES.priceRange}`,
    ]);
    expect(messages({ ...form, years: '31' })).toEqual([
      `years: ${CALCULATOR_MESSAGES.yearsRange}`,
    ]);
    expect(messages({ ...form, kind: 'combined', providentWan: '80' })).toEqual([
      `providentWan: ${CALCULATOR_MESSAGES.providentTooLarge}`,
    ]);
    // A 公积金 loan needs no commercial rate.
    expect(messages({ ...form, kind: 'provident', commercialRate: '' })).toEqual([]);
  });
});

describe('the tax form', () => {
  const base = {
    priceWan: '100',
    area: '90',
    buyerHome: 'first',
    yearsOwned: '2',
    sellerOnlyHome: false,
    originalPriceWan: '',
  };

  it('reads the price in 万, the original price optional', () => {
    expect(resaleTaxFormSchema.parse(base)).toMatchObject({
      priceWan: 100,
      yearsOwned: 2,
      originalPriceWan: undefined,
    });
    expect(resaleTaxFormSchema.safeParse({ ...base, area: '' }).error?.issues[0]?.message).toBe(
      CALCULATOR_MESSAGES.areaRequired,
    );
  });

  it('names the 成交价 the form asks for, and says a non-number is out of range', () => {
    const message = (priceWan: string) =>
      resaleTaxFormSchema.safeParse({ ...base, priceWan }).error?.issues[0]?.message;
    expect(message('')).toBe(CALCULATOR_MESSAGES.dealPriceRequired);
    expect(message('0')).toBe(CALCULATOR_MESSAGES.dealPriceRange);
    expect(message('abc')).toBe(CALCULATOR_MESSAGES.dealPriceRange);
    expect(message('200000')).toBe(CALCULATOR_MESSAGES.dealPriceRange);
  });
});
