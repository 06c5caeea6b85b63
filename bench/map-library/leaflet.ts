/**
 * Leaflet's page of bench/map-library.bench.ts: the listing points clustered by `supercluster` in the
 * page, the clusters of the view (and half a view around it, so a pan shows pins before it ends)
 * drawn as DOM markers with their count after each move, no base map.
 */
import 'leaflet/dist/leaflet.css';
import {
  Marker,
  divIcon,
  layerGroup,
  map as createMap,
  marker,
  type DivIcon,
  type LayerGroup,
} from 'leaflet';
import Supercluster from 'supercluster';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS_PX,
  PIN_DIAMETER,
  clusterDiameter,
  exposeProbe,
  listingPoints,
  markPins,
  pageSettings,
} from './listings';

const { listings, zoom, center } = pageSettings();
const index = new Supercluster({
  radius: CLUSTER_RADIUS_PX,
  // Leaflet's tiles are 256 px: with this extent the radius is in screen pixels.
  extent: 256,
  maxZoom: CLUSTER_MAX_ZOOM,
}).load(
  listingPoints(listings).map((point) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
    properties: { id: point.id },
  })),
);

const map = createMap('map', { zoomControl: false, attributionControl: false }).setView(
  [center.latitude, center.longitude],
  zoom,
);

const icons = new Map<string, DivIcon>();
/** One icon per look (a pin, or a cluster's size and count), made once. */
function iconFor(count: number): DivIcon {
  const key = count === 1 ? 'pin' : String(count);
  let icon = icons.get(key);
  if (!icon) {
    const size = count === 1 ? PIN_DIAMETER : clusterDiameter(count);
    const text = count === 1 ? '' : String(count);
    icon = divIcon({
      className: '',
      iconSize: [size, size],
      html:
        `<div style="width:${size}px;height:${size}px;border-radius:50%;background:#d4380d;` +
        `border:2px solid #fff;box-sizing:border-box;color:#fff;font:12px/1 sans-serif;` +
        `display:flex;align-items:center;justify-content:center">${text}</div>`,
    });
    icons.set(key, icon);
  }
  return icon;
}

let pins: LayerGroup | null = null;
function drawPins() {
  const bounds = map.getBounds().pad(0.5);
  const clusters = index.getClusters(
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    map.getZoom(),
  );
  const next = layerGroup(
    clusters.map((feature) => {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const count = 'cluster' in feature.properties ? feature.properties.point_count : 1;
      return marker([latitude, longitude], { icon: iconFor(count), interactive: false });
    }),
  );
  pins?.remove();
  pins = next.addTo(map);
  requestAnimationFrame(() => {
    markPins();
    probe.settled = true;
  });
}

const probe = exposeProbe({
  drawn: () => {
    const view = map.getBounds();
    return (pins?.getLayers() ?? []).filter(
      (layer) => layer instanceof Marker && view.contains(layer.getLatLng()),
    ).length;
  },
  centre: () => {
    const { lat, lng } = map.getCenter();
    return { latitude: lat, longitude: lng };
  },
  screenOf: ({ latitude, longitude }) => map.latLngToContainerPoint([latitude, longitude]),
});
map.on('movestart', () => {
  probe.settled = false;
});
map.on('moveend', drawPins);
drawPins();
