/**
 * 房源位置 on step 3 of the publish form (issue 64): 使用当前位置 takes the phone's position, 在地图上
 * 选点 opens a small map (its code loads then) to drag a pin; the point shows with its accuracy,
 * 公开精确位置 (off by default) lets everyone see it exactly, and 删除位置 clears it. Everyone but
 * the owner and admins otherwise sees it to about 100 m (architecture §4).
 */
import { lazy, useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { useController, type Control } from 'react-hook-form';
import type { PropertyForm } from '@couchdb/model/property';
import {
  formatCoordinates,
  LOCATION_DECIMALS,
  LOCATION_MESSAGES as LM,
  PIN_ACCURACY_M,
  roundCoordinate,
  withinBounds,
} from '@couchdb/model/location-facts';
import type { ListingFormValues } from '@couchdb/rules/listing-form';
import { LazyPart } from '@client/components/lazy-part';
import type { MapPoint } from '@client/components/map/location-picker-map';
import { useMapConfig } from '@client/components/map/map-config';
import { currentPosition } from '../current-position';

const LocationPickerMap = lazy(() => import('@client/components/map/location-picker-map'));

/** What the map shows while its code loads (and, logged, if it cannot be loaded). */
function MapPlaceholder({ text }: { text: string }) {
  return (
    <Box
      sx={{
        height: 280,
        borderRadius: 2,
        bgcolor: '#eef3f1',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
        fontSize: 14,
      }}
    >
      {text}
    </Box>
  );
}

/** The first message under the location field (a nested coordinate's, when the point is bad). */
function fieldMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const inner of Object.values(error)) {
    const nested = fieldMessage(inner);
    if (nested) return nested;
  }
  return undefined;
}

/** How to place the pin, and what the dashed box is when the map has no tiles to show. */
function MapHint() {
  const { tiles, extract } = useMapConfig();
  return (
    <FormHelperText sx={{ mx: 0 }}>
      {LM.mapHint}
      {tiles || extract ? '' : `。${LM.noTiles}`}
    </FormHelperText>
  );
}

export function LocationBlock({
  control,
}: {
  control: Control<ListingFormValues, unknown, PropertyForm>;
}) {
  const { field, fieldState } = useController({ control, name: 'location' });
  const location = field.value;
  const { onChange } = field;
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const publicExact = location?.public_exact ?? false;

  const locate = async () => {
    setLocating(true);
    setProblem(null);
    const result = await currentPosition(publicExact);
    setLocating(false);
    if (result.ok) onChange(result.location);
    else setProblem(result.message);
  };

  const pick = useCallback(
    (point: MapPoint) => {
      if (!withinBounds(point)) {
        setProblem(LM.outsideCounty);
        return;
      }
      setProblem(null);
      onChange({
        latitude: roundCoordinate(point.latitude),
        longitude: roundCoordinate(point.longitude),
        accuracy_m: PIN_ACCURACY_M,
        public_exact: publicExact,
      });
    },
    [onChange, publicExact],
  );

  const message = problem ?? fieldMessage(fieldState.error);
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      data-testid="location-block"
    >
      <Typography component="legend" sx={{ fontWeight: 600, fontSize: 15, mb: 1 }}>
        {LM.heading}
        <Typography component="span" color="textSecondary" sx={{ fontSize: 13, ml: 0.5 }}>
          （选填）
        </Typography>
      </Typography>
      <Stack spacing={1.25}>
        {location ? (
          <Box data-testid="location-value">
            <Typography sx={{ fontSize: 15 }}>
              {formatCoordinates(location, LOCATION_DECIMALS)}
            </Typography>
            <Typography color="textSecondary" sx={{ fontSize: 13 }} data-testid="location-accuracy">
              {LM.accuracyAbout(location.accuracy_m)}
            </Typography>
          </Box>
        ) : (
          <Typography color="textSecondary" sx={{ fontSize: 14 }}>
            {LM.none}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<MyLocationOutlined />}
            onClick={() => void locate()}
            loading={locating}
            loadingPosition="start"
          >
            {locating ? LM.locating : LM.useCurrent}
          </Button>
          <Button
            variant={mapOpen ? 'text' : 'outlined'}
            startIcon={<MapOutlined />}
            onClick={() => setMapOpen((open) => !open)}
            aria-expanded={mapOpen}
          >
            {mapOpen ? LM.closeMap : LM.pickOnMap}
          </Button>
        </Stack>
        {message && (
          <Alert severity="warning" role="alert" data-testid="location-problem">
            {message}
          </Alert>
        )}
        {mapOpen && (
          <Box data-testid="location-map">
            <LazyPart name="the location map" fallback={<MapPlaceholder text={LM.mapLoading} />}>
              <LocationPickerMap point={location} onPick={pick} />
            </LazyPart>
            <MapHint />
          </Box>
        )}
        {location && (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={location.public_exact}
                  onChange={(_e, checked) => onChange({ ...location, public_exact: checked })}
                />
              }
              label={LM.showExact}
            />
            <FormHelperText sx={{ mx: 0, mt: '-8px !important' }}>
              {location.public_exact ? LM.showExactOnHint : LM.showExactHint}
            </FormHelperText>
            <Box>
              <Button color="error" onClick={() => onChange(null)}>
                {LM.remove}
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}
