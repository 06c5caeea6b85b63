import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import type { PropertyStatus } from '@couchdb/model/property-facts';
import {
  ADMIN_LISTING_MESSAGES,
  DEFAULT_ADMIN_FILTER,
  filterAdminListings,
  pageCount,
  pageOf,
  type AdminListingFilter,
} from '@couchdb/rules/admin-listings';
import {
  AUDIT_STATUS_LABELS,
  PROPERTY_STATUS_LABELS,
  propertyStats,
} from '@couchdb/rules/property-status';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { ListState } from '@client/components/list-state';
import { useSyncSettled } from '@client/data/hooks';
import { useAllProperties } from '@client/data/hooks/use-admin';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { PageHeader } from '@client/components/page-header';
import { LostDecisions } from './components/lost-decisions';
import { Pager } from '@client/components/pager';
import { AdminGate } from './components/admin-gate';
import { ManagedPropertyCard } from '@client/components/property/managed-property-card';
import { BulkBar } from './components/bulk-bar';
import { ConsoleFilters } from './components/console-filters';
import { ListingLogDialog } from './components/listing-log-dialog';
import { OplogPanel } from './components/oplog-panel';
import { RejectDialog } from './components/reject-dialog';
import { StatCards } from './components/stat-cards';
import { useAdminActions } from './use-admin-actions';

/**
 * 房源管理 (product §2 "Admin listing management"): stat cards from the device's listings, the
 * listing list with search, filters, sort, selection and bulk actions, 20 per page; and the
 * operation log. Every change obeys product §4 and is checked again by the gateway.
 */
export default function AdminPropertiesScreen() {
  return (
    <AdminGate>
      <PropertyConsole />
    </AdminGate>
  );
}

function PropertyConsole() {
  const { user } = useAuth();
  const { data: all, error, reload } = useAllProperties(user?.user_type === 'admin');
  const settled = useSyncSettled('properties');
  const actions = useAdminActions();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'list';
  const setTab = (v: 'list' | 'log') =>
    setParams(v === 'log' ? { tab: 'log' } : {}, { replace: true });
  const [filter, setFilter] = useState<AdminListingFilter>(DEFAULT_ADMIN_FILTER);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<{ id: string; title: string } | null>(null);
  /** A listing id, 'selection' for the bulk delete, or null. */
  const [deleting, setDeleting] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<PropertyDoc | null>(null);

  const stats = useMemo(() => propertyStats(all ?? []), [all]);
  const shown = useMemo(() => (all ? filterAdminListings(all, filter) : undefined), [all, filter]);
  const pages = pageCount(shown?.length ?? 0);
  const current = Math.min(page, pages);
  const rows = shown ? pageOf(shown, current) : [];
  // The selection is the shown page's (全选本页): another page, search or filter starts afresh,
  // so a bulk action never reaches listings the admin no longer sees.
  const update = (change: Partial<AdminListingFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
    setSelected(new Set());
  };
  const turnTo = (to: number) => {
    setPage(to);
    setSelected(new Set());
  };
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageAllSelected = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const batch = async (to: PropertyStatus) => {
    if (await actions.batch([...selected], to)) setSelected(new Set());
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        返回管理后台
      </Button>
      <PageHeader title="房源管理" />
      <StatCards
        loading={!all}
        cards={[
          { label: '房源总数', value: stats.total },
          { label: PROPERTY_STATUS_LABELS.active, value: stats.active, color: 'success.main' },
          { label: AUDIT_STATUS_LABELS.pending, value: stats.pending, color: 'warning.main' },
          { label: AUDIT_STATUS_LABELS.approved, value: stats.approved, color: 'info.main' },
        ]}
      />
      <Tabs value={tab} onChange={(_, v: 'list' | 'log') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="list" label="房源列表" />
        <Tab value="log" label="操作日志" />
      </Tabs>
      {tab === 'log' ? (
        <OplogPanel />
      ) : (
        <>
          <LostDecisions />
          <ConsoleFilters filter={filter} onChange={update} />
          <Alert icon={<StarOutlined />} severity="info" sx={{ mb: 2 }}>
            {ADMIN_LISTING_MESSAGES.priorityBanner}
          </Alert>
          <BulkBar
            pageAllSelected={pageAllSelected}
            pageSomeSelected={rows.some((p) => selected.has(p.id))}
            selectedCount={selected.size}
            onSelectPage={(on) =>
              setSelected((s) => {
                const next = new Set(s);
                for (const p of rows) {
                  if (on) next.add(p.id);
                  else next.delete(p.id);
                }
                return next;
              })
            }
            onBatch={(to) => void batch(to)}
            onDelete={() => {
              if (selected.size === 0) void actions.batch([], 'deleted');
              else setDeleting('selection');
            }}
            onClear={() => setSelected(new Set())}
          />
          <ListState
            rows={shown}
            settled={settled}
            failure={{ message: error ? GENERIC_MESSAGES.loadFailed : null, onReload: reload }}
            skeleton={{ height: 150 }}
            empty={{
              icon: <HomeWorkOutlined fontSize="inherit" />,
              title: ADMIN_LISTING_MESSAGES.consoleEmpty,
            }}
          >
            {() => (
              <Stack spacing={1.5} data-testid="admin-property-list">
                {rows.map((p) => (
                  <ManagedPropertyCard
                    variant="admin"
                    key={p.id}
                    property={p}
                    selected={selected.has(p.id)}
                    onSelect={(on) => select(p.id, on)}
                    actions={{
                      onPriority: (on) => void actions.setPriority(p.id, on),
                      onApprove: () => void actions.audit(p.id, 'approved'),
                      onReject: () => setRejecting({ id: p.id, title: p.title }),
                      onVerify: (status) => void actions.verify(p.id, status),
                      onStatus: (to) => void actions.setStatus(p.id, to),
                      onDelete: () => setDeleting(p.id),
                      onLog: () => setLogOf(p),
                    }}
                  />
                ))}
              </Stack>
            )}
          </ListState>
          <Pager page={current} pages={pages} onPage={turnTo} />
        </>
      )}
      <RejectDialog
        title={rejecting?.title ?? null}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && void actions.audit(rejecting.id, 'rejected', reason)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="删除房源"
        message={
          deleting === 'selection'
            ? ADMIN_LISTING_MESSAGES.deleteSelectedConfirm(selected.size)
            : ADMIN_LISTING_MESSAGES.deleteOneConfirm(
                all?.find((p) => p.id === deleting)?.title ?? '',
              )
        }
        confirmLabel="删除"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === 'selection') void batch('deleted');
          else if (deleting) void actions.setStatus(deleting, 'deleted');
        }}
      />
      <ListingLogDialog listing={logOf} onClose={() => setLogOf(null)} />
    </Container>
  );
}
