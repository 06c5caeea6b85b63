/**
 * 房源位置 on a listing's page (issue 64): the point as text, and on a small map (issue 65). The owner and admins see the exact
 * point with its accuracy; everyone else the point on the public grid, about 100 m (the gateway
 * sends them no more, architecture §4), unless the owner chose to show it exactly.
 */
import { lazy, memo } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatCoordinates,
  LOCATION_DECIMALS,
  LOCATION_MESSAGES as LM,
  PUBLIC_LOCATION_DECIMALS,
} from '@couchdb/model/location-facts';
import { publicLocation } from '@couchdb/rules/listing-location';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { useNearViewport } from '@client/lib/use-near-viewport';
import { LazyPart } from '@client/components/lazy-part';
import { Section } from './detail-layout';

const SpotMap = lazy(() => import('@client/components/map/spot-map'));
/** The small map's height, and how far below the viewport it starts loading (CSS pixels). */
const MAP_BOX_PX = 200;
const NEAR_VIEWPORT_PX = 300;

export const LocationSection = memo(function LocationSection({
  property: p,
}: {
  property: PropertyDoc;
}) {
  const { user } = useAuth();
  // The map's code loads as the reader scrolls near it: not on the server, nor while hydrating.
  const [mapBox, near] = useNearViewport<HTMLDivElement>(NEAR_VIEWPORT_PX);
  if (!p.location) return null;
  const privileged = user !== null && (user.user_type === 'admin' || user.id === p.user_id);
  // What the device holds is already the viewer's share; the rounding again is for the display.
  const shown = privileged ? p.location : publicLocation(p.location);
  const exact = privileged || shown.public_exact;
  return (
    <Section title={LM.heading}>
      <Stack spacing={0.5} data-testid="detail-location">
        <Typography sx={{ fontSize: 15 }} data-testid="detail-location-point">
          {formatCoordinates(shown, exact ? LOCATION_DECIMALS : PUBLIC_LOCATION_DECIMALS)}
        </Typography>
        <Typography color="textSecondary" sx={{ fontSize: 13 }}>
          {exact
            ? `${LM.exact}，${LM.accuracyAbout(shown.accuracy_m)}`
            : LM.approximate(shown.accuracy_m)}
        </Typography>
        {privileged && !p.location.public_exact && (
          <Typography color="textSecondary" sx={{ fontSize: 13 }}>
            {LM.ownerOnlyExact}
          </Typography>
        )}
        <Box ref={mapBox} data-testid="detail-location-map" sx={{ pt: 1 }}>
          {near ? (
            <LazyPart name="the listing's map" fallback={<Box sx={{ height: MAP_BOX_PX }} />}>
              <SpotMap
                latitude={shown.latitude}
                longitude={shown.longitude}
                accuracyM={shown.accuracy_m}
                exact={exact}
              />
            </LazyPart>
          ) : (
            <Box sx={{ height: MAP_BOX_PX }} />
          )}
        </Box>
      </Stack>
    </Section>
  );
});
