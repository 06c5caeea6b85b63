/**
 * How a picked photo is made small on the device (architecture §7): decoded with its EXIF
 * orientation applied, scaled so its longest side is at most PHOTO_PREPARED_LONG_EDGE, drawn onto
 * white (a transparent PNG gets the background the gateway gives it) and encoded as JPEG. The
 * encoder writes pixels only, so the camera's EXIF (location, camera, time) is not in the result.
 * Shared by the preparing worker (photo-prepare-worker.ts) and the page (photo-prepare.ts).
 */

/** The photo's content is not an image this browser can decode (damaged, or not a photo). */
export class UndecodablePhotoError extends Error {
  constructor(cause?: unknown) {
    super('the photo could not be decoded', { cause });
    this.name = 'UndecodablePhotoError';
  }
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a `width` × `height` photo is encoded at: scaled down, proportions kept, so its longest
 * side is at most `longEdge`; never enlarged.
 */
export function preparedSize({ width, height }: Size, longEdge: number): Size {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `name` with the extension of the JPEG it was encoded as (客厅.png → 客厅.jpg). */
export function preparedName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/** A 2D surface to draw on and encode: an OffscreenCanvas (worker) or a page's canvas. */
export interface PhotoSurface {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  toJpeg(quality: number): Promise<Blob>;
  /** Lets the surface's pixels go. */
  release(): void;
}

export interface EncodeOptions {
  longEdge: number;
  quality: number;
}

/** Decodes `blob` upright; an UndecodablePhotoError when it cannot be. */
export async function decodeUpright(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (err) {
    throw new UndecodablePhotoError(err);
  }
}

/**
 * The prepared JPEG of `blob` (see the module's header), drawn on the surface `surfaceOf` makes
 * for the prepared size.
 */
export async function encodePhoto(
  blob: Blob,
  surfaceOf: (size: Size) => PhotoSurface,
  { longEdge, quality }: EncodeOptions,
): Promise<Blob> {
  const bitmap = await decodeUpright(blob);
  const size = preparedSize(bitmap, longEdge);
  const surface = surfaceOf(size);
  try {
    const { context } = surface;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await surface.toJpeg(quality);
  } finally {
    bitmap.close();
    surface.release();
  }
}

/** A surface on an OffscreenCanvas (in a worker, or on a page that has one). */
export function offscreenSurface({ width, height }: Size): PhotoSurface {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('no 2d context on an OffscreenCanvas');
  return {
    context,
    toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
