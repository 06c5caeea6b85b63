/**
 * The forms of the 房贷计算器 and 税费计算器 (issue 15 item 4): their limits and Chinese messages.
 * The arithmetic is couchdb/rules/mortgage.ts and resale-tax.ts; these schemas only turn what was
 * typed into checked numbers.
 */
import { z } from 'zod';

/** The calculators' limits. */
export const CALCULATOR_LIMITS = {
  maxPriceWan: 100_000,
  maxUnitPrice: 1_000_000,
  maxArea: 10_000,
  maxYears: 30,
  maxRatePercent: 20,
  maxYearsOwned: 100,
} as const;

/** Down payment choices in 成 (tenths of the price). */
export const DOWN_PAYMENT_CHENG = [0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9] as const;

export const CALCULATOR_MESSAGES = {
  priceRequired: '请输入房屋总价',
  priceRange: `房屋总价须大于0且不超过${CALCULATOR_LIMITS.maxPriceWan}万元`,
  /** The 税费计算器 asks for the 成交价 (what the home sells for). */
  dealPriceRequired: '请输入成交价',
  dealPriceRange: `成交价须大于0且不超过${CALCULATOR_LIMITS.maxPriceWan}万元`,
  unitPriceRequired: '请输入单价',
  unitPriceRange: `单价须大于0且不超过${CALCULATOR_LIMITS.maxUnitPrice}元/㎡`,
  areaRequired: '请输入面积',
  areaRange: `面积须大于0且不超过${CALCULATOR_LIMITS.maxArea}㎡`,
  yearsRange: `贷款年限为1至${CALCULATOR_LIMITS.maxYears}年`,
  rateRequired: '请输入年利率',
  rateRange: `年利率须大于0且不超过${CALCULATOR_LIMITS.maxRatePercent}%`,
  providentRequired: '请输入公积金贷款金额',
  providentTooLarge: '公积金贷款金额不能超过贷款总额',
  yearsOwnedRange: '请选择房产持有年限',
  originalPriceRange: `原购入价须大于0且不超过${CALCULATOR_LIMITS.maxPriceWan}万元`,
} as const;

const cm = CALCULATOR_MESSAGES;

/** Text as typed → a number; empty → undefined (so "required" shows). */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v !== 'string') return v;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : Number.NaN;
}

/**
 * A positive number up to `max`: nothing typed says `required`; anything else wrong (0, too large,
 * not a number at all) says `range`, which names what is accepted.
 */
const positive = (required: string, range: string, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : range) })
      .gt(0, range)
      .max(max, range),
  );

const rateSchema = positive(cm.rateRequired, cm.rateRange, CALCULATOR_LIMITS.maxRatePercent);

/** The 房贷计算器's form. Amounts in 万元 or 元/㎡ as typed; the loan follows the price and 成. */
export const mortgageFormSchema = z
  .object({
    kind: z.enum(['commercial', 'provident', 'combined']),
    priceMode: z.enum(['total', 'unit']),
    totalWan: z.unknown(),
    unitPrice: z.unknown(),
    area: z.unknown(),
    downCheng: z.preprocess(toNumber, z.number().min(0).max(9)),
    providentWan: z.unknown(),
    years: z.preprocess(
      toNumber,
      z.int({ error: cm.yearsRange }).min(1, cm.yearsRange).max(30, cm.yearsRange),
    ),
    home: z.enum(['first', 'second']),
    commercialRate: z.unknown(),
    providentRate: z.unknown(),
  })
  .transform((v, ctx) => {
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const num = (path: string, schema: z.ZodType<number>, value: unknown): number => {
      const r = schema.safeParse(value);
      if (!r.success) issue(path, r.error.issues[0]?.message ?? '');
      return r.success ? r.data : 0;
    };
    let price = 0;
    if (v.priceMode === 'total') {
      const wan = num(
        'totalWan',
        positive(cm.priceRequired, cm.priceRange, CALCULATOR_LIMITS.maxPriceWan),
        v.totalWan,
      );
      price = wan * 10_000;
    } else {
      const unit = num(
        'unitPrice',
        positive(cm.unitPriceRequired, cm.unitPriceRange, CALCULATOR_LIMITS.maxUnitPrice),
        v.unitPrice,
      );
      const area = num(
        'area',
        positive(cm.areaRequired, cm.areaRange, CALCULATOR_LIMITS.maxArea),
        v.area,
      );
      price = unit * area;
    }
    const loan = Math.max(price * (1 - v.downCheng / 10), 0);
    const commercialRate =
      v.kind === 'provident' ? 0 : num('commercialRate', rateSchema, v.commercialRate);
    const providentRate =
      v.kind === 'commercial' ? 0 : num('providentRate', rateSchema, v.providentRate);
    let provident = v.kind === 'provident' ? loan : 0;
    if (v.kind === 'combined') {
      const wan = num(
        'providentWan',
        positive(cm.providentRequired, cm.providentRequired, CALCULATOR_LIMITS.maxPriceWan),
        v.providentWan,
      );
      provident = wan * 10_000;
      if (provident > loan + 0.005) issue('providentWan', cm.providentTooLarge);
    }
    return {
      kind: v.kind,
      home: v.home,
      years: v.years,
      downCheng: v.downCheng,
      price,
      loan,
      commercial: { principal: loan - provident, ratePercent: commercialRate, years: v.years },
      provident: { principal: provident, ratePercent: providentRate, years: v.years },
    };
  });
export type MortgageFormInput = z.input<typeof mortgageFormSchema>;
export type MortgageForm = z.output<typeof mortgageFormSchema>;

/** The 税费计算器's form: the price in 万元, the area, ownership and the seller's situation. */
export const resaleTaxFormSchema = z.object({
  priceWan: positive(cm.dealPriceRequired, cm.dealPriceRange, CALCULATOR_LIMITS.maxPriceWan),
  area: positive(cm.areaRequired, cm.areaRange, CALCULATOR_LIMITS.maxArea),
  buyerHome: z.enum(['first', 'second']),
  yearsOwned: z.preprocess(
    toNumber,
    z
      .number({ error: cm.yearsOwnedRange })
      .min(0, cm.yearsOwnedRange)
      .max(CALCULATOR_LIMITS.maxYearsOwned, cm.yearsOwnedRange),
  ),
  sellerOnlyHome: z.boolean(),
  originalPriceWan: z.preprocess(
    toNumber,
    z
      .number({ error: cm.originalPriceRange })
      .gt(0, cm.originalPriceRange)
      .max(CALCULATOR_LIMITS.maxPriceWan, cm.originalPriceRange)
      .optional(),
  ),
});
export type ResaleTaxFormInput = z.input<typeof resaleTaxFormSchema>;
export type ResaleTaxForm = z.output<typeof resaleTaxFormSchema>;
