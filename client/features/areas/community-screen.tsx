import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { AREA_MESSAGES } from '@couchdb/model/area-facts';
import {
  areaRangeOf,
  communityStats,
  formatAreaRange,
  formatAverageUnitPrice,
  formatHeadline,
  formatPriceRange,
  listingsOfCommunity,
  placeStats,
  unitPriceTrend,
} from '@couchdb/rules/area-stats';
import { propertyFilterToParams } from '@couchdb/rules/property-filter';
import { comparePropertiesFor } from '@couchdb/rules/property-order';
import { EmptyState } from '@client/components/empty-state';
import { FactGrid } from '@client/components/fact-grid';
import { Photo } from '@client/components/photo';
import { coverImage } from '@client/components/property/cover-image';
import { PropertyCards } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { usePublicProperties } from '@client/data/hooks';
import { UnitPriceTrendChart } from './components/unit-price-trend-chart';

/** How many photos of its listings a 小区's page shows. */
const PHOTOS_MAX = 8;

/**
 * A 小区's page (issue 18): its average 单价 and its trend by month, price and area ranges, photos
 * and its listings for sale and rent, from the public listings on the device (offline too).
 */
export default function CommunityScreen() {
  const { name = '' } = useParams();
  const { data: all } = usePublicProperties();
  const favorites = useFavoriteToggle();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [now] = useState(() => Date.now());
  const listings = useMemo(
    () => (all ? listingsOfCommunity(all, name).sort(comparePropertiesFor()) : undefined),
    [all, name],
  );
  const stats = useMemo(() => (listings ? placeStats(listings) : undefined), [listings]);
  const trend = useMemo(() => (listings ? unitPriceTrend(listings, now) : []), [listings, now]);

  if (!listings || !stats) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }} aria-busy>
        <Skeleton width="40%" height={40} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Container>
    );
  }
  if (listings.length === 0) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <EmptyState
          icon={<ApartmentOutlined fontSize="inherit" />}
          title={AREA_MESSAGES.communityEmpty}
          description={AREA_MESSAGES.communityEmptyHint}
          action={
            <Button component={RouterLink} to="/areas" variant="contained">
              {AREA_MESSAGES.title}
            </Button>
          }
        />
      </Container>
    );
  }

  const [community] = communityStats(listings);
  const title = community?.name ?? name.trim();
  const township = community?.township ?? '';
  const sales = listings.filter((p) => p.type === 'sale');
  const rentals = listings.filter((p) => p.type === 'rent');
  const photos = listings.flatMap((p) => coverImage(p.images) ?? []).slice(0, PHOTOS_MAX);
  const figures = [
    {
      label: '在售均价',
      value: formatAverageUnitPrice(stats.sale.averageUnitPrice),
      testId: 'community-unit-price',
      strong: true,
    },
    { label: '在售', value: `${stats.sale.count}套`, testId: 'community-sale-count' },
    { label: '在租', value: `${stats.rent.count}套`, testId: 'community-rent-count' },
    { label: '平均租金', value: formatHeadline('rent', stats.rent), testId: 'community-rent' },
    { label: '总价范围', value: formatPriceRange('sale', stats.sale.priceRange) },
    { label: '租金范围', value: formatPriceRange('rent', stats.rent.priceRange) },
    {
      label: '面积范围',
      value: formatAreaRange(areaRangeOf(listings)),
    },
  ];
  const listOf = (type: 'sale' | 'rent') =>
    `/properties?${propertyFilterToParams({ type, location: township, community: title }).toString()}`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 20, md: 24 } }}>
          {title}
        </Typography>
        {township && (
          <Chip
            component={RouterLink}
            to={`/areas?township=${encodeURIComponent(township)}`}
            clickable
            size="small"
            label={township}
          />
        )}
      </Stack>

      <Stack spacing={2}>
        {photos.length > 0 && (
          <Box
            data-testid="community-photos"
            sx={{
              display: 'grid',
              gridAutoFlow: 'column',
              gridAutoColumns: { xs: '42%', sm: '24%', md: '18%' },
              gap: 1,
              overflowX: 'auto',
              pb: 0.5,
            }}
          >
            {photos.map((src, i) => (
              <Box
                key={`${src}-${i}`}
                data-testid="community-photo"
                sx={{
                  position: 'relative',
                  aspectRatio: '4 / 3',
                  borderRadius: 2,
                  overflow: 'hidden',
                  bgcolor: 'grey.100',
                }}
              >
                <Photo
                  src={src}
                  alt={`${title}照片${i + 1}`}
                  loading={i < 4 ? 'eager' : 'lazy'}
                  decoding="async"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    width: '100%',
                    height: '100%',
                    objectFit: 'cover',
                  }}
                />
              </Box>
            ))}
          </Box>
        )}

        <Card component="section" aria-label="小区概况" sx={{ p: { xs: 2, md: 3 } }}>
          <FactGrid facts={figures} columns={4} />
        </Card>

        <Card component="section" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 2 }}>
            均价走势
          </Typography>
          {trend.length > 0 ? (
            <UnitPriceTrendChart trend={trend} />
          ) : (
            <Typography color="textSecondary" sx={{ fontSize: 14 }}>
              {AREA_MESSAGES.noTrend}
            </Typography>
          )}
        </Card>

        {(
          [
            ['sale', '在售房源', sales],
            ['rent', '在租房源', rentals],
          ] as const
        ).map(
          ([type, heading, list]) =>
            list.length > 0 && (
              <Box component="section" key={type} aria-label={heading}>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}
                >
                  <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                    {heading}
                    <Typography component="span" color="textSecondary" sx={{ ml: 1, fontSize: 14 }}>
                      {list.length}套
                    </Typography>
                  </Typography>
                  <Button component={RouterLink} to={listOf(type)} size="small">
                    在列表中筛选
                  </Button>
                </Stack>
                <PropertyCards
                  properties={list}
                  layout={phone ? 'list' : 'grid'}
                  favorites={favorites}
                  now={now}
                  testId={`community-${type}-listings`}
                />
              </Box>
            ),
        )}
      </Stack>
    </Container>
  );
}
