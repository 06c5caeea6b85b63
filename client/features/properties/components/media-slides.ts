/** The detail page's carousel slides from a listing's photos and media items. */
import type { Property } from '@couchdb/model/property';

export interface MediaSlide {
  key: string;
  kind: 'image' | 'video';
  url: string;
  /** Thumbnail (image) or poster (video). */
  thumbnail?: string;
}

/** Photos in their order, then the media items (videos, extra photos) in theirs. */
export function mediaSlides(property: Pick<Property, 'images' | 'media_items'>): MediaSlide[] {
  const images = [...(property.images ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  const seen = new Set(images.map((i) => i.url));
  const slides: MediaSlide[] = images.map((i) => ({
    key: i.id,
    kind: 'image',
    url: i.url,
    thumbnail: i.thumbnail_url || i.url,
  }));
  const items = [...(property.media_items ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  for (const item of items) {
    if (item.type === 'image' && seen.has(item.url)) continue;
    slides.push({
      key: item.id,
      kind: item.type,
      url: item.url,
      ...(item.thumbnail_url ? { thumbnail: item.thumbnail_url } : {}),
    });
  }
  return slides;
}
