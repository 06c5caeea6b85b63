import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_RATES } from '@couchdb/model/setting-facts';
import {
  combinePlans,
  equalInstallment,
  equalPrincipal,
  housePrice,
  listingLoanEstimate,
  loanAmount,
  minDownPaymentPercent,
  referenceRate,
  roundFen,
} from '@couchdb/rules/mortgage';

const million30 = { principal: 1_000_000, ratePercent: 3.05, years: 30 };

describe('房贷计算器 (issue 15 vectors)', () => {
  it('等额本息: 1,000,000 元, 30 years, 3.05% → 4,243.05 a month, 527,499.59 interest', () => {
    const plan = equalInstallment(million30);
    expect(plan.months).toBe(360);
    expect(roundFen(plan.firstPayment)).toBe(4243.05);
    expect(roundFen(plan.totalInterest)).toBe(527499.59);
    expect(plan.monthlyDecrease).toBe(0);
    expect(plan.schedule).toHaveLength(360);
    expect(plan.schedule.every((row) => roundFen(row.payment) === 4243.05)).toBe(true);
    expect(plan.schedule[359]?.balance).toBe(0);
    const interest = plan.schedule.reduce((sum, row) => sum + row.interest, 0);
    expect(roundFen(interest)).toBeCloseTo(527499.59, 1);
  });

  it('等额本金: first month 5,319.44, falling by 7.06, 458,770.83 interest', () => {
    const plan = equalPrincipal(million30);
    expect(roundFen(plan.firstPayment)).toBe(5319.44);
    expect(roundFen(plan.monthlyDecrease)).toBe(7.06);
    expect(roundFen(plan.totalInterest)).toBe(458770.83);
    expect(roundFen(plan.schedule[0]!.payment)).toBe(5319.44);
    expect(roundFen(plan.schedule[0]!.payment - plan.schedule[1]!.payment)).toBe(7.06);
    // The last month: the principal part plus one month's interest on it.
    expect(roundFen(plan.schedule[359]!.payment)).toBe(roundFen(2777.7778 * (1 + 0.0305 / 12)));
    const interest = plan.schedule.reduce((sum, row) => sum + row.interest, 0);
    expect(roundFen(interest)).toBe(458770.83);
  });

  it('公积金: 500,000 元 over 30 years at 2.6% → 2,001.70 a month', () => {
    const plan = equalInstallment({ principal: 500_000, ratePercent: 2.6, years: 30 });
    expect(roundFen(plan.firstPayment)).toBe(2001.7);
  });

  it('a combined loan is the sum of its two parts, month by month', () => {
    const commercial = { principal: 1_000_000, ratePercent: 3.05, years: 30 };
    const provident = { principal: 500_000, ratePercent: 2.6, years: 30 };
    for (const plan of [equalInstallment, equalPrincipal]) {
      const a = plan(commercial);
      const b = plan(provident);
      const both = combinePlans(a, b);
      expect(both.principal).toBe(1_500_000);
      expect(both.firstPayment).toBeCloseTo(a.firstPayment + b.firstPayment, 9);
      expect(both.totalInterest).toBeCloseTo(a.totalInterest + b.totalInterest, 9);
      expect(both.monthlyDecrease).toBeCloseTo(a.monthlyDecrease + b.monthlyDecrease, 9);
      expect(both.schedule).toHaveLength(360);
      expect(both.schedule[100]!.payment).toBeCloseTo(
        a.schedule[100]!.payment + b.schedule[100]!.payment,
        9,
      );
    }
    expect(
      roundFen(
        combinePlans(equalInstallment(commercial), equalInstallment(provident)).firstPayment,
      ),
    ).toBe(roundFen(4243.054403969123 + 2001.6985576818518));
  });

  it('a zero rate repays the principal evenly; no loan gives an empty plan', () => {
    expect(equalInstallment({ principal: 120_000, ratePercent: 0, years: 10 }).firstPayment).toBe(
      1000,
    );
    expect(equalInstallment({ principal: 120_000, ratePercent: 0, years: 10 }).totalInterest).toBe(
      0,
    );
    const none = equalPrincipal({ principal: 0, ratePercent: 3, years: 30 });
    expect(none.schedule).toHaveLength(0);
    expect(none.firstPayment).toBe(0);
  });
});

describe('reference rates and the loan (architecture §12)', () => {
  it('commercial = LPR + 基点; 公积金 by home and term (≤ 5 years lower)', () => {
    expect(referenceRate(DEFAULT_LOAN_RATES, 'commercial', 'first', 30)).toBe(3.5);
    expect(
      referenceRate({ ...DEFAULT_LOAN_RATES, basisPoints: -45 }, 'commercial', 'second', 30),
    ).toBe(3.05);
    expect(referenceRate(DEFAULT_LOAN_RATES, 'provident', 'first', 30)).toBe(2.6);
    expect(referenceRate(DEFAULT_LOAN_RATES, 'provident', 'first', 6)).toBe(2.6);
    expect(referenceRate(DEFAULT_LOAN_RATES, 'provident', 'first', 5)).toBe(2.1);
    expect(referenceRate(DEFAULT_LOAN_RATES, 'provident', 'second', 30)).toBe(3.075);
    expect(referenceRate(DEFAULT_LOAN_RATES, 'provident', 'second', 5)).toBe(2.525);
  });

  it('minimum down payments: 15% commercial, 公积金 20% first / 30% second', () => {
    expect(minDownPaymentPercent(DEFAULT_LOAN_RATES, 'commercial', 'second')).toBe(15);
    expect(minDownPaymentPercent(DEFAULT_LOAN_RATES, 'provident', 'first')).toBe(20);
    expect(minDownPaymentPercent(DEFAULT_LOAN_RATES, 'provident', 'second')).toBe(30);
    expect(minDownPaymentPercent(DEFAULT_LOAN_RATES, 'combined', 'first')).toBe(20);
  });

  it('price as a total in 万 or 单价 × 面积; the down payment in 成', () => {
    expect(housePrice({ mode: 'total', totalWan: 100 })).toBe(1_000_000);
    expect(housePrice({ mode: 'unit', unitPrice: 8000, area: 125 })).toBe(1_000_000);
    expect(loanAmount(1_000_000, 3)).toBe(700_000);
    expect(loanAmount(1_000_000, 0)).toBe(1_000_000);
    expect(loanAmount(1_000_000, 1.5)).toBe(850_000);
  });
});

describe('a sale listing’s estimate (issue 18)', () => {
  it('3成 down, 30 years, the commercial reference rate: 1,000,000 元 at LPR 3.05% → 4,243.05 a month', () => {
    const estimate = listingLoanEstimate(1_428_571.43, { ...DEFAULT_LOAN_RATES, lprPercent: 3.05 });
    expect(roundFen(estimate.downPayment)).toBe(428_571.43);
    expect(roundFen(estimate.loan)).toBe(1_000_000);
    expect(estimate.ratePercent).toBe(3.05);
    expect(estimate.years).toBe(30);
    expect(roundFen(estimate.monthlyPayment)).toBe(4243.05);
  });

  it('follows the admin’s 基点 and the price', () => {
    const estimate = listingLoanEstimate(880_000, { ...DEFAULT_LOAN_RATES, basisPoints: -45 });
    expect(estimate.ratePercent).toBe(3.05);
    expect(estimate.downPayment).toBe(264_000);
    expect(roundFen(estimate.monthlyPayment)).toBe(
      roundFen(equalInstallment({ principal: 616_000, ratePercent: 3.05, years: 30 }).firstPayment),
    );
  });
});
