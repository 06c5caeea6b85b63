import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import {
  DEMAND_MESSAGES,
  DEMAND_STATUSES,
  DEMAND_STATUS_LABELS,
  DEMAND_TYPES,
  DEMAND_TYPE_LABELS,
} from '@couchdb/model/demand-facts';
import { DemandCard } from '@client/components/demand/demand-card';
import { ListState } from '@client/components/list-state';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';
import { useConfirmedDelete } from '@client/components/use-confirmed-delete';
import { deleteDemand } from '@client/data/writes/demand-mutations';
import { useMyDemands, useOpenDevice } from '@client/data/hooks';
import { useAuth } from '@client/lib/session/auth-context';
import { AddLinkButton } from '@client/components/add-link-button';
import { PageHeader } from '@client/components/page-header';
import { matchesKeyword } from '@couchdb/rules/keyword-search';
import { useDemandStatusChange } from '@client/components/demand/use-demand-status';

/**
 * 我的需求 (product §2 "My demands"): the user's demands from the device, searched and filtered by
 * type and status, each with edit (/publish/demand?edit=), a change of state (as on
 * /admin/demands) and delete; a failed device query shows 加载需求列表失败 with a reload.
 */
export default function MyDemandsScreen() {
  const { user } = useAuth();
  const device = useOpenDevice();
  const { data: demands, error, reload } = useMyDemands(user?.id ?? null);
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const changeStatus = useDemandStatusChange();
  const remove = useConfirmedDelete({
    title: '删除需求',
    message: DEMAND_MESSAGES.deleteConfirm,
    success: DEMAND_MESSAGES.deleteSuccess,
    failure: DEMAND_MESSAGES.myDeleteFailed,
    remove: async (id) => {
      if (!device) throw new Error('no database open');
      await deleteDemand(device.database, id);
    },
  });

  const shown = useMemo(() => {
    return demands?.filter(
      (d) =>
        (!type || d.type === type) &&
        (!status || d.status === status) &&
        matchesKeyword(keyword, d.title, d.requirements),
    );
  }, [demands, keyword, type, status]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="我的需求">
        <AddLinkButton to="/publish/demand">发布需求</AddLinkButton>
      </PageHeader>
      <ListFilterCard>
        <ListSearchField
          value={keyword}
          onChange={setKeyword}
          label="搜索需求"
          placeholder="搜索标题或描述"
        />
        <FilterSelect
          label="类型"
          value={type}
          onChange={setType}
          anyLabel="全部"
          options={DEMAND_TYPES.map((t) => ({ value: t, label: DEMAND_TYPE_LABELS[t] }))}
        />
        <FilterSelect
          label="状态"
          value={status}
          onChange={setStatus}
          anyLabel="全部"
          options={DEMAND_STATUSES.map((s) => ({ value: s, label: DEMAND_STATUS_LABELS[s] }))}
        />
      </ListFilterCard>
      <ListState
        rows={shown}
        failure={{
          message: error ? DEMAND_MESSAGES.loadFailed : null,
          hint: DEMAND_MESSAGES.loadFailedHint,
          onReload: reload,
        }}
        skeleton={{ height: 180 }}
        empty={{
          icon: <AssignmentOutlined fontSize="inherit" />,
          title: demands && demands.length > 0 ? DEMAND_MESSAGES.noMatch : DEMAND_MESSAGES.empty,
          description: demands && demands.length > 0 ? undefined : DEMAND_MESSAGES.emptyHint,
          action: (
            <Button component={RouterLink} to="/publish/demand" variant="contained">
              发布需求
            </Button>
          ),
        }}
      >
        {(rows) => (
          <Stack spacing={1.5} data-testid="demand-list">
            {rows.map((d) => (
              <DemandCard
                key={d.id}
                demand={d}
                onDelete={() => remove.ask(d.id)}
                onStatus={(to) => void changeStatus(d.id, to)}
              />
            ))}
          </Stack>
        )}
      </ListState>
      {remove.dialog}
    </Container>
  );
}
