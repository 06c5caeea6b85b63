/**
 * MapLibre GL JS's page of bench/map-library.bench.ts: the listing points in a GeoJSON source that
 * MapLibre clusters itself (in its worker), clusters drawn as circles sized by their count and single
 * points as small circles, in WebGL, no base map. No counts on the clusters: MapLibre draws text
 * only with a glyphs server (font PBFs), which the page has none of.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
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

// The bundler moves the worker's file: MapLibre looks for it beside its own module otherwise.
setWorkerUrl(workerUrl);

const { listings, zoom, center } = pageSettings();
const PIN_LAYERS = ['clusters', 'pins'];

const map = new MapLibreMap({
  container: 'map',
  attributionControl: false,
  center: [center.longitude, center.latitude],
  // MapLibre's tiles are 512 px, Leaflet's 256: one level less is the same scale.
  zoom: zoom - 1,
  style: {
    version: 8,
    sources: {
      listings: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: listingPoints(listings).map((point) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
            properties: { id: point.id },
          })),
        },
        cluster: true,
        // In screen pixels (MapLibre's tile is 512 px wide).
        clusterRadius: CLUSTER_RADIUS_PX,
        clusterMaxZoom: CLUSTER_MAX_ZOOM - 1,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef0e8' } },
      {
        id: 'clusters',
        type: 'circle',
        source: 'listings',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': '#d4380d',
          'circle-radius': [
            'step',
            ['get', 'point_count'],
            clusterDiameter(2) / 2,
            10,
            clusterDiameter(10) / 2,
            100,
            clusterDiameter(100) / 2,
          ],
          'circle-stroke-width': 2,
          'circle-stroke-color': '#fff',
        },
      },
      {
        id: 'pins',
        type: 'circle',
        source: 'listings',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': '#d4380d',
          'circle-radius': PIN_DIAMETER / 2,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#fff',
        },
      },
    ],
  },
});

const drawn = () => map.queryRenderedFeatures({ layers: PIN_LAYERS }).length;
const probe = exposeProbe({
  drawn,
  centre: () => {
    const { lat, lng } = map.getCenter();
    return { latitude: lat, longitude: lng };
  },
  screenOf: ({ latitude, longitude }) => map.project([longitude, latitude]),
});
map.on('movestart', () => {
  probe.settled = false;
});
// 'idle': every tile of the view loaded and drawn, no move under way.
map.on('idle', () => {
  if (!map.isSourceLoaded('listings') || drawn() === 0) return;
  markPins();
  probe.settled = true;
});
