/**
 * A listing's place on a small map (issue 65), on its page under 房源位置: a dot for a point shown
 * exactly, a circle of the shown accuracy for one the public sees rounded. Loaded only when a
 * listing has a location, so Leaflet stays out of the listing page's first chunk.
 */
import 'leaflet/dist/leaflet.css';
import { Circle, CircleMarker, MapContainer } from 'react-leaflet';
import { MAP_ZOOMS } from '@couchdb/model/map-view-facts';
import { useMapConfig } from './map-config';
import { BaseMapLayer } from './base-map-layer';
import { useBaseMapKind } from './base-map-choice';
import { CountyOutline, TownshipNames } from './map-parts';

export interface SpotMapProps {
  latitude: number;
  longitude: number;
  /** Metres around the point the home is within. */
  accuracyM: number;
  exact: boolean;
}

/** The zoom of a rounded point: its circle of about 100 m shows among the streets around it. */
const SPOT_ZOOM = 15;
const MAP_HEIGHT = 200;
const MARK = { color: '#d4380d', weight: 2 } as const;

export default function SpotMap({ latitude, longitude, accuracyM, exact }: SpotMapProps) {
  const config = useMapConfig();
  const kind = useBaseMapKind(config);
  const baseMap = kind !== null && kind !== 'none';
  const center: [number, number] = [latitude, longitude];
  // Opened once the base map is known: the zoom to open on depends on it.
  if (kind === null) return <div style={{ height: MAP_HEIGHT }} />;
  return (
    <MapContainer
      center={center}
      zoom={baseMap ? SPOT_ZOOM : MAP_ZOOMS.county}
      minZoom={MAP_ZOOMS.min}
      maxZoom={MAP_ZOOMS.max}
      scrollWheelZoom={false}
      style={{ height: MAP_HEIGHT, width: '100%', borderRadius: 8, background: '#eef3f1' }}
    >
      <BaseMapLayer config={config} />
      {!baseMap && (
        <>
          <CountyOutline />
          <TownshipNames />
        </>
      )}
      {exact ? (
        <CircleMarker
          center={center}
          radius={7}
          pathOptions={{ ...MARK, fillColor: MARK.color, fillOpacity: 0.9 }}
        />
      ) : (
        <Circle center={center} radius={accuracyM} pathOptions={{ ...MARK, fillOpacity: 0.15 }} />
      )}
    </MapContainer>
  );
}
