import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { AREA_BANDS, TOWNSHIPS } from '@couchdb/model/constants';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyType,
} from '@couchdb/model/property-facts';
import { filterAndSortProperties, priceBandsFor } from '@couchdb/rules/property-filter';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { EmptyState } from '@client/components/empty-state';
import { FilterSelect, ListFilterCard, ListSearchField } from '@client/components/list-filters';
import { LayoutToggle } from '@client/components/property/layout-toggle';
import { PropertyCards } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useListLayout } from '@client/components/property/use-list-layout';
import { useToast } from '@client/components/toast/toast-context';
import { clearFavorites, useFavoriteProperties, useOpenDevice } from '@client/data/hooks';
import { useAuth } from '@client/lib/session/auth-context';
import { failureMessage } from '@client/pwa/failure-message';
import { PageHeader } from '@client/components/page-header';

/** A price band of either type: `sale:100-200` (万) or `rent:0-3000` (元/月); '' for any. */
type PriceChoice = '' | `${PropertyType}:${string}`;

function parsePrice(choice: PriceChoice): { type?: PropertyType; price?: string } {
  if (!choice) return {};
  const [type, price] = choice.split(':') as [PropertyType, string];
  return { type, price };
}

/**
 * 我的收藏 (product §2 "Favourites"): the user's favourites, synced to the account, filtered on the
 * device by keyword, price band (sale or rent), area band and township; clear all or remove one.
 */
export default function FavoritesScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const device = useOpenDevice();
  const toast = useToast();
  const { data } = useFavoriteProperties(userId);
  const favorites = useFavoriteToggle();
  const [layout, setLayout] = useListLayout();
  const [keyword, setKeyword] = useState('');
  const [price, setPrice] = useState<PriceChoice>('');
  const [area, setArea] = useState('');
  const [location, setLocation] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(() => Date.now());

  const shown = useMemo(() => {
    if (!data) return undefined;
    const filtered = filterAndSortProperties(data.properties, {
      keyword: keyword || undefined,
      ...parsePrice(price),
      area: area || undefined,
      location: location || undefined,
    });
    // Most recently favourited first, as the data comes (the filter sorts by date of listing).
    const order = new Map(data.properties.map((p, i) => [p.id, i]));
    return filtered.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }, [data, keyword, price, area, location]);
  const total = data ? data.properties.length + data.unavailable.length : 0;
  const filtering = Boolean(keyword || price || area || location);

  const clearAll = async () => {
    if (!device || !userId) return;
    try {
      await clearFavorites(device.database, userId);
      toast.success(FAVORITE_MESSAGES.cleared);
    } catch (err) {
      toast.error(
        failureMessage('clearing favourites failed', err, GENERIC_MESSAGES.operationFailed),
      );
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="我的收藏" count={data ? `共 ${total} 套` : undefined}>
        <LayoutToggle value={layout} onChange={setLayout} />
        <Button
          color="error"
          startIcon={<DeleteSweepOutlined />}
          disabled={total === 0}
          onClick={() => setConfirming(true)}
        >
          清空收藏
        </Button>
      </PageHeader>

      {total > 0 && (
        <ListFilterCard stackBelow="md">
          <ListSearchField
            value={keyword}
            onChange={setKeyword}
            label="搜索收藏"
            placeholder="搜索标题、描述或地址"
          />
          <FilterSelect
            label="价格"
            value={price}
            onChange={(v) => setPrice(v as PriceChoice)}
            anyLabel="不限"
            minWidth={150}
          >
            {PROPERTY_TYPES.flatMap((type) => [
              <ListSubheader key={type}>{PROPERTY_TYPE_LABELS[type]}</ListSubheader>,
              ...priceBandsFor(type).map((band) => (
                <MenuItem key={`${type}:${band.key}`} value={`${type}:${band.key}`}>
                  {band.label}
                </MenuItem>
              )),
            ])}
          </FilterSelect>
          <FilterSelect
            label="面积"
            value={area}
            onChange={setArea}
            anyLabel="不限"
            options={AREA_BANDS.map((b) => ({ value: b.key, label: b.label }))}
          />
          <FilterSelect
            label="区域"
            value={location}
            onChange={setLocation}
            anyLabel="不限"
            options={TOWNSHIPS.map((t) => ({ value: t, label: t }))}
          />
        </ListFilterCard>
      )}

      {data && data.unavailable.length > 0 && (
        <Typography role="note" color="textSecondary" sx={{ fontSize: 14, mb: 1.5 }}>
          {FAVORITE_MESSAGES.unavailable(data.unavailable.length)}
        </Typography>
      )}

      {shown && shown.length === 0 ? (
        filtering && total > 0 ? (
          <EmptyState
            icon={<SearchOutlined fontSize="inherit" />}
            title={FAVORITE_MESSAGES.noMatch}
            action={
              <Button
                variant="outlined"
                onClick={() => {
                  setKeyword('');
                  setPrice('');
                  setArea('');
                  setLocation('');
                }}
              >
                清空筛选
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<FavoriteBorderOutlined fontSize="inherit" />}
            title={FAVORITE_MESSAGES.empty}
            description="在房源上点击爱心即可收藏，换一台设备登录也能看到"
            action={
              <Button component={RouterLink} to="/properties" variant="contained">
                去看看房源
              </Button>
            }
          />
        )
      ) : (
        <PropertyCards
          properties={shown}
          layout={layout}
          favorites={favorites}
          now={now}
          namedRemoval
        />
      )}

      <ConfirmDialog
        open={confirming}
        title="清空收藏"
        message={`确定要清空全部 ${total} 套收藏的房源吗？此操作无法撤销。`}
        confirmLabel="清空"
        onConfirm={() => void clearAll()}
        onClose={() => setConfirming(false)}
      />
    </Container>
  );
}
