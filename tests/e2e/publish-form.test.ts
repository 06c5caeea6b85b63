/**
 * The publish form's step checks and its draft in real Chromium against the real gateway: a phone
 * gets its number pad in the fields that take numbers; a bad
 * 360° link is refused on step 3, where it is typed, with the model's message; a draft reloaded on
 * step 3 reopens on step 3 with its text and its photos. Each test has a browser (a device) of its
 * own, so one test's draft does not reopen in the other. Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { PROPERTY_FACT_LABELS } from '@couchdb/model/listing-fact-labels';
import { PROPERTY_FORM_MESSAGES } from '@couchdb/model/property-facts';
import { saveScreenshot, VIEWPORTS, type TestBrowser, type Viewport } from '../helpers/browser';
import { demoAccount } from './pages/browse-fixtures';
import { LoginPage } from './pages/login-page';
import { PublishPropertyPage, VALID_DETAILS } from './pages/publish-page';
import { useWorld } from './world';

const WAIT = { timeout: 15_000 };
const PANORAMA = '360°全景链接（选填）';

const world = useWorld();

/** A fresh device with the demo agent signed in, on the publish form. */
async function openPublishForm(browser: TestBrowser, viewport: Viewport) {
  const agent = demoAccount('agent');
  const page = await browser.openPage(`${world.url}/login`, viewport);
  const loginPage = new LoginPage(page);
  await loginPage.heading.waitFor(WAIT);
  await loginPage.login(agent.phone, agent.password);
  await page.waitForURL((url) => url.pathname === '/', WAIT);
  await page.goto(`${world.url}/publish/property`);
  const form = new PublishPropertyPage(page);
  await form.step(1).waitFor(WAIT);
  return { page, form };
}

describe('publish form steps', () => {
  it('asks a phone for its number pad in the fields that take numbers, step by step', async () => {
    const browser = await world.launch({ touch: true });
    const { page, form } = await openPublishForm(browser, VIEWPORTS.mobile);
    /** The keyboard a phone shows for a field: the input's own inputmode (none: letters). */
    const keyboard = (label: string) => page.getByLabel(label).getAttribute('inputmode');
    await form.fillBasics({ title: `数字键盘 ${Date.now() % 100000}` });
    await form.next.click();
    await form.step(2).waitFor(WAIT);
    expect({
      area: await keyboard('面积'),
      floor: await keyboard(PROPERTY_FACT_LABELS.floor),
      totalFloors: await keyboard(PROPERTY_FACT_LABELS.total_floors),
      yearBuilt: await keyboard(PROPERTY_FACT_LABELS.year_built),
      description: await keyboard('房源描述'),
    }).toEqual({
      area: 'decimal',
      floor: 'numeric',
      totalFloors: 'numeric',
      yearBuilt: 'numeric',
      description: null,
    });
    await form.fillDetails(VALID_DETAILS);
    await form.next.click();
    await form.step(3).waitFor(WAIT);
    expect({ price: await keyboard('售价'), phone: await keyboard('联系电话') }).toEqual({
      price: 'decimal',
      phone: 'tel',
    });
  });

  it('refuses a bad 360° link on step 3 with 请输入正确的链接格式 and stays on step 3', async () => {
    const browser = await world.launch();
    const { page, form } = await openPublishForm(browser, VIEWPORTS.mobile);
    await saveScreenshot(page, 'publish-form-step1-mobile');
    await form.fillThroughStep3(`全景链接 湖景两居 ${Date.now() % 100000}`);
    await page.getByLabel(PANORAMA).fill('not a url');
    await form.next.click();

    const message = form.step(3).getByText(PROPERTY_FORM_MESSAGES.panoramaUrl);
    await message.waitFor(WAIT);
    // The check has answered (its message is shown): the form is still on step 3.
    expect(await form.currentStep()).toBe(3);
    expect(await form.media.count()).toBe(0);
    expect(await page.getByLabel(PANORAMA).getAttribute('aria-invalid')).toBe('true');
    await saveScreenshot(page, 'publish-form-panorama-refused-mobile');

    // Typing clears the message; a good link goes on to the media step.
    await page.getByLabel(PANORAMA).fill('https://vr.example.com/lake');
    await message.waitFor({ state: 'detached', ...WAIT });
    await form.next.click();
    await form.step(4).waitFor(WAIT);
    await form.media.waitFor(WAIT);
  });

  it('opens each step at its top on a laptop, though the step before was scrolled down', async () => {
    const browser = await world.launch();
    const { page, form } = await openPublishForm(browser, VIEWPORTS.desktop);
    await form.fillBasics({ title: `换步回顶 湖景两居 ${Date.now() % 100000}` });
    await form.next.click();
    await form.step(2).waitFor(WAIT);
    await form.fillDetails(VALID_DETAILS);
    // Step 2 is longer than the window: its 下一步 is pressed from down the page.
    await form.next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await form.next.click();
    await form.step(3).waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBe(0);
    await page.getByRole('button', { name: '上一步' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '上一步' }).click();
    await form.step(2).waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBe(0);
  });

  it('reopens a draft reloaded on step 3 on step 3, with its text and its photos', async () => {
    const browser = await world.launch();
    const { page, form } = await openPublishForm(browser, VIEWPORTS.mobile);
    const title = `草稿第三步 凤麓三居 ${Date.now() % 100000}`;
    await form.fillValid(title);
    await form.choosePhotos(['step3-a.jpg', 'step3-b.jpg']);
    await expect.poll(() => form.tiles.count(), WAIT).toBe(2);
    await form.waitUntilKept();
    await page.getByRole('button', { name: '上一步' }).click();
    await form.step(3).waitFor(WAIT);

    await page.reload();
    await form.step(3).waitFor(WAIT);
    expect(await form.currentStep()).toBe(3);
    expect(await page.getByLabel('售价').inputValue()).toBe('88');
    expect(await page.getByLabel('详细地址').inputValue()).toBe('抚仙路18号 3栋2单元301室');

    // Its photos came back with their previews.
    await form.next.click();
    await form.media.waitFor(WAIT);
    await expect.poll(() => form.media.locator('img[src^="blob:"]').count(), WAIT).toBe(2);
    expect(
      await form.media.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toEqual(['step3-a.jpg', 'step3-b.jpg']);
    // And the earlier steps their text.
    await form.toFirstStep();
    expect(await page.getByLabel('房源标题').inputValue()).toBe(title);
  });
});
