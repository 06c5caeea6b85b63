import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import {
  PROPERTY_MESSAGES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
} from '@couchdb/model/property-facts';
import { formatAddress } from '@couchdb/rules/format';
import {
  MY_LISTING_FILTER_LABELS,
  MY_LISTING_FILTERS,
  matchesMyListingFilter,
  type MyListingFilter,
} from '@couchdb/rules/property-status';
import { ListState } from '@client/components/list-state';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';
import { LayoutToggle } from '@client/components/property/layout-toggle';
import { PosterButton } from '@client/components/poster/poster-button';
import { ManagedPropertyCard } from '@client/components/property/managed-property-card';
import { useListLayout } from '@client/components/property/use-list-layout';
import { useConfirmedDelete } from '@client/components/use-confirmed-delete';
import { useMyProperties, useOpenDevice } from '@client/data/hooks';
import { deleteListing } from '@client/data/writes/listing-mutations';
import { useAuth } from '@client/lib/session/auth-context';
import { AddLinkButton } from '@client/components/add-link-button';
import { PageHeader } from '@client/components/page-header';
import { matchesKeyword } from '@couchdb/rules/keyword-search';

/**
 * 我的房源 (product §2 "My listings"): the user's listings from the device with the combined status,
 * searched by title, description or address and filtered by status and type.
 */
export default function MyPropertiesScreen() {
  const { user } = useAuth();
  const device = useOpenDevice();
  const { data: properties } = useMyProperties(user?.id ?? null);
  const [layout, setLayout] = useListLayout();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<MyListingFilter>('all');
  const [type, setType] = useState('');
  const remove = useConfirmedDelete({
    title: '删除房源',
    message: PROPERTY_MESSAGES.deleteConfirm,
    success: PROPERTY_MESSAGES.deleteSuccess,
    failure: PROPERTY_MESSAGES.myDeleteFailed,
    remove: async (id) => {
      if (!device) throw new Error('no database open');
      await deleteListing(device.database, id);
    },
  });

  const shown = useMemo(() => {
    return properties?.filter(
      (p) =>
        matchesMyListingFilter(p, status) &&
        (!type || p.type === type) &&
        matchesKeyword(keyword, p.title, p.description, formatAddress(p.address)),
    );
  }, [properties, keyword, status, type]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="我的房源">
        <LayoutToggle value={layout} onChange={setLayout} wideOnly />
        <AddLinkButton to="/publish/property">发布房源</AddLinkButton>
      </PageHeader>
      <ListFilterCard>
        <ListSearchField
          value={keyword}
          onChange={setKeyword}
          label="搜索我的房源"
          placeholder="搜索标题、描述或地址"
        />
        <FilterSelect
          label="状态"
          value={status}
          onChange={(v) => setStatus(v as MyListingFilter)}
          options={MY_LISTING_FILTERS.map((f) => ({
            value: f,
            label: MY_LISTING_FILTER_LABELS[f],
          }))}
        />
        <FilterSelect
          label="类型"
          value={type}
          onChange={setType}
          anyLabel="全部"
          options={PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }))}
        />
      </ListFilterCard>
      <ListState
        rows={shown}
        skeleton={{ height: 140 }}
        empty={{
          icon: <HomeWorkOutlined fontSize="inherit" />,
          title:
            properties && properties.length > 0
              ? PROPERTY_MESSAGES.mineNoMatch
              : PROPERTY_MESSAGES.mineEmpty,
          description:
            properties && properties.length > 0 ? undefined : PROPERTY_MESSAGES.mineEmptyHint,
          action: (
            <Button component={RouterLink} to="/publish/property" variant="contained">
              发布房源
            </Button>
          ),
        }}
      >
        {(rows) => (
          <Box
            data-testid="own-property-list"
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: layout === 'grid' ? { xs: '1fr', md: 'repeat(2, 1fr)' } : '1fr',
            }}
          >
            {rows.map((p) => (
              <ManagedPropertyCard
                variant="owner"
                key={p.id}
                property={p}
                onDelete={() => remove.ask(p.id)}
                extraAction={<PosterButton size="small" listing={p} />}
              />
            ))}
          </Box>
        )}
      </ListState>
      {remove.dialog}
    </Container>
  );
}
