/**
 * Pieces the maps share (Leaflet, so only map chunks import this): the county's outline and the
 * townships' names, drawn where there is no base map.
 */
import './map-parts.css';
import { divIcon, layerGroup, marker } from 'leaflet';
import { useEffect } from 'react';
import { Rectangle, useMap } from 'react-leaflet';
import { COUNTY_BOUNDS } from '@couchdb/model/location-facts';
import { TOWNSHIP_PLACES } from '@couchdb/model/map-view-facts';
import { escapeHtml } from './escape-html';

const COUNTY_BOX: [[number, number], [number, number]] = [
  [COUNTY_BOUNDS.south, COUNTY_BOUNDS.west],
  [COUNTY_BOUNDS.north, COUNTY_BOUNDS.east],
];

/** The county's box, dashed. */
export function CountyOutline() {
  return (
    <Rectangle
      bounds={COUNTY_BOX}
      pathOptions={{ color: '#2e7d6b', weight: 2, dashArray: '6 4', fill: false }}
      interactive={false}
    />
  );
}

const TOWNSHIP_PANE = 'cj-townships';

/** The townships' names, each just below its seat. */
export function TownshipNames() {
  const map = useMap();
  useEffect(() => {
    // Under the pins (Leaflet's marker pane is at 600), so a cluster is never hidden by a name.
    if (!map.getPane(TOWNSHIP_PANE)) map.createPane(TOWNSHIP_PANE).style.zIndex = '450';
    const layer = layerGroup();
    for (const [name, place] of Object.entries(TOWNSHIP_PLACES)) {
      marker([place.latitude, place.longitude], {
        icon: divIcon({
          className: 'cj-map-marker',
          iconSize: [0, 0],
          html: `<div class="cj-map-township" data-testid="map-township">${escapeHtml(name)}</div>`,
        }),
        interactive: false,
        keyboard: false,
        pane: TOWNSHIP_PANE,
      }).addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}
