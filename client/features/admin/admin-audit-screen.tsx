import { lazy, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AUDIT_REFETCH_MS } from '@couchdb/model/constants';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { ADMIN_PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { ADMIN_LISTING_MESSAGES, pendingListings } from '@couchdb/rules/admin-listings';
import { ListState } from '@client/components/list-state';
import { useOpenDevice, useSyncSettled } from '@client/data/hooks';
import { useAllProperties } from '@client/data/hooks/use-admin';
import { fetchReportQueue } from '@client/data/writes/report-admin';
import { useSyncStatusValue } from '@client/data/sync/sync-status';
import { useAuth } from '@client/lib/session/auth-context';
import { PageHeader } from '@client/components/page-header';
import { AdminGate } from './components/admin-gate';
import { ManagedPropertyCard } from '@client/components/property/managed-property-card';
import { LostDecisions } from './components/lost-decisions';
import { RejectDialog } from './components/reject-dialog';
import { useAdminActions } from './use-admin-actions';
import { LazyPart } from '@client/components/lazy-part';
import { REPORT_MESSAGES } from '@couchdb/model/trust-facts';
import { uncheckedCodeListings } from '@couchdb/rules/admin-listings';

const ReportQueue = lazy(() => import('./components/report-queue'));

/** The page's tabs: the review queue, the codes to check, the report queue (issue 19). */
const AUDIT_TABS = ['review', 'codes', 'reports'] as const;
type AuditTab = (typeof AUDIT_TABS)[number];

/**
 * 房源审核 (product §2 "Admin review", §4): the pending listings, newest first, live from the
 * admin's device; beside them the listings whose verification code waits for a check and the
 * report queue (issue 19) (sync brings new submissions without a reload; when the change stream is down
 * the page asks for a re-sync every 30 s). Approve, or reject with an optional reason; decisions
 * made offline queue and sync.
 */
export default function AdminAuditScreen() {
  return (
    <AdminGate message={ADMIN_PROPERTY_MESSAGES.noAuditPermission}>
      <AuditQueue />
    </AdminGate>
  );
}

/** How often the page looks at the stream's state for its notice (cheap: a field read). */
const STREAM_CHECK_MS = 2_000;

/** Re-syncs every AUDIT_REFETCH_MS while the live stream is down (the spec's 30 s refetch). */
function useFallbackRefresh() {
  const device = useOpenDevice();
  const [streamDown, setStreamDown] = useState(false);
  const offline = useSyncStatusValue((s) => s.phase === 'offline');
  useEffect(() => {
    const sync = device?.sync;
    if (!sync) return;
    // The stream reconnects a moment after the connection comes back: only a stream that stays
    // down is worth a notice.
    let downSince: number | null = null;
    const check = () => {
      if (sync.streamOpen || offline) downSince = null;
      else downSince ??= Date.now();
      setStreamDown(downSince !== null && Date.now() - downSince >= 2 * STREAM_CHECK_MS);
    };
    const checker = setInterval(check, STREAM_CHECK_MS);
    const refetch = setInterval(() => {
      if (!sync.streamOpen && navigator.onLine) sync.resync();
    }, AUDIT_REFETCH_MS);
    return () => {
      clearInterval(checker);
      clearInterval(refetch);
    };
  }, [device, offline]);
  return streamDown && !offline;
}

/**
 * How many listings have open reports, for the 举报处理 tab's label: asked of the gateway when the
 * page opens (and again online) unless the tab itself is open, which says it as its queue loads.
 */
function useReportCount(ask: boolean): { count: number | null; set(count: number): void } {
  const { request } = useAuth();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    const load = () => {
      if (!navigator.onLine) return;
      fetchReportQueue(request)
        .then((queue) => live && setCount(queue.length))
        .catch((err: unknown) => console.warn('counting the open reports failed', err));
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [ask, request]);
  return { count, set: setCount };
}

function AuditQueue() {
  const { user } = useAuth();
  const { data: all, error, reload } = useAllProperties(user?.user_type === 'admin');
  const settled = useSyncSettled('properties');
  const actions = useAdminActions();
  const streamDown = useFallbackRefresh();
  const [rejecting, setRejecting] = useState<{ id: string; title: string } | null>(null);
  const pending = useMemo(() => (all ? pendingListings(all) : undefined), [all]);
  const unchecked = useMemo(() => (all ? uncheckedCodeListings(all) : undefined), [all]);
  const [params, setParams] = useSearchParams();
  const tab: AuditTab = AUDIT_TABS.find((t) => t === params.get('tab')) ?? 'review';
  const setTab = (v: AuditTab) => setParams(v === 'review' ? {} : { tab: v }, { replace: true });
  const shown = tab === 'codes' ? unchecked : pending;
  const reports = useReportCount(tab !== 'reports');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        返回管理后台
      </Button>
      <PageHeader title="房源审核">
        {pending && (
          <Chip
            color={pending.length > 0 ? 'warning' : 'default'}
            label={`待审核 ${pending.length}`}
            data-testid="pending-count"
          />
        )}
      </PageHeader>
      {streamDown && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {ADMIN_LISTING_MESSAGES.streamDown}
        </Alert>
      )}
      <LostDecisions />
      <Tabs value={tab} onChange={(_, v: AuditTab) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="review" label="待审核" />
        <Tab value="codes" label={`待核验${unchecked ? ` ${unchecked.length}` : ''}`} />
        <Tab
          value="reports"
          label={`${REPORT_MESSAGES.queue}${reports.count ? ` ${reports.count}` : ''}`}
        />
      </Tabs>
      {tab === 'reports' ? (
        <LazyPart name="report queue" fallback={null}>
          <ReportQueue onCount={reports.set} />
        </LazyPart>
      ) : (
        <ListState
          rows={shown}
          settled={settled}
          failure={{ message: error ? GENERIC_MESSAGES.loadFailed : null, onReload: reload }}
          skeleton={{ height: 150 }}
          empty={{
            icon: <FactCheckOutlined fontSize="inherit" />,
            title:
              tab === 'codes'
                ? ADMIN_LISTING_MESSAGES.codesEmpty
                : ADMIN_LISTING_MESSAGES.reviewEmpty,
            description: tab === 'codes' ? undefined : ADMIN_LISTING_MESSAGES.reviewEmptyHint,
          }}
        >
          {(rows) => (
            <Stack spacing={1.5} data-testid={tab === 'codes' ? 'code-queue' : 'audit-queue'}>
              {rows.map((p) => (
                <ManagedPropertyCard
                  variant="admin"
                  key={p.id}
                  property={p}
                  actions={
                    tab === 'codes'
                      ? { onVerify: (status) => void actions.verify(p.id, status) }
                      : {
                          onApprove: () => void actions.audit(p.id, 'approved'),
                          onReject: () => setRejecting({ id: p.id, title: p.title }),
                          onVerify: (status) => void actions.verify(p.id, status),
                        }
                  }
                />
              ))}
            </Stack>
          )}
        </ListState>
      )}
      <RejectDialog
        title={rejecting?.title ?? null}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && void actions.audit(rejecting.id, 'rejected', reason)}
      />
    </Container>
  );
}
