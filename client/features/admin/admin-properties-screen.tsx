import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { PROPERTY_TYPE_LABELS, type PropertyStatus } from '@couchdb/model/property-facts';
import {
  ADMIN_AUDIT_FILTERS,
  ADMIN_LISTING_MESSAGES,
  ADMIN_STATUS_FILTERS,
  ADMIN_TYPE_FILTERS,
  DEFAULT_ADMIN_FILTER,
  filterAdminListings,
  pageButtons,
  pageCount,
  pageOf,
  type AdminListingFilter,
} from '@couchdb/rules/admin-listings';
import { PROPERTY_SORT_LABELS, PROPERTY_SORTS } from '@couchdb/rules/property-filter';
import {
  AUDIT_STATUS_LABELS,
  PROPERTY_STATUS_LABELS,
  propertyStats,
} from '@couchdb/rules/property-status';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { EmptyState } from '@client/components/empty-state';
import { FilterSelect, ListSearchField } from '@client/components/list-filters';
import { useSyncSettled } from '@client/data/hooks';
import { useAllProperties } from '@client/data/hooks/use-admin';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { PageHeader } from '@client/components/page-header';
import { AdminGate } from './components/admin-gate';
import { AdminPropertyCard } from './components/admin-property-card';
import { LoadFailed } from './components/load-failed';
import { OplogPanel } from './components/oplog-panel';
import { RejectDialog } from './components/reject-dialog';
import { StatCards } from './components/stat-cards';
import { useAdminActions } from './use-admin-actions';

const ANY = '全部';
const label = (value: string, labels: Record<string, string>) =>
  value === 'all' ? ANY : (labels[value] ?? value);

/**
 * 房源管理 (spec §2 "Admin listing management"): stat cards from the device's listings, the
 * listing list with search, filters, sort, selection and bulk actions, 20 per page; and the
 * operation log. Every change obeys spec §4 and is checked again by the gateway.
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
  const update = (change: Partial<AdminListingFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
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
          <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1.3fr' },
                '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
              }}
            >
              <ListSearchField
                value={filter.keyword}
                onChange={(keyword) => update({ keyword })}
                label="搜索房源"
                placeholder="搜索标题或描述"
              />
              <FilterSelect
                label="状态"
                value={filter.status}
                onChange={(v) => update({ status: v as AdminListingFilter['status'] })}
                options={ADMIN_STATUS_FILTERS.map((v) => ({
                  value: v,
                  label: label(v, PROPERTY_STATUS_LABELS),
                }))}
              />
              <FilterSelect
                label="审核"
                value={filter.audit}
                onChange={(v) => update({ audit: v as AdminListingFilter['audit'] })}
                options={ADMIN_AUDIT_FILTERS.map((v) => ({
                  value: v,
                  label: label(v, AUDIT_STATUS_LABELS),
                }))}
              />
              <FilterSelect
                label="类型"
                value={filter.type}
                onChange={(v) => update({ type: v as AdminListingFilter['type'] })}
                options={ADMIN_TYPE_FILTERS.map((v) => ({
                  value: v,
                  label: label(v, PROPERTY_TYPE_LABELS),
                }))}
              />
              <FilterSelect
                label="排序"
                value={filter.sort}
                onChange={(v) => update({ sort: v as AdminListingFilter['sort'] })}
                options={PROPERTY_SORTS.map((v) => ({ value: v, label: PROPERTY_SORT_LABELS[v] }))}
                minWidth={0}
              />
            </Box>
          </Card>
          <Alert icon={<StarOutlined />} severity="info" sx={{ mb: 2 }}>
            {ADMIN_LISTING_MESSAGES.priorityBanner}
          </Alert>
          <Card
            sx={{
              p: 1,
              mb: 2,
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              position: 'sticky',
              top: { xs: 56, md: 64 },
              zIndex: 2,
            }}
          >
            <FormControlLabel
              sx={{ ml: 0.5, mr: 'auto' }}
              control={
                <Checkbox
                  checked={pageAllSelected}
                  indeterminate={!pageAllSelected && rows.some((p) => selected.has(p.id))}
                  onChange={(e) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      for (const p of rows) {
                        if (e.target.checked) next.add(p.id);
                        else next.delete(p.id);
                      }
                      return next;
                    })
                  }
                />
              }
              label={`全选本页（已选 ${selected.size} 套）`}
            />
            <Button size="small" variant="outlined" onClick={() => void batch('active')}>
              批量上架
            </Button>
            <Button size="small" variant="outlined" onClick={() => void batch('inactive')}>
              批量下架
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={() => {
                if (selected.size === 0) void actions.batch([], 'deleted');
                else setDeleting('selection');
              }}
            >
              批量删除
            </Button>
            <Button size="small" onClick={() => setSelected(new Set())}>
              清除选择
            </Button>
          </Card>
          {error ? (
            <LoadFailed message={GENERIC_MESSAGES.loadFailed} onReload={reload} />
          ) : !shown || (shown.length === 0 && !settled) ? (
            <Stack spacing={1.5}>
              <Skeleton variant="rounded" height={150} />
              <Skeleton variant="rounded" height={150} />
            </Stack>
          ) : shown.length === 0 ? (
            <EmptyState
              icon={<HomeWorkOutlined fontSize="inherit" />}
              title={ADMIN_LISTING_MESSAGES.consoleEmpty}
            />
          ) : (
            <Stack spacing={1.5} data-testid="admin-property-list">
              {rows.map((p) => (
                <AdminPropertyCard
                  key={p.id}
                  property={p}
                  selected={selected.has(p.id)}
                  onSelect={(on) => select(p.id, on)}
                  actions={{
                    onPriority: (on) => void actions.setPriority(p.id, on),
                    onApprove: () => void actions.audit(p.id, 'approved'),
                    onReject: () => setRejecting({ id: p.id, title: p.title }),
                    onStatus: (to) => void actions.setStatus(p.id, to),
                    onDelete: () => setDeleting(p.id),
                    onLog: () => setLogOf(p),
                  }}
                />
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Stack
              component="nav"
              aria-label="分页"
              direction="row"
              sx={{ justifyContent: 'center', gap: 0.5, mt: 2, flexWrap: 'wrap' }}
            >
              <Button size="small" disabled={current <= 1} onClick={() => setPage(current - 1)}>
                上一页
              </Button>
              {pageButtons(current, pages).map((n) => (
                <Button
                  key={n}
                  size="small"
                  variant={n === current ? 'contained' : 'text'}
                  aria-current={n === current ? 'page' : undefined}
                  onClick={() => setPage(n)}
                  sx={{ minWidth: 36 }}
                >
                  {n}
                </Button>
              ))}
              <Button size="small" disabled={current >= pages} onClick={() => setPage(current + 1)}>
                下一页
              </Button>
            </Stack>
          )}
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
        message={ADMIN_LISTING_MESSAGES.deleteConfirm}
        confirmLabel="删除"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === 'selection') void batch('deleted');
          else if (deleting) void actions.setStatus(deleting, 'deleted');
        }}
      />
      <Dialog open={logOf !== null} onClose={() => setLogOf(null)} fullWidth maxWidth="md">
        <DialogTitle sx={{ pr: 6 }}>
          操作日志：{logOf?.title}
          <IconButton
            aria-label="关闭"
            onClick={() => setLogOf(null)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseOutlined />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>{logOf && <OplogPanel propertyId={logOf.id} />}</Box>
        </DialogContent>
      </Dialog>
    </Container>
  );
}
