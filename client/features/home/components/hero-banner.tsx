import { useEffect, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AddHomeWorkOutlined from '@mui/icons-material/AddHomeWorkOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { BANNER_INTERVAL_MS } from '@couchdb/model/constants';
import { touchReach } from '@client/components/look';

interface Slide {
  title: string;
  subtitle: string;
  action: string;
  to: string;
  background: string;
  icon: ReactElement;
}

const SLIDES: Slide[] = [
  {
    title: '澄江好房，一站找齐',
    subtitle: '在售、在租房源集中展示，审核通过才上架',
    action: '去看房源',
    to: '/properties',
    background: 'linear-gradient(120deg, #00804b 0%, #006b3e 100%)',
    icon: <ApartmentOutlined sx={{ fontSize: 'inherit' }} />,
  },
  {
    title: '发布房源，免费又省心',
    subtitle: '填写信息、上传图片，审核通过即可展示',
    action: '立即发布',
    to: '/publish/property',
    background: 'linear-gradient(120deg, #d4400f 0%, #b8360c 100%)',
    icon: <AddHomeWorkOutlined sx={{ fontSize: 'inherit' }} />,
  },
  {
    title: '没找到合适的房子？',
    subtitle: '留下您的购房、租房需求，让经纪人为您寻找',
    action: '提交需求',
    to: '/publish/demand',
    background: 'linear-gradient(120deg, #2a6fd6 0%, #1b5fc1 100%)',
    icon: <TravelExploreOutlined sx={{ fontSize: 'inherit' }} />,
  },
];

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255,255,255,0.2)',
  color: 'common.white',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.35)' },
  display: { xs: 'none', sm: 'inline-flex' },
} as const;

/** A dot's hit area on a touch screen: 14 px above and below it, half the 16 px gap to each side. */
const DOT_REACH = touchReach(14, 8);

/** Auto-rotating banner of 3 slides with previous/next arrows and dots (product §2 "Home"). */
export function HeroBanner() {
  const [index, setIndex] = useState(0);
  const count = SLIDES.length;

  // Restarting the timer on every change gives a full 5 s after a manual move too.
  useEffect(() => {
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, count]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="首页横幅"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: { xs: '16px', md: '20px' },
        height: { xs: 168, sm: 220, md: 280 },
        color: 'common.white',
      }}
    >
      {SLIDES.map((slide, i) => (
        <Box
          key={slide.title}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} / ${count}`}
          aria-hidden={i !== index}
          sx={{
            position: 'absolute',
            inset: 0,
            background: slide.background,
            opacity: i === index ? 1 : 0,
            visibility: i === index ? 'visible' : 'hidden',
            transition: 'opacity 600ms ease, visibility 600ms',
            display: 'flex',
            alignItems: 'center',
            px: { xs: 3, sm: 8, md: 10 },
          }}
        >
          <Box sx={{ position: 'relative', zIndex: 1, maxWidth: { xs: '88%', md: '60%' } }}>
            <Typography
              component="h2"
              sx={{ fontSize: { xs: 20, sm: 26, md: 34 }, fontWeight: 800, mb: 1 }}
            >
              {slide.title}
            </Typography>
            <Typography
              sx={{
                fontSize: { xs: 13, md: 17 },
                opacity: 0.9,
                mb: { xs: 2, md: 3 },
                textWrap: 'pretty',
              }}
            >
              {slide.subtitle}
            </Typography>
            <Button
              component={RouterLink}
              to={slide.to}
              tabIndex={i === index ? 0 : -1}
              variant="contained"
              size="small"
              sx={{
                bgcolor: 'common.white',
                color: 'text.primary',
                px: 2.5,
                '&:hover': { bgcolor: 'grey.100' },
              }}
            >
              {slide.action}
            </Button>
          </Box>
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              right: { xs: -12, md: 48 },
              bottom: { xs: -16, md: 'auto' },
              fontSize: { xs: 120, md: 200 },
              opacity: 0.18,
              lineHeight: 0,
            }}
          >
            {slide.icon}
          </Box>
        </Box>
      ))}
      <IconButton
        aria-label="上一张"
        onClick={() => setIndex((i) => (i - 1 + count) % count)}
        sx={{ ...arrowSx, left: 12 }}
      >
        <ChevronLeft />
      </IconButton>
      <IconButton
        aria-label="下一张"
        onClick={() => setIndex((i) => (i + 1) % count)}
        sx={{ ...arrowSx, right: 12 }}
      >
        <ChevronRight />
      </IconButton>
      <Box
        sx={{
          position: 'absolute',
          bottom: 12,
          left: 0,
          right: 0,
          display: 'flex',
          justifyContent: 'center',
          gap: 2,
          // Above the slide's text, which their touch areas reach into.
          zIndex: 2,
        }}
      >
        {SLIDES.map((slide, i) => (
          <Box
            key={slide.title}
            component="button"
            type="button"
            aria-label={`第${i + 1}张`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            sx={{
              width: i === index ? 20 : 8,
              height: 8,
              p: 0,
              border: 0,
              borderRadius: 4,
              cursor: 'pointer',
              bgcolor: i === index ? 'common.white' : 'rgba(255,255,255,0.5)',
              transition: 'width 300ms ease',
              // An 8 px dot: on a touch screen a finger's target of 36 px high, 8 px to each side.
              ...DOT_REACH,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
