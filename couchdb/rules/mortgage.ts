/**
 * 房贷计算器 (issue 15 item 4, architecture §12): 等额本息 and 等额本金 for a commercial, 公积金 or
 * combined loan, the loan from the price and the down payment, and the reference rates. Pure and
 * zod-free: the calculator runs on the device, offline. Amounts are 元; rates are yearly percents.
 */
import type { LoanRates } from '../model/setting-facts';
import { groupDigits } from './format';

/** The longest term the calculator offers (years). */
export const MAX_LOAN_YEARS = 30;
/** 公积金 rates change at this term: ≤ 5 years is the lower rate (architecture §12). */
export const PROVIDENT_SHORT_TERM_YEARS = 5;

export type LoanKind = 'commercial' | 'provident' | 'combined';
export type RepaymentMethod = 'equal_installment' | 'equal_principal';
export type HomeOrder = 'first' | 'second';

export const LOAN_KIND_LABELS: Record<LoanKind, string> = {
  commercial: '商业贷款',
  provident: '公积金贷款',
  combined: '组合贷款',
};
export const REPAYMENT_LABELS: Record<RepaymentMethod, string> = {
  equal_installment: '等额本息',
  equal_principal: '等额本金',
};
export const HOME_ORDER_LABELS: Record<HomeOrder, string> = {
  first: '首套房',
  second: '二套房',
};

/** Rounds an amount to the fen (0.01 元) for display. */
export function roundFen(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** One month of a schedule (unrounded; round with roundFen to show). */
export interface ScheduleRow {
  /** 1-based month number. */
  month: number;
  payment: number;
  principal: number;
  interest: number;
  /** What is still owed after this month's payment. */
  balance: number;
}

/** A repayment plan for one loan and one method. */
export interface RepaymentPlan {
  method: RepaymentMethod;
  principal: number;
  months: number;
  /** The first month's payment (every month's for 等额本息). */
  firstPayment: number;
  /** How much each month's payment falls (0 for 等额本息). */
  monthlyDecrease: number;
  totalInterest: number;
  totalPayment: number;
  schedule: ScheduleRow[];
}

/** A loan: amount in 元, yearly rate in percent (3.05 for 3.05%), term in years. */
export interface LoanTerms {
  principal: number;
  ratePercent: number;
  years: number;
}

function monthsOf(years: number): number {
  return Math.round(years * 12);
}

/** 等额本息: the same payment every month, M = P·r·(1+r)^n / ((1+r)^n − 1). */
export function equalInstallment({ principal, ratePercent, years }: LoanTerms): RepaymentPlan {
  const n = monthsOf(years);
  const r = ratePercent / 100 / 12;
  const payment =
    n === 0 || principal <= 0
      ? 0
      : r === 0
        ? principal / n
        : (principal * r * (1 + r) ** n) / ((1 + r) ** n - 1);
  const schedule: ScheduleRow[] = [];
  let balance = principal;
  for (let month = 1; month <= n && principal > 0; month++) {
    const interest = balance * r;
    const paid = payment - interest;
    balance = month === n ? 0 : balance - paid;
    schedule.push({ month, payment, principal: paid, interest, balance: Math.max(balance, 0) });
  }
  const totalPayment = payment * n;
  return {
    method: 'equal_installment',
    principal,
    months: n,
    firstPayment: payment,
    monthlyDecrease: 0,
    totalInterest: Math.max(totalPayment - principal, 0),
    totalPayment,
    schedule,
  };
}

/** 等额本金: the same principal every month plus the interest on what is still owed. */
export function equalPrincipal({ principal, ratePercent, years }: LoanTerms): RepaymentPlan {
  const n = monthsOf(years);
  const r = ratePercent / 100 / 12;
  const part = n === 0 || principal <= 0 ? 0 : principal / n;
  const schedule: ScheduleRow[] = [];
  let balance = principal;
  for (let month = 1; month <= n && principal > 0; month++) {
    const interest = balance * r;
    balance = month === n ? 0 : balance - part;
    schedule.push({ month, payment: part + interest, principal: part, interest, balance });
  }
  // Σ interest = P·r·(n+1)/2, exactly (the schedule's sum only up to float error).
  const totalInterest = n === 0 ? 0 : (principal * r * (n + 1)) / 2;
  return {
    method: 'equal_principal',
    principal,
    months: n,
    firstPayment: part + principal * r,
    monthlyDecrease: part * r,
    totalInterest,
    totalPayment: principal + totalInterest,
    schedule,
  };
}

/** Plans the loan with the given method. */
export function repaymentPlan(method: RepaymentMethod, terms: LoanTerms): RepaymentPlan {
  return method === 'equal_installment' ? equalInstallment(terms) : equalPrincipal(terms);
}

/**
 * A combined loan (组合贷款) is its commercial and 公积金 parts repaid side by side over the same
 * term: every figure and every month is the sum of the two.
 */
export function combinePlans(a: RepaymentPlan, b: RepaymentPlan): RepaymentPlan {
  const months = Math.max(a.months, b.months);
  const schedule: ScheduleRow[] = [];
  for (let i = 0; i < months; i++) {
    const x = a.schedule[i];
    const y = b.schedule[i];
    schedule.push({
      month: i + 1,
      payment: (x?.payment ?? 0) + (y?.payment ?? 0),
      principal: (x?.principal ?? 0) + (y?.principal ?? 0),
      interest: (x?.interest ?? 0) + (y?.interest ?? 0),
      balance: (x?.balance ?? 0) + (y?.balance ?? 0),
    });
  }
  return {
    method: a.method,
    principal: a.principal + b.principal,
    months,
    firstPayment: a.firstPayment + b.firstPayment,
    monthlyDecrease: a.monthlyDecrease + b.monthlyDecrease,
    totalInterest: a.totalInterest + b.totalInterest,
    totalPayment: a.totalPayment + b.totalPayment,
    schedule,
  };
}

/** The reference yearly rate (percent) for a loan kind, home order and term (architecture §12). */
export function referenceRate(
  rates: LoanRates,
  kind: Exclude<LoanKind, 'combined'>,
  home: HomeOrder,
  years: number,
): number {
  if (kind === 'commercial') return commercialRatePercent(rates.lprPercent, rates.basisPoints);
  const short = years <= PROVIDENT_SHORT_TERM_YEARS;
  if (home === 'first') return short ? rates.providentFirstShort : rates.providentFirstLong;
  return short ? rates.providentSecondShort : rates.providentSecondLong;
}

/** The commercial loan rate: the LPR plus 基点 (1 BP = 0.01%), to 3 decimals. */
export function commercialRatePercent(lprPercent: number, basisPoints: number): number {
  return Math.round((lprPercent + basisPoints / 100) * 1000) / 1000;
}

/** The minimum down payment (percent of the price) for a loan kind and home order. */
export function minDownPaymentPercent(rates: LoanRates, kind: LoanKind, home: HomeOrder): number {
  const provident = home === 'first' ? rates.minDownProvidentFirst : rates.minDownProvidentSecond;
  if (kind === 'commercial') return rates.minDownCommercial;
  if (kind === 'provident') return provident;
  return Math.max(rates.minDownCommercial, provident);
}

/** The price in 元: a total in 万元, or 单价 (元/㎡) × 面积 (㎡). */
export function housePrice(
  input: { mode: 'total'; totalWan: number } | { mode: 'unit'; unitPrice: number; area: number },
): number {
  return input.mode === 'total' ? input.totalWan * 10_000 : input.unitPrice * input.area;
}

/** The loan after a down payment given in 成 (tenths of the price). */
export function loanAmount(price: number, downPaymentCheng: number): number {
  return Math.max(price * (1 - downPaymentCheng / 10), 0);
}

/** An amount in 元 as shown: rounded to the fen, grouped (4243.0544 → '4,243.05'). */
export function formatFen(amount: number): string {
  return groupDigits(roundFen(amount), 2);
}

/** The calculator's starting plan, and a sale listing's estimate: 3成 down, 30 years, 商业贷款, 首套. */
export const DEFAULT_LOAN_PLAN = {
  downPaymentCheng: 3,
  years: MAX_LOAN_YEARS,
  kind: 'commercial',
  home: 'first',
  method: 'equal_installment',
} as const satisfies {
  downPaymentCheng: number;
  years: number;
  kind: LoanKind;
  home: HomeOrder;
  method: RepaymentMethod;
};

/** A sale listing's 首付 and 月供 (DEFAULT_LOAN_PLAN at the reference rates), unrounded 元. */
export interface ListingLoanEstimate {
  downPayment: number;
  loan: number;
  ratePercent: number;
  years: number;
  monthlyPayment: number;
}

/** The detail page's estimate for a price in 元 with the admin-set reference rates. */
export function listingLoanEstimate(price: number, rates: LoanRates): ListingLoanEstimate {
  const { downPaymentCheng, years, kind, home, method } = DEFAULT_LOAN_PLAN;
  const loan = loanAmount(price, downPaymentCheng);
  const ratePercent = referenceRate(rates, kind, home, years);
  const plan = repaymentPlan(method, { principal: loan, ratePercent, years });
  return {
    downPayment: price - loan,
    loan,
    ratePercent,
    years,
    monthlyPayment: plan.firstPayment,
  };
}
