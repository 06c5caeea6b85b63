import { describe, expect, it } from 'vitest';
import { roundFen } from '@couchdb/rules/mortgage';
import {
  deedTax,
  estimateResaleTax,
  incomeTax,
  TAX_ESTIMATE_NOTE,
  vat,
  type ResaleTaxInput,
} from '@couchdb/rules/resale-tax';

const base: ResaleTaxInput = {
  price: 1_000_000,
  area: 100,
  buyerHome: 'first',
  yearsOwned: 3,
  sellerOnlyHome: false,
};

describe('契税 at the 140 ㎡ boundary', () => {
  it('140 ㎡ inclusive is 1% for any buyer', () => {
    expect(deedTax(1_000_000, 140, 'first').amount).toBe(10_000);
    expect(deedTax(1_000_000, 140, 'second').amount).toBe(10_000);
  });
  it('140.01 ㎡ is 1.5% for a first home, 2% for a second', () => {
    expect(deedTax(1_000_000, 140.01, 'first').amount).toBe(15_000);
    expect(deedTax(1_000_000, 140.01, 'second').amount).toBe(20_000);
  });
});

describe('增值税: 满2年 means at least 2 years', () => {
  it('exactly 2 years is exempt', () => expect(vat(1_000_000, 2).amount).toBe(0));
  it('just under 2 years pays 5%', () => expect(vat(1_000_000, 1.99).amount).toBe(50_000));
  it('more than 2 years is exempt', () => expect(vat(1_000_000, 2.5).amount).toBe(0));
});

describe('个人所得税: exempt for 满五唯一 (at least 5 years and the only home)', () => {
  it('exactly 5 years and the only home is exempt', () => {
    expect(incomeTax({ ...base, yearsOwned: 5, sellerOnlyHome: true }).amount).toBe(0);
  });
  it('just under 5 years pays 1% of the price', () => {
    expect(incomeTax({ ...base, yearsOwned: 4.99, sellerOnlyHome: true }).amount).toBe(10_000);
  });
  it('5 years but not the only home pays', () => {
    expect(incomeTax({ ...base, yearsOwned: 5, sellerOnlyHome: false }).amount).toBe(10_000);
  });
  it('with the original price known, 20% of the gain (never below 0)', () => {
    expect(incomeTax({ ...base, originalPrice: 800_000 }).amount).toBe(40_000);
    expect(incomeTax({ ...base, originalPrice: 1_200_000 }).amount).toBe(0);
  });
});

describe('the estimate', () => {
  it('adds the three taxes and says it is an estimate', () => {
    const est = estimateResaleTax({ ...base, area: 150, buyerHome: 'second', yearsOwned: 1 });
    expect(est.deedTax.amount).toBe(20_000);
    expect(est.vat.amount).toBe(50_000);
    expect(est.incomeTax.amount).toBe(10_000);
    expect(roundFen(est.total)).toBe(80_000);
    expect(est.note).toBe(TAX_ESTIMATE_NOTE);
    expect(est.note).toContain('估算');
  });
  it('满五唯一 under 140 ㎡: only the 1% 契税', () => {
    const est = estimateResaleTax({ ...base, yearsOwned: 6, sellerOnlyHome: true });
    expect(est.total).toBe(10_000);
  });
});
