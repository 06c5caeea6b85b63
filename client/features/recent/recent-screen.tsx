import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { RECENT_LIMIT, RECENT_MESSAGES } from '@couchdb/model/constants';
import { EmptyState } from '@client/components/empty-state';
import { LayoutToggle } from '@client/components/property/layout-toggle';
import { PropertyCard } from '@client/components/property/property-card';
import { PropertyCardSkeleton } from '@client/components/property/property-card-skeleton';
import { PropertyGrid } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useListLayout } from '@client/components/property/use-list-layout';
import { useRecentProperties } from '@client/data/hooks';

/**
 * 浏览记录 (spec §2 "Browsing history"): the last 10 listings opened on this device, newest first,
 * kept on the device (offline too), with the favourite heart.
 */
export default function RecentScreen() {
  const { data: recent } = useRecentProperties();
  const favorites = useFavoriteToggle();
  const [layout, setLayout] = useListLayout();
  const [now] = useState(() => Date.now());

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontSize: { xs: 20, md: 24 } }}>
          {RECENT_MESSAGES.title}
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: 15 }}>
            最近 {RECENT_LIMIT} 套
          </Typography>
        </Typography>
        <LayoutToggle value={layout} onChange={setLayout} />
      </Stack>
      {recent && recent.length === 0 ? (
        <EmptyState
          icon={<HistoryOutlined fontSize="inherit" />}
          title={RECENT_MESSAGES.empty}
          description={RECENT_MESSAGES.emptyHint}
          action={
            <Button component={RouterLink} to="/properties" variant="contained">
              去看看房源
            </Button>
          }
        />
      ) : (
        <PropertyGrid layout={layout} testId="recent-results">
          {recent
            ? recent.map(({ property }, i) => (
                <PropertyCard
                  key={property.id}
                  index={i}
                  property={property}
                  layout={layout}
                  favorite={favorites.ids.has(property.id)}
                  onToggleFavorite={favorites.toggle}
                  now={now}
                />
              ))
            : Array.from({ length: 4 }, (_, i) => <PropertyCardSkeleton key={i} />)}
        </PropertyGrid>
      )}
    </Container>
  );
}
