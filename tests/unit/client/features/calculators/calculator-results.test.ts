/**
 * The calculators' results read as people in China read money (product §2 agent pages): 万 from
 * 1万 up, 元 below, without trailing zeros or fen. Rendered to HTML as the screens first render
 * them, from a listing's price in the address.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import MortgageCalculatorScreen from '@client/features/calculators/mortgage-calculator-screen';
import TaxCalculatorScreen from '@client/features/calculators/tax-calculator-screen';
import { textOf } from '../../../../helpers/html-text';

const render = (screen: () => React.ReactNode, url: string) =>
  textOf(
    renderToString(createElement(MemoryRouter, { initialEntries: [url] }, createElement(screen))),
  );

describe('the mortgage calculator', () => {
  it('shows a 200万 home with 3成 down as 200万, 60万 and 140万, and the monthly payment in 元', () => {
    const page = render(MortgageCalculatorScreen, '/tools/mortgage?price=2000000');
    // The results; the schedule below them is a ledger in 元 to the fen.
    const text = page.slice(0, page.indexOf('还款明细'));
    expect(text).toContain('房屋总价 200万');
    expect(text).toContain('首付 60万');
    expect(text).toContain('贷款总额 140万');
    // 1,400,000 at the reference rate over 30 years: a few thousand 元 a month, whole 元.
    expect(text).toMatch(/每月月供 \d,\d{3} 元/);
    expect(text).toMatch(/支付利息 \d+(\.\d{1,2})?万/);
    expect(text).not.toMatch(/\d{3}\.\d{2} ?元|,\d{3},\d{3}/);
    expect(page).toContain('单位：元');
  });
});

describe('the tax calculator', () => {
  it('shows the total and each tax in 万 or 元, never with fen', () => {
    const text = render(TaxCalculatorScreen, '/tools/tax?price=2000000&area=100');
    expect(text).toMatch(/税费合计（估算） \d+(\.\d{1,2})? 万 契税（买方） .* \d+(\.\d{1,2})?万/);
    expect(text).not.toMatch(/\d{3}\.\d{2} ?元|,\d{3},\d{3}/);
  });
});
