import { useState, memo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PlayCircleOutline from '@mui/icons-material/PlayCircle';
import type { MediaSlide } from './media-slides';
import { VideoPlayer } from './video-player';
import { Photo, PhotoPlaceholder } from '@client/components/photo';

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

/** The detail page's carousel of photos and videos; previous/next wrap around (spec §2). */
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

  return (
    <Box component="section" aria-roledescription="carousel" aria-label="房源图片和视频">
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '3 / 2',
          bgcolor: 'grey.200',
          borderRadius: { xs: 0, md: '12px' },
          overflow: 'hidden',
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
          <Photo
            key={current.key}
            src={current.url}
            sizes="(min-width: 900px) 860px, 100vw"
            alt={`${title} 图片 ${index + 1}`}
            iconSize={72}
            sx={SLIDE_SX}
          />
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
    </Box>
  );
});
