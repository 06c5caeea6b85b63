/**
 * The agent's /tools page and the two calculators (issue 15 item 4) in real Chromium against the
 * real gateway (embedded store, demo data): an agent opens the mortgage calculator from /tools and
 * gets the figures, a user is refused /tools, and a sale listing opens the calculator
 * prefilled with its price. Run `npm run build` first (`npm run test:e2e` does).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Property } from '@couchdb/model/property';
import { formatMoney } from '@couchdb/rules/format';
import { equalInstallment } from '@couchdb/rules/mortgage';
import { explainFailure, SCREENSHOT_DIR, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { serverDocs } from '../helpers/sync-api';
import {
  chooseOption,
  MortgageCalculatorPage,
  screenshotFromTop,
  TaxCalculatorPage,
  ToolsPage,
} from './pages/agent-tools-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 180_000 });

/** Where a viewport screenshot (not a full page) goes, next to the others. */
async function screenshotPath(name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

const world = useWorld({ devices: ['agent', 'user', 'visitor'] });

describe('/tools', () => {
  it('an agent opens the mortgage calculator and gets 4,243元 and 5,319元 a month for 100万 over 30 years at 3.05%', async () => {
    const page = await world.signedIn(world.devices.agent, 'agent', {
      path: '/tools',
    });
    const tools = new ToolsPage(page);
    await tools.heading.waitFor();
    await expect.poll(() => tools.cards.count(), UI_WAIT).toBe(8);
    // Every tool works: each card opens its page.
    expect(await tools.links().count()).toBe(8);
    await screenshotFromTop(page, 'agent-tools-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshotFromTop(page, 'agent-tools-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    await tools.tool('房贷计算器').click();
    const calc = new MortgageCalculatorPage(page);
    await calc.heading.waitFor();
    await calc.totalPrice.fill('100');
    await calc.choose(calc.downPayment, '零首付');
    await calc.choose(calc.years, '30年（360期）');
    await calc.commercialRate.fill('3.05');

    await calc.loanAmount.filter({ hasText: '100万' }).waitFor();
    await calc.firstPayment('equal_installment').filter({ hasText: '4,243元' }).waitFor();
    await calc.firstPayment('equal_principal').filter({ hasText: '5,319元' }).waitFor();
    expect(await calc.plan('equal_principal').getByTestId('monthly-decrease').textContent()).toBe(
      '7.06元',
    );
    expect(await calc.plan('equal_installment').getByTestId('total-interest').textContent()).toBe(
      '52.75万',
    );
    expect(await calc.plan('equal_principal').getByTestId('total-interest').textContent()).toBe(
      '45.88万',
    );
    // A zero down payment is below the commercial minimum: said, not refused.
    await page.getByTestId('down-payment-warning').waitFor();

    // Combined: 50万 of it 公积金 at the reference 2.6% (first home, 30 years), the rest commercial.
    await page.getByRole('button', { name: '组合贷款' }).click();
    await calc.providentPart.fill('50');
    expect(await calc.providentRate.inputValue()).toBe('2.6');
    const combined =
      equalInstallment({ principal: 500_000, ratePercent: 3.05, years: 30 }).firstPayment +
      equalInstallment({ principal: 500_000, ratePercent: 2.6, years: 30 }).firstPayment;
    await calc
      .firstPayment('equal_installment')
      .filter({ hasText: formatMoney(combined) })
      .waitFor();
    await page.getByRole('button', { name: '商业贷款' }).click();
    await calc.firstPayment('equal_installment').filter({ hasText: '4,243元' }).waitFor();

    // The schedule, a year at a time: month 13 is on the second year's page.
    await page.getByRole('button', { name: /还款明细/ }).click();
    const schedule = page.getByRole('table', { name: '等额本息还款明细' });
    await explainFailure(page, 'agent-mortgage-schedule', async () => {
      await schedule.getByRole('cell', { name: '12', exact: true }).waitFor();
      // The panel opens with an animation: the page button is clicked once it has ended (clicked
      // while the panel still moved, the press and the release landed on different elements and
      // the click went to the panel, not the button: 2 of 14 runs).
      await page.locator('.MuiCollapse-entered').filter({ has: schedule }).waitFor();
      await page.getByRole('button', { name: '第2年' }).click();
      await schedule.getByRole('cell', { name: '13', exact: true }).waitFor();
    });
    await screenshotFromTop(page, 'agent-mortgage-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshotFromTop(page, 'agent-mortgage-mobile');

    // The tax calculator: 100万, 150 ㎡ second home held under 2 years, no original price.
    await page.goto(`${world.url}/tools/tax`);
    const tax = new TaxCalculatorPage(page);
    await tax.heading.waitFor();
    await tax.price.fill('100');
    await tax.area.fill('150');
    await page.getByRole('button', { name: '二套房' }).click();
    await chooseOption(page, tax.ownership, '不满2年');
    // 契税 2% + 增值税 5% + 个税 1% of the price (not 满五唯一).
    await tax.total.filter({ hasText: formatMoney(80_000) }).waitFor();
    await screenshotFromTop(page, 'agent-tax-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshotFromTop(page, 'agent-tax-desktop');
  });

  it('a user sees the agents-only denial with a link to /profile', async () => {
    const page = await world.signedIn(world.devices.user, 'user', {
      path: '/tools',
    });
    const tools = new ToolsPage(page);
    await tools.denial.waitFor();
    expect(await tools.cards.count()).toBe(0);
    await screenshotFromTop(page, 'agent-tools-denied-desktop');
    await tools.profileLink.click();
    await page.waitForURL(`${world.url}/profile`, UI_WAIT);
  });
});

describe('a sale listing', () => {
  it('opens the mortgage calculator prefilled with its price, for a visitor, offline', async () => {
    const listings = [...(await serverDocs<Property>(world.url, null, 'properties')).values()];
    const sale = listings.find(
      (p) =>
        p.type === 'sale' && p.status === 'active' && p.audit_status === 'approved' && p.price > 0,
    )!;
    const page = await world.devices.visitor.openPage(`${world.url}/`, VIEWPORTS.mobile);
    await new PwaChrome(page).waitForServiceWorker();
    const detail = new PropertyDetailPage(page);
    await detail.goto(world.url, sale.id);
    // The calculators are arithmetic on the device: no network needed (the service worker has
    // the screens' chunks).
    const entry = page.getByRole('link', { name: '房贷计算' });
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: await screenshotPath('agent-detail-loan-entry-mobile') });
    await world.devices.visitor.context.setOffline(true);
    try {
      await entry.click();
      const calc = new MortgageCalculatorPage(page);
      await calc.heading.waitFor();
      expect(new URL(page.url()).searchParams.get('price')).toBe(String(sale.price));
      expect(await calc.totalPrice.inputValue()).toBe(String(sale.price / 10_000));
      // The default down payment is 3成: the loan is 70% of the price.
      await calc.loanAmount.filter({ hasText: formatMoney(sale.price * 0.7) }).waitFor();
      await calc.firstPayment('equal_installment').waitFor();

      await page.goto(`${world.url}/tools/tax?price=${sale.price}&area=${sale.area}`);
      const tax = new TaxCalculatorPage(page);
      await tax.heading.waitFor();
      expect(await tax.price.inputValue()).toBe(String(sale.price / 10_000));
      await tax.total.waitFor();
    } finally {
      await world.devices.visitor.context.setOffline(false);
    }
  });
});
