import type { Property } from '@couchdb/model/property';

/** The cover photo's thumbnail (is_cover, else the first image), or null. */
export function coverImage(images: Property['images'] | undefined): string | null {
  if (!images || images.length === 0) return null;
  const cover = images.find((i) => i.is_cover) ?? images[0];
  return cover?.thumbnail_url || cover?.url || null;
}

/** The cover photo itself (the one its thumbnail was made of), or null: sized copies come from it. */
export function coverPhoto(images: Property['images'] | undefined): string | null {
  if (!images || images.length === 0) return null;
  const cover = images.find((i) => i.is_cover) ?? images[0];
  return cover?.url || null;
}
