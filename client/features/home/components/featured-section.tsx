import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { HOME_MESSAGES } from '@couchdb/model/home-facts';
import { EmptyState } from '@client/components/empty-state';
import { PropertyCard } from '@client/components/property/property-card';
import { PropertyCardSkeleton } from '@client/components/property/property-card-skeleton';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useSteppedCount } from '@client/components/use-stepped-count';
import { useFeaturedProperties } from '@client/data/hooks/use-properties';

/** 推荐房源 (product §2 "Home"): 12 listings, featured and priority first, and the link to the list. */
export function FeaturedSection() {
  const { data: featured } = useFeaturedProperties();
  const favorites = useFavoriteToggle();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [now] = useState(() => Date.now());
  const rendered = useSteppedCount(featured?.length ?? 0);

  return (
    <Box component="section" aria-labelledby="featured-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="featured-heading" variant="h6" component="h2" sx={{ fontSize: 20 }}>
          推荐房源
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mr: -1 }}>
          <Button component={RouterLink} to="/areas" size="small" sx={{ fontSize: 14 }}>
            区域找房
          </Button>
          <Button
            component={RouterLink}
            to="/properties"
            size="small"
            endIcon={<ChevronRight />}
            sx={{ fontSize: 14, '& .MuiButton-endIcon': { ml: 0 } }}
          >
            查看全部
          </Button>
        </Stack>
      </Stack>
      {featured && featured.length === 0 ? (
        <EmptyState
          icon={<ApartmentOutlined fontSize="inherit" />}
          title={HOME_MESSAGES.featuredEmpty}
          description="精选房源上线后会显示在这里"
          action={
            <Button component={RouterLink} to="/properties" variant="outlined">
              浏览全部房源
            </Button>
          }
        />
      ) : (
        <Box
          data-testid="featured-list"
          sx={{
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              lg: 'repeat(4, 1fr)',
            },
          }}
        >
          {featured
            ? featured
                .slice(0, rendered)
                .map((p, i) => (
                  <PropertyCard
                    key={p.id}
                    index={i}
                    property={p}
                    layout={phone ? 'list' : 'grid'}
                    favorite={favorites.ids.has(p.id)}
                    favoritedAt={favorites.ids.get(p.id)}
                    onToggleFavorite={favorites.toggle}
                    now={now}
                  />
                ))
            : Array.from({ length: 4 }, (_, i) => <PropertyCardSkeleton key={i} />)}
        </Box>
      )}
      {featured && featured.length > 0 && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button
            component={RouterLink}
            to="/properties"
            variant="outlined"
            size="large"
            endIcon={<ChevronRight />}
          >
            查看全部房源
          </Button>
        </Box>
      )}
    </Box>
  );
}
