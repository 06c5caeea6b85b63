import { lazy, memo, useMemo, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PlayCircleOutline from '@mui/icons-material/PlayCircle';
import type { MediaSlide } from './media-slides';
import { VideoPlayer } from './video-player';
import { Photo, PhotoPlaceholder } from '@client/components/photo';
import { LazyPart } from '@client/components/lazy-part';
import { useHistoryOverlay } from '@client/lib/history-overlay';
import type { ViewerPhoto } from './photo-viewer';

const PhotoViewer = lazy(() => import('./photo-viewer'));

/** A horizontal move this long (CSS px), and mostly sideways, is a swipe to the next slide. */
const SWIPE_MIN_PX = 40;

/** The shown photo (or its placeholder) fills the stage. */
const SLIDE_SX = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
} as const;

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  bgcolor: 'rgba(0,0,0,0.35)',
  color: 'common.white',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.55)' },
} as const;

/**
 * Swipes on the stage with a finger or pen (a mouse has the arrows): `onSwipe(1)` for the next
 * slide (not on a video, whose controls take sideways moves). The stage lets the page scroll
 * vertically (touch-action: pan-y) and keeps sideways moves.
 * `swiped()`: whether the last touch was a swipe, so a click it may end in is not a tap.
 */
function useSwipe(onSwipe: (delta: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        swiped.current = false;
        // A playing video's own controls (its time bar) take sideways moves.
        const onVideo = e.target instanceof Element && e.target.closest('video') !== null;
        start.current =
          e.pointerType === 'mouse' || onVideo
            ? null
            : { x: e.clientX, y: e.clientY, id: e.pointerId };
      },
      onPointerUp: (e: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== e.pointerId) return;
        const dx = e.clientX - from.x;
        const dy = e.clientY - from.y;
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
        swiped.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    swiped: () => swiped.current,
  };
}

/**
 * The detail page's carousel of photos and videos; previous/next wrap around (product §2), a swipe
 * moves too. A tap on a photo opens it full screen (photo-viewer.tsx).
 */
export const MediaCarousel = memo(function MediaCarousel({
  slides,
  title,
}: {
  slides: MediaSlide[];
  title: string;
}) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const current = slides[Math.min(index, count - 1)];
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const swipe = useSwipe((delta) => count > 1 && go(delta));
  const viewer = useHistoryOverlay('photos');
  const photos = useMemo(
    () =>
      slides.flatMap((slide, i): (ViewerPhoto & { slide: number })[] =>
        slide.kind === 'image'
          ? [
              {
                type: 'listing-photo',
                key: slide.key,
                url: slide.url,
                alt: `${title} 图片 ${i + 1}`,
                slide: i,
              },
            ]
          : [],
      ),
    [slides, title],
  );
  const shownPhoto = Math.max(
    0,
    photos.findIndex((photo) => photo.slide === index),
  );

  return (
    <Box component="section" aria-roledescription="carousel" aria-label="房源图片和视频">
      <Box
        {...swipe.handlers}
        sx={{
          position: 'relative',
          aspectRatio: '3 / 2',
          bgcolor: 'grey.200',
          borderRadius: { xs: 0, md: '12px' },
          overflow: 'hidden',
          touchAction: 'pan-y',
        }}
      >
        {!current ? (
          <PhotoPlaceholder iconSize={72} sx={SLIDE_SX} />
        ) : current.kind === 'video' ? (
          <VideoPlayer
            key={current.key}
            src={current.url}
            poster={current.poster}
            title={`${title} 视频`}
          />
        ) : (
          <>
            <Photo
              key={current.key}
              src={current.url}
              sizes="(min-width: 900px) 860px, 100vw"
              alt={`${title} 图片 ${index + 1}`}
              iconSize={72}
              draggable={false}
              sx={SLIDE_SX}
            />
            {/* Over the photo, under the arrows: a tap anywhere on it opens it full screen. */}
            <Box
              component="button"
              type="button"
              aria-label="查看大图"
              data-testid="open-photo-viewer"
              onClick={() => {
                if (!swipe.swiped()) viewer.show();
              }}
              sx={{ ...SLIDE_SX, p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in' }}
            />
          </>
        )}
        {count > 1 && (
          <>
            <IconButton aria-label="上一个" onClick={() => go(-1)} sx={{ ...arrowSx, left: 8 }}>
              <ChevronLeft />
            </IconButton>
            <IconButton aria-label="下一个" onClick={() => go(1)} sx={{ ...arrowSx, right: 8 }}>
              <ChevronRight />
            </IconButton>
          </>
        )}
        {count > 0 && (
          <Box
            data-testid="media-counter"
            sx={{
              position: 'absolute',
              top: 12,
              right: 12,
              px: 1.25,
              py: 0.25,
              borderRadius: 10,
              bgcolor: 'rgba(0,0,0,0.5)',
              color: 'common.white',
              fontSize: 13,
            }}
          >
            {index + 1} / {count}
          </Box>
        )}
      </Box>
      {count > 1 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1, overflowX: 'auto', px: { xs: 1.5, md: 0 }, pb: 0.5 }}
          role="tablist"
          aria-label="选择图片或视频"
        >
          {slides.map((slide, i) => (
            <Box
              key={slide.key}
              component="button"
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-label={`${slide.kind === 'video' ? '视频' : '图片'} ${i + 1}`}
              onClick={() => setIndex(i)}
              sx={{
                position: 'relative',
                flexShrink: 0,
                width: { xs: 64, md: 88 },
                aspectRatio: '3 / 2',
                p: 0,
                border: 2,
                borderColor: i === index ? 'primary.main' : 'transparent',
                borderRadius: '8px',
                overflow: 'hidden',
                cursor: 'pointer',
                bgcolor: 'grey.800',
              }}
            >
              {slide.thumbnail && (
                <Photo
                  src={slide.thumbnail}
                  alt=""
                  loading="lazy"
                  iconSize={24}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              )}
              {slide.kind === 'video' && (
                <PlayCircleOutline
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    m: 'auto',
                    color: 'common.white',
                    fontSize: 28,
                  }}
                />
              )}
            </Box>
          ))}
        </Stack>
      )}
      {viewer.open && photos.length > 0 && (
        <LazyPart name="the photo viewer" fallback={null}>
          <PhotoViewer
            photos={photos}
            index={shownPhoto}
            onIndex={(i) => setIndex(photos[i]?.slide ?? 0)}
            onClose={viewer.hide}
          />
        </LazyPart>
      )}
    </Box>
  );
});
