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
import { LazyPart } from '@client/components/lazy-part';
import { Section } from './detail-layout';

const SpotMap = lazy(() => import('@client/components/map/spot-map'));

export const LocationSection = memo(function LocationSection({
  property: p,
}: {
  property: PropertyDoc;
}) {
  const { user } = useAuth();
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
        <Box data-testid="detail-location-map" sx={{ pt: 1 }}>
          <LazyPart name="the listing's map" fallback={<Box sx={{ height: 200 }} />}>
            <SpotMap
              latitude={shown.latitude}
              longitude={shown.longitude}
              accuracyM={shown.accuracy_m}
              exact={exact}
            />
          </LazyPart>
        </Box>
      </Stack>
    </Section>
  );
});
