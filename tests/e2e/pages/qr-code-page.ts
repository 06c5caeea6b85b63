/** /qr-code (推广二维码): the promotion link, the QR canvas, its size slider, copy and download. */
import type { Locator, Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { UI_WAIT } from '../../helpers/browser';

export class QrCodePage {
  readonly heading: Locator;
  readonly canvas: Locator;
  readonly link: Locator;
  readonly slider: Locator;
  readonly downloadButton: Locator;
  readonly copyButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '推广二维码' });
    this.canvas = page.getByTestId('qr-canvas');
    this.link = page.getByTestId('promotion-link');
    this.slider = page.getByRole('slider');
    this.downloadButton = page.getByRole('button', { name: '下载二维码' });
    this.copyButton = page.getByRole('button', { name: '复制链接' });
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/qr-code`);
    await this.heading.waitFor(UI_WAIT);
    await this.canvas.waitFor(UI_WAIT);
  }

  async promotionLink(): Promise<string> {
    return this.link.inputValue();
  }

  /** The canvas's pixel size (its width attribute). */
  async size(): Promise<number> {
    return Number(await this.canvas.getAttribute('width'));
  }

  /** What the code on the screen says, decoded from the canvas pixels. */
  async decodeShown(): Promise<string | null> {
    const { width, height, data } = await this.canvas.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      return { width: img.width, height: img.height, data: Array.from(img.data) };
    });
    return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
  }

  /**
   * Whether the code on the screen says the link shown beside it. The code is drawn just after
   * the link changes (e.g. when the account's own data arrives), so a test waits for this first.
   */
  async codeSaysLink(): Promise<boolean> {
    return (await this.decodeShown()) === (await this.promotionLink());
  }

  /** Downloads the code and returns the file's bytes and name. */
  async download(): Promise<{ bytes: Buffer; name: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', UI_WAIT),
      this.downloadButton.click(),
    ]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    return { bytes: await readFile(file), name: download.suggestedFilename() };
  }
}

/** Decodes the QR code in a PNG; also returns its pixel size. */
export async function decodePng(
  bytes: Buffer,
): Promise<{ text: string | null; width: number; height: number }> {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const text = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
  return { text, width: info.width, height: info.height };
}
