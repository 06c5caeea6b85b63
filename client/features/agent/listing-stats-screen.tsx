import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  daysOnMarket,
  LISTING_STATS_MESSAGES,
  type ListingStatsResponse,
} from '@couchdb/model/listing-stats';
import { AUDIT_STATUS_LABELS, PROPERTY_STATUS_LABELS } from '@couchdb/rules/property-status';
import { EmptyState } from '@client/components/empty-state';
import { OnlineResourceFailure } from '@client/components/online-resource-failure';
import { useOnlineResource } from '@client/components/use-online-resource';
import { PageHeader } from '@client/components/page-header';
import { AgentGate } from './components/agent-gate';
import { ToolsBackLink } from './components/tools-back-link';

const lm = LISTING_STATS_MESSAGES;

/**
 * 我的房源数据 (issue 15, an agent tool): each of the agent's listings with its views, current
 * favourites, contact dialogs opened and days on the market, live from the gateway.
 */
export default function ListingStatsScreen() {
  return (
    <AgentGate>
      <ListingStatsView />
    </AgentGate>
  );
}

function ListingStatsView() {
  const { state, retry } = useOnlineResource<ListingStatsResponse>('/api/agent/listing-stats', {
    offline: lm.offline,
    failed: lm.loadFailed,
  });
  const [now] = useState(() => Date.now());

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <ToolsBackLink />
      <PageHeader title={lm.title} />
      {state.kind === 'failed' && <OnlineResourceFailure message={state.message} retry={retry} />}
      {state.kind === 'loading' && <Skeleton variant="rounded" height={200} />}
      {state.kind === 'ready' && state.data.listings.length === 0 && (
        <EmptyState
          title={lm.empty}
          action={
            <Button component={RouterLink} to="/publish/property" variant="contained">
              发布房源
            </Button>
          }
        />
      )}
      {state.kind === 'ready' && state.data.listings.length > 0 && (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {state.data.listings.map((l) => (
            <Card component="li" key={l.id} data-testid="listing-stats-row">
              <CardActionArea component={RouterLink} to={`/properties/${l.id}`} sx={{ p: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
                    {l.title}
                  </Typography>
                  <Chip
                    size="small"
                    label={
                      l.audit_status === 'approved'
                        ? PROPERTY_STATUS_LABELS[l.status]
                        : AUDIT_STATUS_LABELS[l.audit_status]
                    }
                  />
                </Stack>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(4, 1fr)',
                    gap: 1,
                    textAlign: 'center',
                  }}
                >
                  <Figure label="浏览" value={l.views} testId="stat-views" />
                  <Figure label="收藏" value={l.favorites} testId="stat-favorites" />
                  <Figure label="咨询" value={l.contacts} testId="stat-contacts" />
                  {/* Only a public listing is on the market: '—' while in review or off it. */}
                  <Figure
                    label="在售天数"
                    value={
                      l.audit_status === 'approved' && l.status === 'active'
                        ? daysOnMarket(l.created_at, now)
                        : '—'
                    }
                    testId="stat-days"
                  />
                </Box>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}

function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | string;
  testId: string;
}) {
  return (
    <Box>
      <Typography sx={{ fontSize: 20, fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{label}</Typography>
    </Box>
  );
}
