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

/** Bars per day (visits, views, contacts side by side), drawn as SVG: no chart library. */
function DailyChart({ stats }: { stats: PromotionStatsResponse }) {
  const theme = useTheme();
  const colors: Record<PromotionEventType, string> = {
    visit: theme.palette.primary.main,
    view: theme.palette.info.main,
    contact: theme.palette.warning.main,
  };
  const max = Math.max(1, ...stats.days.flatMap((d) => PROMOTION_EVENT_TYPES.map((t) => d[t])));
  const width = 600;
  const height = 180;
  const slot = width / stats.days.length;
  const bar = Math.max(1, (slot - 4) / PROMOTION_EVENT_TYPES.length);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`近${PROMOTION_STATS_DAYS}天每日推广数据`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {stats.days.map((d, i) =>
          PROMOTION_EVENT_TYPES.map((type, j) => {
            const h = (d[type] / max) * height;
            return (
              <rect
                key={`${d.day}-${type}`}
                x={i * slot + 2 + j * bar}
                y={height - h}
                width={bar}
                height={h}
                fill={colors[type]}
              >
                <title>{`${d.day} ${PROMOTION_EVENT_LABELS[type]} ${d[type]}`}</title>
              </rect>
            );
          }),
        )}
        <line x1={0} y1={height} x2={width} y2={height} stroke={theme.palette.divider} />
        {[0, stats.days.length - 1].map((i) => (
          <text
            key={i}
            x={i === 0 ? 0 : width}
            y={height + 16}
            fontSize={12}
            textAnchor={i === 0 ? 'start' : 'end'}
            fill={theme.palette.text.secondary}
          >
            {stats.days[i]?.day.slice(5)}
          </text>
        ))}
      </Box>
      <Stack useFlexGap direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {PROMOTION_EVENT_TYPES.map((type) => (
          <Stack key={type} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, bgcolor: colors[type], borderRadius: 0.5 }} />
            <Typography sx={{ fontSize: 13 }}>{PROMOTION_EVENT_LABELS[type]}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
