/**
 * 税费计算器 (issue 15 item 4, architecture §12): an estimate of the taxes on a resale purchase. Pure and
 * zod-free, so it runs on the device offline. Amounts are 元.
 *
 * Ownership is counted in years from the date on the 不动产权证 (or the 契税 receipt):
 * 满2年 means at least 2 years (exactly 2 years is 满2年, VAT exempt) and 满5年 at least 5.
 */
import type { HomeOrder } from './mortgage';

/** 契税 is 1% up to this area (inclusive); above it, by the buyer's home order. */
export const DEED_TAX_AREA_LIMIT = 140;
export const DEED_TAX_RATES = { small: 0.01, largeFirst: 0.015, largeSecond: 0.02 } as const;
/** VAT is exempt from this many years of ownership; otherwise 5% of the price. */
export const VAT_EXEMPT_YEARS = 2;
export const VAT_RATE = 0.05;
/** 满五唯一: the seller's only home, held at least this many years: no individual income tax. */
export const IIT_EXEMPT_YEARS = 5;
export const IIT_PRICE_RATE = 0.01;
export const IIT_GAIN_RATE = 0.2;

/** Shown with every result. */
export const TAX_ESTIMATE_NOTE =
  '以上为估算结果，仅供参考；实际税费以当地税务部门核定为准（计税价格、优惠政策可能不同）。';

export interface ResaleTaxInput {
  /** The price in 元. */
  price: number;
  /** 建筑面积 in ㎡. */
  area: number;
  /** The buyer's first or second home (契税 above 140 ㎡). */
  buyerHome: HomeOrder;
  /** Years the seller has held the home, from the certificate date (2 = exactly two years). */
  yearsOwned: number;
  /** The home is the seller's only home (满五唯一 with 5 years). */
  sellerOnlyHome: boolean;
  /** The seller's original price in 元: when given, income tax is 20% of the gain. */
  originalPrice?: number | null;
}

export interface TaxLine {
  amount: number;
  /** The rate applied (0 when exempt). */
  rate: number;
  /** Why this amount, in Chinese. */
  basis: string;
}

export interface ResaleTaxEstimate {
  deedTax: TaxLine;
  vat: TaxLine;
  incomeTax: TaxLine;
  total: number;
  note: string;
}

/** 契税: 1% up to 140 ㎡ inclusive; above it 1.5% for a first home, 2% for a second. */
export function deedTax(price: number, area: number, buyerHome: HomeOrder): TaxLine {
  if (area <= DEED_TAX_AREA_LIMIT) {
    return line(price, DEED_TAX_RATES.small, `${DEED_TAX_AREA_LIMIT}㎡及以下，税率1%`);
  }
  return buyerHome === 'first'
    ? line(price, DEED_TAX_RATES.largeFirst, `${DEED_TAX_AREA_LIMIT}㎡以上首套房，税率1.5%`)
    : line(price, DEED_TAX_RATES.largeSecond, `${DEED_TAX_AREA_LIMIT}㎡以上二套房，税率2%`);
}

/** 增值税: exempt at 满2年 (≥ 2 years), otherwise 5% of the price. */
export function vat(price: number, yearsOwned: number): TaxLine {
  if (yearsOwned >= VAT_EXEMPT_YEARS) return line(price, 0, '满2年，免征增值税');
  return line(price, VAT_RATE, '不满2年，按5%征收');
}

/** 个人所得税: exempt for 满五唯一; otherwise 20% of the gain when the original price is known, else 1%. */
export function incomeTax(input: ResaleTaxInput): TaxLine {
  if (input.sellerOnlyHome && input.yearsOwned >= IIT_EXEMPT_YEARS) {
    return line(input.price, 0, '满五唯一，免征个人所得税');
  }
  const original = input.originalPrice;
  if (typeof original === 'number' && Number.isFinite(original) && original > 0) {
    const gain = Math.max(input.price - original, 0);
    return { amount: gain * IIT_GAIN_RATE, rate: IIT_GAIN_RATE, basis: '按差额的20%征收' };
  }
  return line(input.price, IIT_PRICE_RATE, '按总价的1%征收');
}

/** The whole estimate. */
export function estimateResaleTax(input: ResaleTaxInput): ResaleTaxEstimate {
  const d = deedTax(input.price, input.area, input.buyerHome);
  const v = vat(input.price, input.yearsOwned);
  const i = incomeTax(input);
  return {
    deedTax: d,
    vat: v,
    incomeTax: i,
    total: d.amount + v.amount + i.amount,
    note: TAX_ESTIMATE_NOTE,
  };
}

function line(price: number, rate: number, basis: string): TaxLine {
  return { amount: price * rate, rate, basis };
}
