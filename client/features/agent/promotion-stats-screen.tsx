import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  PROMOTION_EVENT_LABELS,
  PROMOTION_EVENT_TYPES,
  PROMOTION_MESSAGES,
  PROMOTION_STATS_DAYS,
  type PromotionEventType,
} from '@couchdb/model/promotion-facts';
import type { PromotionStatsResponse } from '@couchdb/model/promotion';
import { PageHeader } from '@client/components/page-header';
import { OnlineResourceFailure } from '@client/components/online-resource-failure';
import { useOnlineResource } from '@client/components/use-online-resource';
import { TrendChart } from '@client/components/trend-chart';
import { AgentGate } from './components/agent-gate';
import { ToolsBackLink } from './components/tools-back-link';

const pm = PROMOTION_MESSAGES;

/**
 * 推广效果 (issue 15, an agent tool): visits through the agent's promotion links, listings viewed
 * and contacts opened while a visitor held the promotion, per day over the last 30 days and in
 * total. Live statistics from the gateway (the one part of the agent's tools that needs a
 * connection).
 */
export default function PromotionStatsScreen() {
  return (
    <AgentGate>
      <PromotionStats />
    </AgentGate>
  );
}

function PromotionStats() {
  const { state, retry } = useOnlineResource<PromotionStatsResponse>('/api/promotion/stats', {
    offline: pm.statsOffline,
    failed: pm.statsLoadFailed,
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <ToolsBackLink />
      <PageHeader title={pm.statsTitle} />
      {state.kind === 'failed' && <OnlineResourceFailure message={state.message} retry={retry} />}
      {state.kind === 'loading' && <Skeleton variant="rounded" height={260} />}
      {state.kind === 'ready' && <StatsView stats={state.data} />}
    </Container>
  );
}

function StatsView({ stats }: { stats: PromotionStatsResponse }) {
  const recent = PROMOTION_EVENT_TYPES.reduce(
    (acc, type) => ({ ...acc, [type]: stats.days.reduce((sum, d) => sum + d[type], 0) }),
    {} as Record<PromotionEventType, number>,
  );
  return (
    <Stack spacing={2}>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {PROMOTION_EVENT_TYPES.map((type) => (
          <Card key={type} sx={{ p: 2 }} data-testid={`promotion-total-${type}`}>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              {PROMOTION_EVENT_LABELS[type]}（近{PROMOTION_STATS_DAYS}天）
            </Typography>
            <Typography
              sx={{ fontSize: 28, fontWeight: 700 }}
              data-testid={`promotion-recent-${type}`}
            >
              {recent[type]}
            </Typography>
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
              累计 {stats.totals[type]}
            </Typography>
          </Card>
        ))}
      </Box>
      <Card sx={{ p: 2 }}>
        <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          每日趋势
        </Typography>
        {recent.visit + recent.view + recent.contact === 0 ? (
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{pm.statsEmpty}</Typography>
        ) : (
          <DailyChart stats={stats} />
        )}
      </Card>
    </Stack>
  );
}

/** Bars per day: visits, views and contacts side by side. */
function DailyChart({ stats }: { stats: PromotionStatsResponse }) {
  const theme = useTheme();
  const colors: Record<PromotionEventType, string> = {
    visit: theme.palette.primary.main,
    view: theme.palette.info.main,
    contact: theme.palette.warning.main,
  };
  return (
    <TrendChart
      title={`近${PROMOTION_STATS_DAYS}天每日推广数据`}
      mark="bars"
      testId="promotion-daily-chart"
      series={PROMOTION_EVENT_TYPES.map((t) => ({
        name: PROMOTION_EVENT_LABELS[t],
        color: colors[t],
      }))}
      points={stats.days.map((d, i) => ({
        at: i,
        values: PROMOTION_EVENT_TYPES.map((t) => d[t]),
        label: d.day,
        axisLabel: d.day.slice(5),
      }))}
    />
  );
}
