import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import {
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
  type ReportStatus,
} from '@couchdb/model/trust-facts';
import type { ReportView } from '@couchdb/model/report';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { formatDate } from '@couchdb/rules/format';
import { EmptyState } from '@client/components/empty-state';
import { PageHeader } from '@client/components/page-header';
import { fetchMyReports, readCachedReports, type CachedReports } from '@client/data/writes/reports';
import { ApiError } from '@client/lib/http';
import { useAuth } from '@client/lib/session/auth-context';

const STATUS_COLORS: Record<ReportStatus, 'warning' | 'default' | 'error' | 'info'> = {
  open: 'warning',
  dismissed: 'default',
  taken_down: 'error',
  fix_requested: 'info',
};

/**
 * 我的举报 (issue 19): the user's reports with their status and the admin's outcome, from the
 * gateway and kept on the device, so the last list shows offline too.
 */
export default function MyReportsScreen() {
  const { user, request } = useAuth();
  const userId = user?.id ?? '';
  const [data, setData] = useState<CachedReports | null>(() =>
    userId ? readCachedReports(userId) : null,
  );
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!userId) return;
    fetchMyReports(request, userId)
      .then((fresh) => {
        setData(fresh);
        setProblem(null);
      })
      .catch((err: unknown) => {
        console.error('loading my reports failed', err);
        setProblem(
          err instanceof ApiError && err.isNetworkFailure
            ? REPORT_MESSAGES.mineCached
            : GENERIC_MESSAGES.loadFailed,
        );
      });
  }, [request, userId]);
  useEffect(() => {
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={REPORT_MESSAGES.mine} />
      {problem && (
        <Alert severity={data ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="my-reports-notice">
          {problem}
          {data ? `（${formatDate(data.saved_at)}）` : ''}
        </Alert>
      )}
      {!data ? (
        problem ? null : (
          <Stack spacing={1.5}>
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
          </Stack>
        )
      ) : data.reports.length === 0 ? (
        <EmptyState icon={<FlagOutlined fontSize="inherit" />} title={REPORT_MESSAGES.mineEmpty} />
      ) : (
        <Stack spacing={1.5} data-testid="my-reports">
          {data.reports.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function ReportCard({ report: r }: { report: ReportView }) {
  return (
    <Card sx={{ p: 1.5 }} data-testid="my-report" data-property-id={r.property_id}>
      <Stack spacing={0.75}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            color={STATUS_COLORS[r.status]}
            label={REPORT_STATUS_LABELS[r.status]}
            data-testid="my-report-status"
          />
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
            {REPORT_REASON_LABELS[r.reason]} · {formatDate(r.created_at)}
          </Typography>
        </Stack>
        <Typography
          component={RouterLink}
          to={`/properties/${encodeURIComponent(r.property_id)}`}
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
          noWrap
        >
          {r.property_title || r.property_id}
        </Typography>
        {r.note && (
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>说明：{r.note}</Typography>
        )}
        {r.status !== 'open' && (
          <Typography sx={{ fontSize: 13 }} data-testid="my-report-outcome">
            处理结果：{REPORT_MESSAGES.outcome(r.status, r.outcome_reason)}
            {r.decided_at ? `（${formatDate(r.decided_at)}）` : ''}
          </Typography>
        )}
      </Stack>
    </Card>
  );
}
