/**
 * The listing poster (房源海报): its button on the detail page and on 我的房源 cards, the dialog
 * with the PNG preview, 保存图片; and reading the saved PNG in Node (the QR code, the cover's colour).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { POSTER_MESSAGES } from '@couchdb/model/poster-facts';
import { POSTER_QR } from '@couchdb/rules/poster';
import { deviceListings } from './device-listings';
import { UI_WAIT } from '../../helpers/browser';

export class PosterDialog {
  readonly dialog: Locator;
  readonly image: Locator;
  readonly fallbackNote: Locator;
  readonly saveButton: Locator;
  readonly closeButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: POSTER_MESSAGES.title });
    this.image = this.dialog.getByTestId('poster-image');
    this.fallbackNote = this.dialog.getByTestId('poster-fallback');
    this.saveButton = this.dialog.getByRole('button', { name: POSTER_MESSAGES.save });
    this.closeButton = this.dialog.getByRole('button', { name: '关闭', exact: true });
  }

  /** The 生成海报 buttons within `scope` (the page by default). */
  buttons(scope: Page | Locator = this.page): Locator {
    return scope.getByRole('button', { name: POSTER_MESSAGES.button });
  }

  /** Presses 生成海报 (the only one in `scope`) and waits for the finished preview. */
  async open(scope: Page | Locator = this.page): Promise<void> {
    await this.buttons(scope).click();
    await this.image.waitFor(UI_WAIT);
    await this.page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await this.image.elementHandle(),
      UI_WAIT,
    );
  }

  /** Saves the poster and returns the file's bytes and name. */
  async download(): Promise<{ bytes: Buffer; name: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', UI_WAIT),
      this.saveButton.click(),
    ]);
    return { bytes: await readFile(await download.path()), name: download.suggestedFilename() };
  }

  async close(): Promise<void> {
    await this.closeButton.click();
    await this.dialog.waitFor({ state: 'detached', ...UI_WAIT });
  }
}

/** What a poster PNG holds: its size, the QR code's text and the colour in the cover band. */
export async function readPoster(bytes: Buffer): Promise<{
  width: number;
  height: number;
  qr: string | null;
  /** The RGB of a point of the cover band clear of the badge, glyph and township text. */
  coverPixel: [number, number, number];
}> {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  // jsQR looks for the code in the QR box (with a margin), as a phone's camera would frame it.
  const margin = 16;
  const box = {
    left: POSTER_QR.x - margin,
    top: POSTER_QR.y - margin,
    width: POSTER_QR.size + margin * 2,
    height: POSTER_QR.size + margin * 2,
  };
  const crop = await sharp(bytes).extract(box).ensureAlpha().raw().toBuffer();
  const qr = jsQR(new Uint8ClampedArray(crop), box.width, box.height)?.data ?? null;
  return { width: info.width, height: info.height, qr, coverPixel: at(600, 400) };
}

/**
 * True once the page's IndexedDB (the device's store) holds listing `id` with every field of
 * `fields` as given (e.g. an approved listing, not the pending version its owner pulled first).
 */
export async function deviceHolds(
  page: Page,
  id: string,
  fields: Record<string, string> = {},
): Promise<boolean> {
  return Object.values(await deviceListings(page)).some((held) =>
    held.some(
      (doc) => doc.id === id && Object.entries(fields).every(([key, value]) => doc[key] === value),
    ),
  );
}

/** True once the service worker's caches hold a response for this same-origin path. */
export async function cacheHolds(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (p) => Boolean(await caches.match(p)), path);
}
