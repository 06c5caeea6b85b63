/**
 * The map of the map screen (issue 65): the device's listings as price pins, clustered with
 * supercluster at the zoom and view shown, over the operator's base map, or over a plain
 * background with the townships' names. Loaded only by the map screen, so Leaflet stays out of
 * every other screen's chunks.
 *
 * The pins are drawn by hand into one layer group (not one React component each): a view shows up
 * to a few hundred, redrawn on every move, and the list under the map is what React renders.
 */
import 'leaflet/dist/leaflet.css';
import './listings-map.css';
import { divIcon, layerGroup, marker, type LayerGroup, type Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { COUNTY_BOUNDS, COUNTY_CENTER, type Bounds } from '@couchdb/model/location-facts';
import type { MapConfig } from '@couchdb/model/map-facts';
import { escapeHtml } from '@client/components/map/escape-html';
import { BaseMapLayer } from '@client/components/map/base-map-layer';
import { CountyOutline, TownshipNames } from '@client/components/map/map-parts';
import {
  MAP_CLUSTERING,
  MAP_SCREEN_MESSAGES as MM,
  MAP_ZOOMS,
  type LatLng,
} from '@couchdb/model/map-view-facts';

/** A listing's pin. */
export interface MapPin extends LatLng {
  id: string;
  /** The price, written in the pin. */
  label: string;
  /** What a screen reader says for it (title and price). */
  name: string;
  /** Placed at its 小区 rather than at its own location. */
  atCommunity: boolean;
}

/** What the map shows: its bounds (for the list under it), centre and zoom (for the URL). */
export interface MapView extends LatLng {
  bounds: Bounds;
  zoom: number;
}

interface ListingsMapProps {
  pins: readonly MapPin[];
  /** Where to open; null: on every pin (or the county while there are none). */
  initial: { center: LatLng; zoom: number } | null;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onView(view: MapView): void;
  config: MapConfig;
  /** Whether the townships' names are written (when there is no base map). */
  townships: boolean;
  height: number | string;
}

const PAN_LIMIT: [[number, number], [number, number]] = [
  [COUNTY_BOUNDS.south - 0.15, COUNTY_BOUNDS.west - 0.15],
  [COUNTY_BOUNDS.north + 0.15, COUNTY_BOUNDS.east + 0.15],
];
function viewOf(map: LeafletMap): MapView {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    latitude: c.lat,
    longitude: c.lng,
    zoom: map.getZoom(),
    bounds: { south: b.getSouth(), north: b.getNorth(), west: b.getWest(), east: b.getEast() },
  };
}

type PinProps = { id: string; label: string; name: string; atCommunity: boolean };

function pinIcon(pin: PinProps, selected: boolean) {
  const classes = ['cj-map-bubble'];
  if (pin.atCommunity) classes.push('is-approximate');
  if (selected) classes.push('is-selected');
  return divIcon({
    className: 'cj-map-marker',
    iconSize: [0, 0],
    html: `<div class="${classes.join(' ')}" data-testid="map-pin" data-id="${escapeHtml(pin.id)}">${escapeHtml(pin.label)}</div>`,
  });
}

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 42 : 52;
  return divIcon({
    className: 'cj-map-marker',
    iconSize: [0, 0],
    html: `<div class="cj-map-cluster-count" data-testid="map-cluster" style="width:${size}px;height:${size}px">${count}</div>`,
  });
}

/** The pins of the view, clustered, redrawn whenever the view, the pins or the selection change. */
function PinLayer({
  pins,
  selectedId,
  onSelect,
  onView,
}: Pick<ListingsMapProps, 'pins' | 'selectedId' | 'onSelect' | 'onView'>) {
  const map = useMap();
  const group = useRef<LayerGroup | null>(null);
  const index = useMemo(() => {
    const clusters = new Supercluster<PinProps>({
      radius: MAP_CLUSTERING.radiusPx,
      // The radius is relative to the extent: Leaflet's tiles are 256 px, so it is in screen pixels.
      extent: 256,
      maxZoom: MAP_CLUSTERING.clusterMaxZoom,
    });
    clusters.load(
      pins.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
        properties: { id: p.id, label: p.label, name: p.name, atCommunity: p.atCommunity },
      })),
    );
    return clusters;
  }, [pins]);
  const latest = useRef({ onSelect, onView });
  useEffect(() => {
    latest.current = { onSelect, onView };
  });

  const draw = useMemo(
    () => () => {
      group.current ??= layerGroup().addTo(map);
      const layer = group.current;
      layer.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const feature of index.getClusters(
        [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
        zoom,
      )) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id;
          marker([lat, lng], {
            icon: clusterIcon(props.point_count),
            title: MM.cluster(props.point_count),
            keyboard: true,
          })
            .on('click', () => {
              const to = Math.min(index.getClusterExpansionZoom(id), MAP_ZOOMS.max);
              map.flyTo([lat, lng], to, { duration: 0.4 });
            })
            .addTo(layer);
        } else {
          const pin = props as PinProps;
          marker([lat, lng], {
            icon: pinIcon(pin, pin.id === selectedId),
            title: pin.atCommunity ? `${pin.name}（${MM.atCommunity}）` : pin.name,
            keyboard: true,
            zIndexOffset: pin.id === selectedId ? 1000 : 0,
          })
            .on('click', () => latest.current.onSelect(pin.id))
            .addTo(layer);
        }
      }
    },
    [map, index, selectedId],
  );

  useEffect(() => {
    draw();
  }, [draw]);
  useEffect(
    () => () => {
      group.current?.remove();
      group.current = null;
    },
    [],
  );
  useMapEvents({
    moveend: () => {
      draw();
      latest.current.onView(viewOf(map));
    },
    click: () => latest.current.onSelect(null),
  });
  // The view the map opened on.
  useEffect(() => {
    latest.current.onView(viewOf(map));
  }, [map]);
  return null;
}

/**
 * Keeps Leaflet's idea of the map's size true when its box changes without the window resizing
 * (the screen's height settles once it knows the device's width).
 */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const box = map.getContainer();
    const observer = new ResizeObserver(() => {
      // A box taken out of the page (the screen left, its effects not yet cleaned up) is not a
      // new size: the move it would report would write the map's view over the next screen's URL.
      if (!box.isConnected || box.clientWidth === 0 || box.clientHeight === 0) return;
      map.invalidateSize({ pan: false });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Opens on every pin once they are there, when the URL named no view. */
function FitPinsOnce({ pins, active }: { pins: readonly MapPin[]; active: boolean }) {
  const map = useMap();
  const done = useRef(!active);
  useEffect(() => {
    if (done.current || pins.length === 0) return;
    done.current = true;
    let south = 90;
    let north = -90;
    let west = 180;
    let east = -180;
    for (const p of pins) {
      south = Math.min(south, p.latitude);
      north = Math.max(north, p.latitude);
      west = Math.min(west, p.longitude);
      east = Math.max(east, p.longitude);
    }
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [24, 24], maxZoom: MAP_ZOOMS.street, animate: false },
    );
  }, [map, pins]);
  return null;
}

export default function ListingsMap({
  pins,
  initial,
  selectedId,
  onSelect,
  onView,
  config,
  townships,
  height,
}: ListingsMapProps) {
  const center = initial?.center ?? COUNTY_CENTER;
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={initial?.zoom ?? MAP_ZOOMS.county}
      minZoom={MAP_ZOOMS.min}
      maxZoom={MAP_ZOOMS.max}
      maxBounds={PAN_LIMIT}
      style={{ height, width: '100%', background: '#eef3f1' }}
    >
      <BaseMapLayer config={config} />
      {townships && (
        <>
          <CountyOutline />
          <TownshipNames />
        </>
      )}
      <PinLayer pins={pins} selectedId={selectedId} onSelect={onSelect} onView={onView} />
      <FitPinsOnce pins={pins} active={initial === null} />
      <FollowSize />
    </MapContainer>
  );
}
