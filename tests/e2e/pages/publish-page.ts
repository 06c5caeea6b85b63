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
    await this.page.getByLabel('房源标题').fill(title);
    await this.next.click();
    await this.page.getByLabel('户型').fill('3室2厅1卫');
    await this.page.getByLabel('面积').fill('96');
    await this.page.getByLabel('房源描述').fill('南北通透，采光很好，小区绿化好，近菜市场。');
    await this.next.click();
    await this.page.getByLabel('售价').fill('88');
    await chooseOption(this.page, '所在区域', '凤麓街道');
    await this.page.getByLabel('详细地址').fill('抚仙路18号 3栋2单元301室');
    await this.next.click();
  }

  /** Next until step 4 (the fields are already valid). */
  async toMediaStep(): Promise<void> {
    for (let i = 0; i < 3; i++) await this.next.click();
    await this.media.waitFor();
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
