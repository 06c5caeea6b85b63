/**
 * 在地图上选点 (issue 64): a small Leaflet map with the county's outline and a pin the agent drags
 * (or taps the map to move). Loaded only when opened, so Leaflet stays out of the publish screen's
 * first chunk. The base map is the maps' own (base-map-layer.tsx): the county map kept on the device
 * works offline in the field; without one, the plain background.
 */
import 'leaflet/dist/leaflet.css';
import { divIcon, type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Rectangle, useMap, useMapEvents } from 'react-leaflet';
import { COUNTY_BOUNDS, COUNTY_CENTER, LOCATION_MESSAGES } from '@couchdb/model/location-facts';
import { BaseMapLayer } from './base-map-layer';
import { useMapConfig } from './map-config';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

const COUNTY_BOX: [[number, number], [number, number]] = [
  [COUNTY_BOUNDS.south, COUNTY_BOUNDS.west],
  [COUNTY_BOUNDS.north, COUNTY_BOUNDS.east],
];
/** A little room around the county, so its edge can be reached by dragging. */
const PAN_LIMIT: [[number, number], [number, number]] = [
  [COUNTY_BOUNDS.south - 0.1, COUNTY_BOUNDS.west - 0.1],
  [COUNTY_BOUNDS.north + 0.1, COUNTY_BOUNDS.east + 0.1],
];

/**
 * The zoom that shows the whole county's outline: without tiles it is all there is to place the pin
 * by, so the map opens on it; with tiles it opens on the pin's street.
 */
const COUNTY_ZOOM = 10;

/** The pin: an inline SVG (no image files for Leaflet to look up). */
const PIN = divIcon({
  className: 'cj-map-pin',
  html: '<svg width="32" height="40" viewBox="0 0 32 40" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 40 16 40s16-12.5 16-24.3C32 7 24.8 0 16 0z" fill="#d4380d"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>',
  iconSize: [32, 40],
  iconAnchor: [16, 40],
});

function TapToPlace({ onPick }: { onPick(point: MapPoint): void }) {
  useMapEvents({
    click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/** Brings a point set elsewhere (使用当前位置) into view. */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().contains([latitude, longitude])) {
      map.setView([latitude, longitude], map.getZoom());
    }
  }, [map, latitude, longitude]);
  return null;
}

export default function LocationPickerMap({
  point,
  onPick,
}: {
  /** The pin's place, or null before one is set (the map then opens on the whole county). */
  point: MapPoint | null;
  onPick(point: MapPoint): void;
}) {
  const config = useMapConfig();
  const { tiles } = config;
  const baseMap = tiles !== null || config.extract !== null;
  const marker = useRef<LeafletMarker>(null);
  const pin = point ?? COUNTY_CENTER;
  const shown = useRef(pin);
  useEffect(() => {
    shown.current = pin;
  }, [pin]);
  const events = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: () => {
        const at = marker.current?.getLatLng();
        if (!at) return;
        // Back where the form says until it takes the new point (one outside the county it refuses).
        marker.current?.setLatLng([shown.current.latitude, shown.current.longitude]);
        onPick({ latitude: at.lat, longitude: at.lng });
      },
    }),
    [onPick],
  );
  return (
    <MapContainer
      center={[pin.latitude, pin.longitude]}
      zoom={point && baseMap ? Math.min(16, tiles?.maxZoom ?? 16) : COUNTY_ZOOM}
      minZoom={9}
      maxZoom={tiles?.maxZoom ?? 18}
      maxBounds={PAN_LIMIT}
      attributionControl={baseMap}
      style={{ height: 280, width: '100%', borderRadius: 8, background: '#eef3f1' }}
    >
      <BaseMapLayer config={config} />
      <Rectangle
        bounds={COUNTY_BOX}
        pathOptions={{ color: '#2e7d6b', weight: 2, dashArray: '6 4', fill: false }}
        interactive={false}
      />
      <Marker
        ref={marker}
        position={[pin.latitude, pin.longitude]}
        icon={PIN}
        draggable
        autoPan
        title={LOCATION_MESSAGES.mapHint}
        alt={LOCATION_MESSAGES.mapHint}
        eventHandlers={events}
      />
      <TapToPlace onPick={onPick} />
      <FollowPoint point={point} />
    </MapContainer>
  );
}
