/**
 * The photos' sized copies: its own module, because every card of the first screen asks for them
 * and needs none of the upload rules (media-facts.ts).
 */

/**
 * The widths (px) a stored photo is also served at, as WebP: /media/w<width>/<photo's name>, made
 * from the stored photo on its first request and kept (sync-server/media/photo-variants.ts).
 * Only these widths: the sizes a card (small) and a full-width photo (large) ask for.
 */
export const PHOTO_VARIANT_WIDTHS = [480, 960] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];

export const PHOTO_VARIANT_MESSAGES = {
  unknownWidth: (width: string) =>
    `不支持的图片宽度：${width}（可用：${PHOTO_VARIANT_WIDTHS.join('、')}）`,
} as const;

/** A stored photo's name (content-addressed: its sha256 and the extension it was stored under). */
export const STORED_PHOTO_NAME = /^[0-9a-f]{64}\.(?:jpg|png|webp)$/;

/** `url`'s copy `width` pixels wide, or null when `url` is not a photo stored by the gateway. */
export function photoVariantUrl(url: string, width: PhotoVariantWidth): string | null {
  const name = /^\/media\/([^/]+)$/.exec(url)?.[1];
  return name && STORED_PHOTO_NAME.test(name) ? `/media/w${width}/${name}` : null;
}
