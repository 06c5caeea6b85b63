/**
 * 地图找房 (issue 65) in real Chromium against the real gateway (embedded store, demo data), over
 * tiles from a tile source the test starts on 127.0.0.1 (the operator's MAP_TILE_URL): the demo
 * listings as pins, clustered at the county's zoom; a filter changes the pins; moving the map
 * changes the list; a pin opens its listing; the list's 地图 keeps the filter; a listing's page
 * shows its place on a small map. What the screen shows is compared with what the gateway serves
 * a visitor, placed by the same rule (couchdb/rules/map-placement.ts).
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinBounds } from '@couchdb/model/location-facts';
import { MAP_SCREEN_MESSAGES } from '@couchdb/model/map-view-facts';
import type { Property } from '@couchdb/model/property';
import { placeOnMap } from '@couchdb/rules/map-placement';
import { filterProperties, type PropertyFilter } from '@couchdb/rules/property-filter';
import type { GatewayOptions } from '../helpers/gateway';
import { saveScreenshot, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { startTileServer, type TileServer } from '../helpers/map-tiles';
import { serverDocs } from '../helpers/sync-api';
import { MapPage } from './pages/map-page';
import { PropertyDetailPage } from './pages/property-detail-page';
import { PropertyListPage } from './pages/property-list-page';
import { useWorld } from './world';

let tiles: TileServer;
const gateway: GatewayOptions = { embedded: true, env: {} };
// Before the world's gateway starts: it is told where the tiles are.
beforeAll(async () => {
  tiles = await startTileServer();
  gateway.env = { MAP_TILE_URL: tiles.template, MAP_TILE_ATTRIBUTION: '测试底图' };
});
afterAll(async () => {
  await tiles?.close();
});

const world = useWorld({ gateway, browser: 'file' });

/** What a visitor's device holds: the public listings as the gateway serves them. */
async function publicListings(): Promise<Property[]> {
  const all = await serverDocs<Property>(world.url, null, 'properties');
  return [...all.values()].filter((p) => p.status === 'active' && p.audit_status === 'approved');
}

/** The listings the map places, of those matching `filter`, and those it cannot place. */
async function expected(filter: PropertyFilter = {}) {
  const listings = await publicListings();
  const matching = new Set(filterProperties(listings, filter).map((p) => p.id));
  const { placed, unplaced } = placeOnMap(listings);
  return {
    placed: placed.filter((p) => matching.has(p.property.id)),
    unplaced: unplaced.filter((p) => matching.has(p.id)),
  };
}

describe('地图找房', () => {
  it('shows every placed listing, clustered at the county’s zoom, over the tile source', async () => {
    const page = await world.browser.openPage(`${world.url}/map`, VIEWPORTS.mobile);
    const map = new MapPage(page);
    await map.waitForMap();
    const { placed, unplaced } = await expected();
    expect(placed.length).toBeGreaterThan(20);
    expect(unplaced.length).toBeGreaterThan(0);

    // The map opens on every pin: all of them are in view, most inside clusters.
    await expect.poll(() => map.inView(), UI_WAIT).toBe(placed.length);
    await expect.poll(() => map.drawnListings(), UI_WAIT).toBe(placed.length);
    expect(await map.clusters.count()).toBeGreaterThan(0);
    expect(await map.clusters.count()).toBeLessThan(placed.length / 2);
    expect(await map.unplaced.textContent()).toBe(MAP_SCREEN_MESSAGES.unplaced(unplaced.length));

    // The base map is the operator's source, with its attribution; no plain-background note.
    await map.tiles.first().waitFor(UI_WAIT);
    expect(tiles.requests.some((r) => r.startsWith('/tiles/'))).toBe(true);
    expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('测试底图');
    expect(await page.getByTestId('map-no-base').count()).toBe(0);
    await saveScreenshot(page, 'map-tiles-mobile', { fullPage: false });

    // A tapped cluster zooms in to where it splits.
    const zoom = () => Number(new URL(page.url()).searchParams.get('z'));
    const before = zoom();
    await map.clusters.first().click();
    await expect.poll(zoom, UI_WAIT).toBeGreaterThan(before);
  });

  it('draws only the listings a filter keeps (出租, 2室)', async () => {
    const page = await world.browser.openPage(`${world.url}/map`, VIEWPORTS.mobile);
    const map = new MapPage(page);
    await map.waitForMap();
    const all = (await expected()).placed.length;
    await expect.poll(() => map.drawnListings(), UI_WAIT).toBe(all);
    await map.openPanel();
    await map.choose('类型', '出租');
    await map.choose('户型', '2室');
    const { placed } = await expected({ type: 'rent', rooms: 2 });
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(all);
    await expect.poll(() => map.drawnListings(), UI_WAIT).toBe(placed.length);
    // The filter is in the URL, with the map's view.
    expect(new URL(page.url()).searchParams.get('type')).toBe('rent');
    expect(new URL(page.url()).searchParams.get('rooms')).toBe('2');
  });

  it('lists what the view holds, and moving the map changes the list', async () => {
    const page = await world.browser.openPage(`${world.url}/`, VIEWPORTS.desktop);
    const map = new MapPage(page);
    const { placed } = await expected();
    // Close in on the 小区 with the most listings: a part of the listings is in view.
    const homes = new Map<string, number>();
    for (const p of placed) {
      const name = p.property.address.community ?? '';
      homes.set(name, (homes.get(name) ?? 0) + 1);
    }
    const busiest = [...homes].sort((a, b) => b[1] - a[1])[0]?.[0];
    const seat = placed.find((p) => p.property.address.community === busiest);
    if (!seat) throw new Error('the demo data places no listing');
    await map.goto(world.url, `?lat=${seat.latitude}&lng=${seat.longitude}&z=16`);

    const inViewNow = async () => {
      const bounds = await map.bounds();
      return placed.filter((p) => withinBounds(p, bounds)).map((p) => p.property.id);
    };
    const first = await inViewNow();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(placed.length);
    await expect.poll(() => map.inView(), UI_WAIT).toBe(first.length);
    const listed = async () =>
      (
        await map.cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-property-id')))
      ).sort();
    // The first 20 of them are listed under the map.
    await expect
      .poll(async () => (await listed()).length, UI_WAIT)
      .toBe(Math.min(20, first.length));
    expect((await listed()).every((id) => id !== null && first.includes(id))).toBe(true);

    await saveScreenshot(page, 'map-tiles-desktop', { fullPage: false });
    // Down by most of the map's height: the pins at its centre leave the view.
    const height = (await map.map.boundingBox())?.height ?? 0;
    await map.drag(0, Math.round(height * 0.8));
    const second = await inViewNow();
    expect(second).not.toEqual(first);
    await expect.poll(() => map.inView(), UI_WAIT).toBe(second.length);
    await expect
      .poll(async () => (await listed()).every((id) => id !== null && second.includes(id)), UI_WAIT)
      .toBe(true);
  });

  it('opens a listing from its pin', async () => {
    const { placed } = await expected();
    const target = placed.find((p) => !p.atCommunity);
    if (!target) throw new Error('no demo listing has a location of its own');
    const page = await world.browser.openPage(
      `${world.url}/map?lat=${target.latitude}&lng=${target.longitude}&z=18`,
      VIEWPORTS.mobile,
    );
    const map = new MapPage(page);
    await map.waitForMap();
    const pin = page.locator(`[data-testid="map-pin"][data-id="${target.property.id}"]`);
    await pin.click();
    await map.selected.getByText(target.property.title).waitFor(UI_WAIT);
    await saveScreenshot(page, 'map-pin-selected-mobile', { fullPage: false });
    await map.selected.getByTestId('property-card').click();
    await page.waitForURL(`**/properties/${target.property.id}`, UI_WAIT);
    const detail = new PropertyDetailPage(page);
    await detail.title.filter({ hasText: target.property.title }).waitFor(UI_WAIT);
    // Its page shows the place on a small map, over the same tiles, as the reader scrolls to it.
    await page.getByTestId('detail-location-map').scrollIntoViewIfNeeded();
    await page
      .getByTestId('detail-location-map')
      .locator('img.leaflet-tile-loaded')
      .first()
      .waitFor(UI_WAIT);

    // Back on the map: the same view as before.
    await page.goBack();
    await map.waitForMap();
    expect(new URL(page.url()).searchParams.get('z')).toBe('18');
  });

  it('is a tap away from the list, with the list’s filter', async () => {
    const page = await world.browser.openPage(`${world.url}/`, VIEWPORTS.mobile);
    const list = new PropertyListPage(page);
    await list.goto(world.url, '?type=sale&rooms=3');
    const matching = await list.count();
    await page.getByTestId('to-map').click();
    const map = new MapPage(page);
    await map.waitForMap();
    const query = new URL(page.url()).searchParams;
    expect(query.get('type')).toBe('sale');
    expect(query.get('rooms')).toBe('3');
    const { placed, unplaced } = await expected({ type: 'sale', rooms: 3 });
    expect(placed.length + unplaced.length).toBe(matching);
    await expect.poll(() => map.drawnListings(), UI_WAIT).toBe(placed.length);
  });
});
