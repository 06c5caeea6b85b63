import type { Property } from '@couchdb/model/property';

/** The cover photo's thumbnail (is_cover, else the first image), or null. */
export function coverImage(images: Property['images'] | undefined): string | null {
  if (!images || images.length === 0) return null;
  const cover = images.find((i) => i.is_cover) ?? images[0];
  return cover?.thumbnail_url || cover?.url || null;
}
