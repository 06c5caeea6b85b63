import { useSearchParams } from 'react-router';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { DemandCard } from '@client/components/demand/demand-card';
import { EmptyState } from '@client/components/empty-state';
import { ManagedPropertyCard } from '@client/components/property/managed-property-card';
import { useConfirmedDelete } from '@client/components/use-confirmed-delete';
import { deleteDemand } from '@client/data/writes/demand-mutations';
import { useMyDemands, useMyProperties, useOpenDevice } from '@client/data/hooks';
import { deleteListing } from '@client/data/writes/listing-mutations';
import { useAuth } from '@client/lib/session/auth-context';
import { AddLinkButton } from '@client/components/add-link-button';
import { OutboxPanel } from './outbox-panel';

type TabKey = 'properties' | 'demands';

/**
 * 发布管理 (product §2 "Publish management"): the user's listings and demands in two tabs with their
 * counts, the publish buttons, and delete after a confirmation.
 */
export default function ManageScreen() {
  const { user } = useAuth();
  const device = useOpenDevice();
  const userId = user?.id ?? null;
  const { data: properties } = useMyProperties(userId);
  const { data: demands } = useMyDemands(userId);
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'demands' ? 'demands' : 'properties';
  const database = () => {
    if (!device) throw new Error('no database open');
    return device.database;
  };
  const removeProperty = useConfirmedDelete({
    title: '删除房源',
    message: PROPERTY_MESSAGES.deleteConfirm,
    success: PROPERTY_MESSAGES.deleteSuccess,
    failure: PROPERTY_MESSAGES.deleteFailed,
    remove: (id) => deleteListing(database(), id),
  });
  const removeDemand = useConfirmedDelete({
    title: '删除需求',
    message: DEMAND_MESSAGES.deleteConfirm,
    success: DEMAND_MESSAGES.deleteSuccess,
    failure: DEMAND_MESSAGES.deleteFailed,
    remove: (id) => deleteDemand(database(), id),
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontSize: { xs: 20, md: 24 } }}>
          发布管理
        </Typography>
        <Stack direction="row" spacing={1}>
          <AddLinkButton to="/publish/property">发布房源</AddLinkButton>
          <AddLinkButton to="/publish/demand" variant="outlined">
            发布需求
          </AddLinkButton>
        </Stack>
      </Stack>
      <OutboxPanel />
      <Tabs
        value={tab}
        onChange={(_e, value: TabKey) =>
          setParams(value === 'demands' ? { tab: 'demands' } : {}, { replace: true })
        }
        aria-label="发布内容"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="properties" label={`我的房源 (${properties?.length ?? 0})`} />
        <Tab value="demands" label={`我的需求 (${demands?.length ?? 0})`} />
      </Tabs>
      {tab === 'properties' ? (
        properties && properties.length === 0 ? (
          <EmptyState
            title={PROPERTY_MESSAGES.mineEmpty}
            description={PROPERTY_MESSAGES.mineEmptyHint}
          />
        ) : (
          <Stack spacing={1.5}>
            {properties?.map((p) => (
              <ManagedPropertyCard
                variant="owner"
                key={p.id}
                property={p}
                onDelete={() => removeProperty.ask(p.id)}
              />
            ))}
          </Stack>
        )
      ) : demands && demands.length === 0 ? (
        <EmptyState title={DEMAND_MESSAGES.empty} description={DEMAND_MESSAGES.emptyHint} />
      ) : (
        <Stack spacing={1.5}>
          {demands?.map((d) => (
            <DemandCard key={d.id} demand={d} onDelete={() => removeDemand.ask(d.id)} />
          ))}
        </Stack>
      )}
      {removeProperty.dialog}
      {removeDemand.dialog}
    </Container>
  );
}
