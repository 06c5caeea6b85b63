import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import {
  DEMAND_MESSAGES,
  DEMAND_STATUSES,
  DEMAND_STATUS_LABELS,
  DEMAND_TYPES,
  DEMAND_TYPE_LABELS,
  type DemandStatus,
  type DemandType,
} from '@couchdb/model/demand-facts';
import type { UserRole } from '@couchdb/model/roles';
import { pageDenial } from '@couchdb/rules/access';
import { pageCount, pageOf } from '@couchdb/rules/admin-listings';
import {
  canManageDemand,
  DEFAULT_DEMAND_FILTER,
  filterDemands,
  type DemandFilter,
} from '@couchdb/rules/demand-list';
import { AccessDenied } from '@client/components/access-denied';
import { AddLinkButton } from '@client/components/add-link-button';
import { DemandCard } from '@client/components/demand/demand-card';
import { ListState } from '@client/components/list-state';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';
import { PageHeader } from '@client/components/page-header';
import { Pager } from '@client/components/pager';
import { useConfirmedDelete } from '@client/components/use-confirmed-delete';
import { deleteDemand } from '@client/data/writes/demand-mutations';
import { useDemandStatusChange } from '@client/components/demand/use-demand-status';
import { useOpenDevice, useSyncSettled } from '@client/data/hooks';
import { useDemandList } from '@client/data/hooks/use-demand-list';
import { useAuth } from '@client/lib/session/auth-context';

/**
 * 需求管理 (product §2 "Admin demands"): every demand on an admin's device; for anyone else signed in
 * the same screen titled 我的需求 with their own (the gateway sends them no other). Search, type and
 * status filters, 20 per page with 上一页/下一页; the owner or an admin changes a demand's state or
 * deletes it. Writes go to the device first and the gateway checks them again.
 */
export default function AdminDemandsScreen() {
  const { user } = useAuth();
  const viewer = user ? { id: user.id, role: user.user_type } : null;
  const denial = pageDenial('login', viewer);
  if (denial || !viewer) {
    return <AccessDenied title={denial?.title ?? ''} message={denial?.message ?? ''} />;
  }
  return <DemandConsole viewer={viewer} />;
}

function DemandConsole({ viewer }: { viewer: { id: string; role: UserRole } }) {
  const admin = viewer.role === 'admin';
  const device = useOpenDevice();
  const { data: all, error, reload } = useDemandList(viewer);
  const settled = useSyncSettled('demands');
  const [filter, setFilter] = useState<DemandFilter>(DEFAULT_DEMAND_FILTER);
  const [page, setPage] = useState(1);
  const remove = useConfirmedDelete({
    title: '删除需求',
    message: DEMAND_MESSAGES.deleteConfirm,
    success: DEMAND_MESSAGES.deleteSuccess,
    failure: admin ? DEMAND_MESSAGES.adminDeleteFailed : DEMAND_MESSAGES.myDeleteFailed,
    remove: async (id) => {
      if (!device) throw new Error('no database open');
      await deleteDemand(device.database, id);
    },
  });
  const changeStatus = useDemandStatusChange();

  const shown = useMemo(() => (all ? filterDemands(all, filter) : undefined), [all, filter]);
  const pages = pageCount(shown?.length ?? 0);
  const current = Math.min(page, pages);
  const rows = shown ? pageOf(shown, current) : [];
  const update = (change: Partial<DemandFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      {admin && (
        <Button component={RouterLink} to="/admin" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
          返回管理后台
        </Button>
      )}
      <PageHeader title={admin ? DEMAND_MESSAGES.adminTitle : DEMAND_MESSAGES.ownTitle}>
        {!admin && <AddLinkButton to="/publish/demand">发布需求</AddLinkButton>}
      </PageHeader>
      <ListFilterCard>
        <ListSearchField
          value={filter.keyword}
          onChange={(keyword) => update({ keyword })}
          label="搜索需求"
          placeholder="搜索标题、描述、区域或联系人"
        />
        <FilterSelect
          label="类型"
          value={filter.type}
          onChange={(type) => update({ type: type as '' | DemandType })}
          anyLabel="全部"
          options={DEMAND_TYPES.map((t) => ({ value: t, label: DEMAND_TYPE_LABELS[t] }))}
        />
        <FilterSelect
          label="状态"
          value={filter.status}
          onChange={(status) => update({ status: status as '' | DemandStatus })}
          anyLabel="全部"
          options={DEMAND_STATUSES.map((s) => ({ value: s, label: DEMAND_STATUS_LABELS[s] }))}
        />
      </ListFilterCard>
      <ListState
        rows={shown}
        settled={settled}
        failure={{ message: error ? DEMAND_MESSAGES.loadFailed : null, onReload: reload }}
        skeleton={{ height: 180 }}
        empty={{
          icon: <AssignmentOutlined fontSize="inherit" />,
          title: all && all.length > 0 ? DEMAND_MESSAGES.noMatch : DEMAND_MESSAGES.empty,
        }}
      >
        {() => (
          <Stack spacing={1.5} data-testid="demand-list">
            {rows.map((d) => (
              <DemandCard
                key={d.id}
                demand={d}
                publisher={d.publisher}
                editable={d.user_id === viewer.id}
                onStatus={
                  canManageDemand(viewer, d) ? (to) => void changeStatus(d.id, to) : undefined
                }
                onDelete={() => remove.ask(d.id)}
              />
            ))}
          </Stack>
        )}
      </ListState>
      <Pager page={current} pages={pages} onPage={setPage} variant="count" />
      {remove.dialog}
    </Container>
  );
}
