/** The detail page's carousel slides from a listing's photos and media items. */
import type { Property } from '@couchdb/model/property';

export interface MediaSlide {
  key: string;
  kind: 'image' | 'video';
  url: string;
  /** Thumbnail (image), or the video's own thumbnail, else the cover photo's. */
  thumbnail?: string;
  /** A video's poster before it plays: its own thumbnail, else the listing's cover photo. */
  poster?: string;
}

/**
 * Photos in their order, then the media items (videos, extra photos) in theirs. A video without a
 * picture of its own shows the cover photo, so its slide is never a black box.
 */
export function mediaSlides(property: Pick<Property, 'images' | 'media_items'>): MediaSlide[] {
  const images = [...(property.images ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  const seen = new Set(images.map((i) => i.url));
  const slides: MediaSlide[] = images.map((i) => ({
    key: i.id,
    kind: 'image',
    url: i.url,
    thumbnail: i.thumbnail_url || i.url,
  }));
  const cover = images.find((i) => i.is_cover) ?? images[0];
  const items = [...(property.media_items ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  for (const item of items) {
    if (item.type === 'image' && seen.has(item.url)) continue;
    const thumbnail = item.thumbnail_url || (item.type === 'video' ? cover?.thumbnail_url : '');
    const poster = item.thumbnail_url || cover?.url;
    slides.push({
      key: item.id,
      kind: item.type,
      url: item.url,
      ...(thumbnail ? { thumbnail } : {}),
      ...(item.type === 'video' && poster ? { poster } : {}),
    });
  }
  return slides;
}
