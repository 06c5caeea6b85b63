import { describe, expect, it } from 'vitest';
import { mediaSlides } from '@client/features/properties/components/media-slides';
import { buildProperty } from '../../../../fixtures/builders';

const photo = (id: string, sort_order: number, is_cover = false) => ({
  id,
  url: `/media/${id}.jpg`,
  thumbnail_url: `/media/${id}.webp`,
  is_cover,
  sort_order,
});
const video = (thumbnail_url = '') => ({
  id: 'v1',
  type: 'video' as const,
  url: '/media/v1.webm',
  thumbnail_url,
  title: '',
  description: '',
  sort_order: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describe('mediaSlides: the video slide’s poster (issue 18)', () => {
  it('is the listing’s cover photo when the video has no picture of its own', () => {
    const listing = buildProperty({
      images: [photo('a', 0), photo('b', 1, true)],
      media_items: [video()],
    });
    const slide = mediaSlides(listing).find((s) => s.kind === 'video');
    expect(slide).toMatchObject({ poster: '/media/b.jpg', thumbnail: '/media/b.webp' });
  });

  it('is the video’s own thumbnail when it has one', () => {
    const listing = buildProperty({
      images: [photo('a', 0, true)],
      media_items: [video('/media/v1.webp')],
    });
    const slide = mediaSlides(listing).find((s) => s.kind === 'video');
    expect(slide).toMatchObject({ poster: '/media/v1.webp', thumbnail: '/media/v1.webp' });
  });

  it('is left out without any photo (the player shows the designed placeholder)', () => {
    const slide = mediaSlides(buildProperty({ media_items: [video()] }))[0]!;
    expect(slide.kind).toBe('video');
    expect(slide.poster).toBeUndefined();
    expect(slide.thumbnail).toBeUndefined();
  });
});
