import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { RECENT_MESSAGES } from '@couchdb/model/constants';
import { EmptyState } from '@client/components/empty-state';
import { LayoutToggle } from '@client/components/property/layout-toggle';
import { PropertyCards } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useListLayout } from '@client/components/property/use-list-layout';
import { useRecentProperties } from '@client/data/hooks';
import { PageHeader } from '@client/components/page-header';

/**
 * 浏览记录 (product §2 "Browsing history"): the last 10 listings opened on this device, newest first,
 * kept on the device (offline too), with the favourite heart.
 */
export default function RecentScreen() {
  const { data: recent } = useRecentProperties();
  const favorites = useFavoriteToggle();
  const [layout, setLayout] = useListLayout();
  const [now] = useState(() => Date.now());

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={RECENT_MESSAGES.title}
        count={recent ? RECENT_MESSAGES.count(recent.length) : undefined}
      >
        <LayoutToggle value={layout} onChange={setLayout} />
      </PageHeader>
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
        <PropertyCards
          properties={recent?.map((r) => r.property)}
          layout={layout}
          favorites={favorites}
          now={now}
          testId="recent-results"
        />
      )}
    </Container>
  );
}
