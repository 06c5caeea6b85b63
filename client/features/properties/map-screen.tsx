/**
 * 地图找房 (issue 65): the device's public listings on a map, online and offline. The filter is the
 * list screen's, in the same URL parameters, applied on the device as on the list; the map's view
 * is in the URL too (lat, lng, z), so going back from a listing returns to the same place. Under
 * the map, the listings the view holds, in the filter's order.
 */
import {
  lazy,
  startTransition,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DownloadForOfflineOutlined from '@mui/icons-material/DownloadForOfflineOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import ListOutlined from '@mui/icons-material/ListOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { MAP_MESSAGES } from '@couchdb/model/map-facts';
import { MAP_LIST_PAGE, MAP_SCREEN_MESSAGES as MM, MAP_ZOOMS } from '@couchdb/model/map-view-facts';
import { firstInOrder } from '@couchdb/rules/first-in-order';
import { formatPrice } from '@couchdb/rules/format';
import { inView, placeOnMap } from '@couchdb/rules/map-placement';
import {
  activeFilterCount,
  filterProperties,
  propertyFilterFromParams,
  propertyFilterToParams,
  type PropertyFilter,
} from '@couchdb/rules/property-filter';
import { EmptyState } from '@client/components/empty-state';
import { LazyPart } from '@client/components/lazy-part';
import { isOwnTileSource, useBaseMapKind } from '@client/components/map/base-map-choice';
import CountyMapPanel from '@client/components/map/county-map-panel';
import { useMapConfig } from '@client/components/map/map-config';
import { PropertyCard } from '@client/components/property/property-card';
import { PropertyCards } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { usePublicProperties } from '@client/data/hooks';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { FilterPanel } from './components/filter-panel';
import type { MapPin, MapView } from './components/listings-map';

const ListingsMap = lazy(() => import('./components/listings-map'));

/** The map's view in the URL: lat, lng and z, beside the filter's parameters. */
function viewFromParams(params: URLSearchParams) {
  const latitude = Number(params.get('lat'));
  const longitude = Number(params.get('lng'));
  const zoom = Number(params.get('z'));
  if (!params.has('lat') || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (!Number.isInteger(zoom) || zoom < MAP_ZOOMS.min || zoom > MAP_ZOOMS.max) return null;
  return { center: { latitude, longitude }, zoom };
}

function withView(params: URLSearchParams, view: MapView | null): URLSearchParams {
  if (!view) return params;
  params.set('lat', view.latitude.toFixed(5));
  params.set('lng', view.longitude.toFixed(5));
  params.set('z', String(Math.round(view.zoom)));
  return params;
}

function MapFallback({ height }: { height: number | string }) {
  return (
    <Box
      sx={{
        height,
        bgcolor: '#eef3f1',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Typography color="textSecondary" sx={{ fontSize: 14 }}>
        {MM.loading}
      </Typography>
    </Box>
  );
}

export default function MapScreen() {
  const [params, setParams] = useSearchParams();
  const filterKey = propertyFilterToParams(propertyFilterFromParams(params)).toString();
  const filter = useMemo(
    () => propertyFilterFromParams(new URLSearchParams(filterKey)),
    [filterKey],
  );
  // Read once: afterwards the map is where the user moved it, and the URL follows it.
  const [initial] = useState(() => viewFromParams(params));
  const [view, setView] = useState<MapView | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const { user } = useAuth();
  const config = useMapConfig();
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [panelOpen, setPanelOpen] = useState(false);
  const favorites = useFavoriteToggle();
  const [now] = useState(() => Date.now());

  const { data: all } = usePublicProperties();
  const placement = useMemo(() => (all ? placeOnMap(all) : undefined), [all]);
  const matching = useMemo(
    () => (all ? new Set<PropertyDoc>(filterProperties(all, filter)) : undefined),
    [all, filter],
  );
  const placed = useMemo(
    () => placement?.placed.filter((p) => matching?.has(p.property)) ?? [],
    [placement, matching],
  );
  const unplaced = placement?.unplaced.filter((p) => matching?.has(p)).length ?? 0;
  const pins = useMemo<MapPin[]>(
    () =>
      placed.map((p) => ({
        id: p.property.id,
        latitude: p.latitude,
        longitude: p.longitude,
        label: formatPrice(p.property.type, p.property.price),
        name: `${p.property.title}，${formatPrice(p.property.type, p.property.price)}`,
        atCommunity: p.atCommunity,
      })),
    [placed],
  );
  const visible = useMemo(
    () => (view ? inView(placed, view.bounds).map((p) => p.property) : undefined),
    [placed, view],
  );
  const target = Math.min(visible?.length ?? 0, pages * MAP_LIST_PAGE);
  const shown = useMemo(
    () => (visible ? firstInOrder(visible, target, filter.sort) : undefined),
    [visible, target, filter.sort],
  );
  const selected = selectedId ? placed.find((p) => p.property.id === selectedId)?.property : null;

  // Leaflet may report a move after the screen has left (an animation ending before the map's
  // effects are cleaned up): it must not write the map's view over the next screen's URL.
  const left = useRef(false);
  useLayoutEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);
  const onView = useCallback(
    (next: MapView) => {
      if (left.current) return;
      setView(next);
      setPages(1);
      setParams(
        (current) => withView(propertyFilterToParams(propertyFilterFromParams(current)), next),
        {
          replace: true,
        },
      );
    },
    [setParams],
  );
  const apply = (next: PropertyFilter) =>
    setParams(withView(propertyFilterToParams(next), view), { replace: true });
  const count = activeFilterCount(filter);
  const mapHeight = desktop ? 560 : 'max(320px, 55vh)';
  const baseMap = useBaseMapKind(config);
  const noBaseMap = baseMap === 'none';
  // 离线地图 is offered where the app may keep the base map: the gateway's own file or tiles.
  const offline =
    baseMap === 'kept' ||
    baseMap === 'extract' ||
    (baseMap === 'tiles' && config.tiles !== null && isOwnTileSource(config.tiles.url));
  const [offlineOpen, setOfflineOpen] = useState(false);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 20, md: 24 } }}>
          {MM.title}
        </Typography>
        <Button
          component={RouterLink}
          to={filterKey ? `/properties?${filterKey}` : '/properties'}
          variant="outlined"
          size="small"
          startIcon={<ListOutlined />}
          data-testid="to-list"
        >
          {MM.toList}
        </Button>
      </Stack>
      <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Badge color="primary" badgeContent={count} invisible={count === 0}>
            <Button
              variant={panelOpen ? 'contained' : 'outlined'}
              size="small"
              startIcon={<FilterListOutlined />}
              aria-expanded={panelOpen}
              aria-controls="map-filter-panel"
              onClick={() => setPanelOpen(!panelOpen)}
            >
              筛选
            </Button>
          </Badge>
          <Typography
            role="status"
            data-testid="map-count"
            sx={{ fontSize: 14, color: 'text.secondary', ml: 1, flexGrow: 1 }}
          >
            {visible ? MM.inView(visible.length) : MM.readingListings}
          </Typography>
          {offline && (
            <Button
              size="small"
              startIcon={<DownloadForOfflineOutlined />}
              aria-expanded={offlineOpen}
              aria-controls="map-offline-panel"
              onClick={() => setOfflineOpen(!offlineOpen)}
            >
              {MAP_MESSAGES.offlineTitle}
            </Button>
          )}
          {unplaced > 0 && (
            <Typography data-testid="map-unplaced" sx={{ fontSize: 13, color: 'text.secondary' }}>
              {MM.unplaced(unplaced)}
            </Typography>
          )}
        </Stack>
        <Collapse in={panelOpen} id="map-filter-panel" unmountOnExit>
          <Box sx={{ pt: 2 }}>
            <FilterPanel
              filter={filter}
              onChange={apply}
              onReset={() => apply(filter.keyword ? { keyword: filter.keyword } : {})}
            />
          </Box>
        </Collapse>
      </Card>

      {offline && (
        <Collapse in={offlineOpen} id="map-offline-panel" sx={{ mb: offlineOpen ? 2 : 0 }}>
          <CountyMapPanel config={config} />
        </Collapse>
      )}
      <Box
        sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', mb: 1 }}
        data-testid="listings-map"
        // The view the list below holds: what a test compares the list with.
        data-bounds={
          view
            ? [view.bounds.south, view.bounds.west, view.bounds.north, view.bounds.east].join(',')
            : undefined
        }
      >
        <LazyPart name="the map" fallback={<MapFallback height={mapHeight} />}>
          <ListingsMap
            pins={pins}
            initial={initial}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onView={onView}
            config={config}
            townships={noBaseMap}
            height={mapHeight}
          />
        </LazyPart>
        {selected && (
          <Box
            sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 1000 }}
            data-testid="map-selected"
          >
            <Box sx={{ position: 'relative' }}>
              <PropertyCard property={selected} layout="list" now={now} />
              <IconButton
                aria-label={MM.closeCard}
                size="small"
                onClick={() => setSelectedId(null)}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        )}
      </Box>
      {noBaseMap && (
        <Typography data-testid="map-no-base" sx={{ fontSize: 13, color: 'text.secondary', mb: 2 }}>
          {user?.user_type === 'admin' ? MM.noBaseMapAdmin : MM.noBaseMap}
        </Typography>
      )}

      {visible && visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffOutlined fontSize="inherit" />}
          title={MM.emptyView}
          description={MM.emptyViewHint}
        />
      ) : (
        <PropertyCards
          properties={shown}
          layout="list"
          favorites={favorites}
          now={now}
          skeletons={3}
          testId="map-list"
        />
      )}
      {visible && visible.length > target && (
        <Box sx={{ textAlign: 'center', py: 2 }}>
          <Button variant="outlined" onClick={() => startTransition(() => setPages(pages + 1))}>
            加载更多
          </Button>
        </Box>
      )}
    </Container>
  );
}
