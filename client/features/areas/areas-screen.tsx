import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { AREA_MESSAGES } from '@couchdb/model/area-facts';
import { TOWNSHIPS } from '@couchdb/model/constants';
import type { PropertyType } from '@couchdb/model/property-facts';
import {
  communityPath,
  communityStats,
  placeStats,
  townshipStats,
} from '@couchdb/rules/area-stats';
import { propertyFilterToParams } from '@couchdb/rules/property-filter';
import { EmptyState } from '@client/components/empty-state';
import { PageHeader } from '@client/components/page-header';
import { usePublicProperties } from '@client/data/hooks';
import { PlaceRow } from './components/place-row';
import { TypeToggle } from './components/type-toggle';

const listPath = (type: PropertyType, location: string, community?: string) =>
  `/properties?${propertyFilterToParams({ type, location, community }).toString()}`;

/**
 * 区域找房 (issue 18): the six townships with their number of listings and average 单价 or rent,
 * then a township's 小区, each leading to the filtered list. Computed on the device from the
 * public listings it holds, so it works offline. The type and township live in the URL.
 */
export default function AreasScreen() {
  const [params, setParams] = useSearchParams();
  const type: PropertyType = params.get('type') === 'rent' ? 'rent' : 'sale';
  const raw = params.get('township');
  const township = TOWNSHIPS.find((t) => t === raw);
  const { data: all } = usePublicProperties();
  const townships = useMemo(() => (all ? townshipStats(all) : undefined), [all]);
  const communities = useMemo(
    () => (all && township ? communityStats(all, township) : undefined),
    [all, township],
  );
  const whole = useMemo(
    () =>
      all && township ? placeStats(all.filter((p) => p.address?.district === township)) : null,
    [all, township],
  );

  const here = (next: { type?: PropertyType; township?: string | undefined }) => {
    const q = new URLSearchParams();
    const t = next.type ?? type;
    if (t === 'rent') q.set('type', 'rent');
    const place = 'township' in next ? next.township : township;
    if (place) q.set('township', place);
    const s = q.toString();
    return s ? `/areas?${s}` : '/areas';
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={township ?? AREA_MESSAGES.title}>
        <TypeToggle
          value={type}
          onChange={(t) => {
            const next = new URLSearchParams(params);
            if (t === 'rent') next.set('type', 'rent');
            else next.delete('type');
            setParams(next, { replace: true });
          }}
        />
      </PageHeader>
      {township ? (
        <Link
          component={RouterLink}
          to={here({ township: undefined })}
          underline="none"
          sx={{ display: 'inline-flex', alignItems: 'center', fontSize: 14, mb: 2 }}
        >
          <ChevronLeft fontSize="small" />
          全部区域
        </Link>
      ) : (
        <Typography color="textSecondary" sx={{ fontSize: 14, mb: 2 }}>
          {AREA_MESSAGES.hint}
        </Typography>
      )}

      {!townships ? (
        <RowSkeletons />
      ) : !township ? (
        <RowGrid testId="township-rows">
          {townships.map((t) => (
            <PlaceRow
              key={t.township}
              testId="township-row"
              name={t.township}
              type={type}
              figures={t[type]}
              to={here({ township: t.township })}
            />
          ))}
        </RowGrid>
      ) : (
        <Stack spacing={2}>
          {whole && (
            <PlaceRow
              testId="township-all"
              name={`${township}全部房源`}
              type={type}
              figures={whole[type]}
              to={listPath(type, township)}
            />
          )}
          {communities && communities.length === 0 ? (
            <EmptyState
              icon={<ApartmentOutlined fontSize="inherit" />}
              title={AREA_MESSAGES.noCommunities}
            />
          ) : (
            <RowGrid testId="community-rows">
              {communities?.map((c) => (
                <PlaceRow
                  key={c.key}
                  testId="community-row"
                  name={c.name}
                  detail={`${c.sale.count + c.rent.count}套房源 · `}
                  type={type}
                  figures={c[type]}
                  to={listPath(type, township, c.name)}
                  aside={
                    <Button
                      component={RouterLink}
                      to={communityPath(c.name)}
                      size="small"
                      sx={{ px: 1.5, height: '100%', borderRadius: 0, whiteSpace: 'nowrap' }}
                    >
                      小区详情
                    </Button>
                  }
                />
              ))}
            </RowGrid>
          )}
        </Stack>
      )}
    </Container>
  );
}

function RowGrid({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

function RowSkeletons() {
  return (
    <RowGrid testId="area-loading">
      {TOWNSHIPS.map((t) => (
        <Skeleton key={t} variant="rounded" height={72} />
      ))}
    </RowGrid>
  );
}
