/** Page model of the publish-property form (/publish/property, ?edit=): its steps and media. */
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './favorites-page';

/** A small JPEG, different for each `hue`. */
export async function photo(hue: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: hue, g: 120, b: 200 - hue / 2 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** The form's steps, as its stepper and the current step's section name them. */
export const PUBLISH_STEPS = ['基本信息', '房屋详情', '价格与地址', '图片视频'] as const;

export class PublishPropertyPage {
  readonly next: Locator;
  readonly media: Locator;
  readonly tiles: Locator;

  constructor(readonly page: Page) {
    this.next = page.getByRole('button', { name: '下一步' });
    this.media = page.getByTestId('chosen-media');
    this.tiles = this.media.getByTestId('media-tile');
  }

  /** Steps 1–3 with valid content, ending on step 4. */
  async fillValid(title: string): Promise<void> {
    await this.fillThroughStep3(title);
    await this.next.click();
  }

  /** Steps 1–3 with valid content (a sale), staying on step 3; a reopened draft starts over. */
  async fillThroughStep3(title: string): Promise<void> {
    await this.toFirstStep();
    await this.page.getByLabel('房源标题').fill(title);
    await this.next.click();
    await this.page.getByLabel('户型').fill('3室2厅1卫');
    await this.page.getByLabel('面积').fill('96');
    await this.page.getByLabel('房源描述').fill('南北通透，采光很好，小区绿化好，近菜市场。');
    await this.next.click();
    await this.page.getByLabel('售价').fill('88');
    await chooseOption(this.page, '所在区域', '凤麓街道');
    await this.page.getByLabel('详细地址').fill('抚仙路18号 3栋2单元301室');
  }

  /** Previous until step 1 (a draft reopens on the step it was on). */
  async toFirstStep(): Promise<void> {
    for (let step = await this.currentStep(); step > 1; step--) {
      await this.page.getByRole('button', { name: '上一步' }).click();
      await this.step(step - 1).waitFor({ timeout: 10_000 });
    }
  }

  /** Next until step 4 (the fields are already valid), from the step the form is on. */
  async toMediaStep(): Promise<void> {
    for (let step = await this.currentStep(); step < 4; step++) {
      await this.next.click();
      await this.step(step + 1).waitFor({ timeout: 10_000 });
    }
    await this.media.waitFor();
  }

  /** The section of step 1–4 (present while the form shows that step). */
  step(step: number): Locator {
    return this.page.getByRole('region', { name: PUBLISH_STEPS[step - 1] });
  }

  /** The step the form shows, 1–4. */
  async currentStep(): Promise<number> {
    const name = await this.page
      .locator('form section[aria-label]')
      .getAttribute('aria-label', { timeout: 10_000 });
    return PUBLISH_STEPS.indexOf(name as (typeof PUBLISH_STEPS)[number]) + 1;
  }

  async choosePhotos(names: readonly string[], firstHue = 0): Promise<void> {
    await this.page.getByLabel('选择图片或视频').setInputFiles(
      await Promise.all(
        names.map(async (name, i) => ({
          name,
          mimeType: 'image/jpeg',
          buffer: await photo(firstHue + i * 40),
        })),
      ),
    );
  }

  tile(source: 'server' | 'device'): Locator {
    return this.media.locator(`[data-testid="media-tile"][data-source="${source}"]`);
  }

  async remove(name: string): Promise<void> {
    await this.media.getByRole('button', { name: `移除 ${name}` }).click();
  }
}
