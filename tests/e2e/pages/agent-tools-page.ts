/** Page models of /tools (the agent's tool cards) and the two calculators, /tools/mortgage and /tools/tax. */
import type { Locator, Page } from 'playwright-core';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import type { RepaymentMethod } from '@couchdb/rules/mortgage';
import { saveScreenshot } from '../../helpers/browser';

/** Picks an option of an MUI select and waits until its menu has closed. */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** A full-page screenshot from the top (the sticky header stays where it belongs). */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

export class ToolsPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly denial: Locator;
  readonly profileLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: '经纪人工具' });
    this.cards = page.getByTestId('tool-card');
    this.denial = page.getByText(ACCESS_MESSAGES.agentOnlyPage);
    this.profileLink = page.getByRole('link', { name: '前往个人中心' });
  }

  /** A card that opens its tool. */
  tool(title: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${title}`) });
  }

  /** The cards that open a tool (a link each). */
  links(): Locator {
    return this.cards.getByRole('link');
  }
}

export class MortgageCalculatorPage {
  readonly heading: Locator;
  readonly totalPrice: Locator;
  readonly downPayment: Locator;
  readonly years: Locator;
  readonly commercialRate: Locator;
  readonly providentRate: Locator;
  /** A combined loan's 公积金 part (万元). */
  readonly providentPart: Locator;
  readonly loanAmount: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: '房贷计算器' });
    this.totalPrice = page.getByRole('textbox', { name: '房屋总价' });
    this.downPayment = page.getByRole('combobox', { name: '首付' });
    this.years = page.getByRole('combobox', { name: '贷款年限' });
    this.commercialRate = page.getByRole('textbox', { name: '商贷年利率' });
    this.providentRate = page.getByRole('textbox', { name: '公积金年利率' });
    this.providentPart = page.getByRole('textbox', { name: '其中公积金贷款' });
    this.loanAmount = page.getByTestId('loan-amount');
  }

  async goto(base: string, query = ''): Promise<void> {
    await this.page.goto(`${base}/tools/mortgage${query}`);
    await this.heading.waitFor();
  }

  /** Picks an option of one of the form's selects (首付, 贷款年限). */
  choose(select: Locator, option: string): Promise<void> {
    return chooseOption(this.page, select, option);
  }

  /** A repayment method's result card. */
  plan(method: RepaymentMethod): Locator {
    return this.page.getByTestId(`plan-${method}`);
  }

  /** The first (for 等额本息 every) month's payment of a method. */
  firstPayment(method: RepaymentMethod): Locator {
    return this.plan(method).getByTestId('first-payment');
  }
}

export class TaxCalculatorPage {
  readonly heading: Locator;
  readonly price: Locator;
  readonly area: Locator;
  readonly total: Locator;
  readonly ownership: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: '税费计算器' });
    this.ownership = page.getByRole('combobox', { name: '卖方持有年限' });
    this.price = page.getByRole('textbox', { name: '成交价' });
    this.area = page.getByRole('textbox', { name: '建筑面积' });
    this.total = page.getByTestId('tax-total');
  }
}
