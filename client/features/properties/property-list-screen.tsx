import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { PAGE_SIZE } from '@couchdb/model/constants';
import { MAP_SCREEN_MESSAGES } from '@couchdb/model/map-view-facts';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { firstInOrder } from '@couchdb/rules/first-in-order';
import {
  activeFilterCount,
  filterProperties,
  priorityFirstNote,
  propertyFilterFromParams,
  propertyFilterToParams,
  type PropertyFilter,
} from '@couchdb/rules/property-filter';
import { EmptyState } from '@client/components/empty-state';
import { LayoutToggle } from '@client/components/property/layout-toggle';
import { PropertyCards } from '@client/components/property/property-grid';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useListLayout } from '@client/components/property/use-list-layout';
import { useSteppedCount } from '@client/components/use-stepped-count';
import { usePublicProperties } from '@client/data/hooks';
import { FilterPanel } from './components/filter-panel';
import { SearchBox } from '@client/components/search-box';
import { SaveSearchButton } from '@client/components/saved-search/save-search-button';
import { describeFilter } from '@couchdb/rules/search-match';

/**
 * 房源列表 (product §2): the filter lives in the URL (type, keyword, location and the panel's choices);
 * filtering and sorting run on the device over every public listing in RxDB, 20 per page.
 */
export default function PropertyListScreen() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => propertyFilterFromParams(params), [params]);
  const filterKey = propertyFilterToParams(filter).toString();
  const { data: all } = usePublicProperties();
  // Every match is counted, but only the pages shown are put in order (firstInOrder).
  const results = useMemo(() => (all ? filterProperties(all, filter) : undefined), [all, filter]);
  const favorites = useFavoriteToggle();
  const [layout, setLayout] = useListLayout();
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const open = panelOpen ?? desktop;
  const [now] = useState(() => Date.now());

  // Pages shown, reset when the filter changes.
  const [paging, setPaging] = useState({ key: filterKey, pages: 1 });
  const pages = paging.key === filterKey ? paging.pages : 1;
  const target = Math.min(results?.length ?? 0, pages * PAGE_SIZE);
  const rendered = useSteppedCount(target);
  const ordered = useMemo(
    () => (results ? firstInOrder(results, target, filter.sort) : undefined),
    [results, target, filter.sort],
  );
  const shown = ordered?.slice(0, rendered);
  // The next page is offered once this one is all on screen (not while its first cards render).
  const hasMore = results !== undefined && rendered === target && results.length > target;
  // A transition: the next 20 cards render in slices, the page keeps scrolling smoothly.
  const more = () => startTransition(() => setPaging({ key: filterKey, pages: pages + 1 }));

  // Further pages load when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const moreRef = useRef(more);
  useEffect(() => {
    moreRef.current = more;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) moreRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, pages, filterKey]);

  const apply = (next: PropertyFilter, push = false) =>
    setParams(propertyFilterToParams(next), { replace: !push });
  const count = activeFilterCount(filter);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 20, md: 24 } }}>
          房源列表
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            component={RouterLink}
            to={filterKey ? `/map?${filterKey}` : '/map'}
            variant="outlined"
            size="small"
            startIcon={<MapOutlined />}
            data-testid="to-map"
          >
            {MAP_SCREEN_MESSAGES.toMap}
          </Button>
          <Button
            component={RouterLink}
            to="/areas"
            variant="outlined"
            size="small"
            startIcon={<PlaceOutlined />}
          >
            区域找房
          </Button>
        </Stack>
      </Stack>
      <Stack spacing={2}>
        <SearchBox
          key={filter.keyword ?? ''}
          initial={filter.keyword ?? ''}
          onSearch={(keyword) => apply({ ...filter, keyword: keyword || undefined }, true)}
        />
        <Card sx={{ p: { xs: 1.5, md: 2.5 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Badge color="primary" badgeContent={count} invisible={count === 0}>
              <Button
                variant={open ? 'contained' : 'outlined'}
                color="primary"
                size="small"
                startIcon={<FilterListOutlined />}
                aria-expanded={open}
                aria-controls="property-filter-panel"
                onClick={() => setPanelOpen(!open)}
              >
                筛选
              </Button>
            </Badge>
            <Typography
              role="status"
              data-testid="result-count"
              sx={{ fontSize: 14, color: 'text.secondary', ml: 1, flexGrow: 1 }}
            >
              {results ? (
                <>
                  共找到{' '}
                  <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
                    {results.length}
                  </Box>{' '}
                  套房源
                </>
              ) : (
                '正在读取本机房源…'
              )}
            </Typography>
            <SaveSearchButton filter={filter} summary={describeFilter(filter)} />
            <LayoutToggle value={layout} onChange={setLayout} />
          </Stack>
          {filter.sort && filter.sort !== 'time_desc' && results?.some((p) => p.is_priority) && (
            <Typography
              data-testid="priority-first-note"
              sx={{ fontSize: 13, color: 'text.secondary', mt: 1 }}
            >
              {priorityFirstNote(filter.sort)}
            </Typography>
          )}
          {filter.community && (
            <Chip
              data-testid="community-filter"
              label={`小区：${filter.community}`}
              onDelete={() => apply({ ...filter, community: undefined })}
              sx={{ mt: 1.5 }}
            />
          )}
          {/* Closed on phones at first: not rendered (nor hydrated) until opened. */}
          <Collapse in={open} id="property-filter-panel" unmountOnExit>
            <Box sx={{ pt: 2.5 }}>
              <FilterPanel
                filter={filter}
                onChange={(next) => apply(next)}
                onReset={() => apply(filter.keyword ? { keyword: filter.keyword } : {})}
              />
            </Box>
          </Collapse>
        </Card>

        {results && results.length === 0 ? (
          <EmptyState
            icon={<SearchOffOutlined fontSize="inherit" />}
            title={PROPERTY_MESSAGES.empty}
            description="试试换个关键词，或减少筛选条件"
            action={
              <Button variant="outlined" onClick={() => apply({})}>
                查看全部房源
              </Button>
            }
          />
        ) : (
          <PropertyCards
            properties={shown}
            layout={layout}
            favorites={favorites}
            now={now}
            skeletons={6}
          />
        )}
        {hasMore && (
          <Box ref={sentinel} sx={{ textAlign: 'center', py: 1 }}>
            <Button variant="outlined" onClick={more}>
              加载更多
            </Button>
          </Box>
        )}
        {results && results.length > 0 && !hasMore && (
          <Typography sx={{ textAlign: 'center', color: 'text.secondary', fontSize: 13, py: 1 }}>
            已显示全部 {results.length} 套房源
          </Typography>
        )}
      </Stack>
    </Container>
  );
}
