/**
 * 地图找房 without signal (issue 65), in real Chromium against the real gateway (embedded store,
 * demo data) that serves the county's map file from its data folder (DATA_DIR/maps/county.pmtiles,
 * written by the test; no tile source configured, nothing from the internet). 下载全县地图 keeps the
 * file on the device; offline, /map draws the base map from it, at a place and zoom never seen
 * online, under the device's pins.
 * Run `npm run build` first (`npm run test:e2e` does).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES } from '@couchdb/model/map-facts';
import type { Property } from '@couchdb/model/property';
import { placeOnMap } from '@couchdb/rules/map-placement';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import type { GatewayOptions } from '../helpers/gateway';
import { writeCountyExtract } from '../helpers/map-tiles';
import { serverDocs } from '../helpers/sync-api';
import { MapPage } from './pages/map-page';
import { PwaChrome } from './pages/pwa-chrome';
import { useWorld } from './world';

const gateway: GatewayOptions = { embedded: true };
let dataDir = '';
let extractBytes = 0;
// Before the world's gateway starts: the county's file is in its data folder.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cj-e2e-map-'));
  await mkdir(path.join(dataDir, 'maps'));
  ({ bytes: extractBytes } = await writeCountyExtract(
    path.join(dataDir, 'maps', 'county.pmtiles'),
  ));
  gateway.dataDir = dataDir;
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const world = useWorld({ gateway, browser: 'file' });

describe('地图找房 offline', () => {
  it('after 下载全县地图, shows the base map and the pins with no connection', async () => {
    const all = await serverDocs<Property>(world.url, null, 'properties');
    const visible = [...all.values()].filter(
      (p) => p.status === 'active' && p.audit_status === 'approved',
    );
    const { placed } = placeOnMap(visible);

    const page = await world.browser.openPage(`${world.url}/map`, VIEWPORTS.mobile);
    const map = new MapPage(page);
    await map.waitForMap();
    await new PwaChrome(page).waitForServiceWorker();
    // Online, the base map is read from the gateway's file, a range at a time.
    await map.tiles.first().waitFor(UI_WAIT);
    await expect.poll(() => map.drawnListings(), UI_WAIT).toBe(placed.length);

    await page.getByRole('button', { name: MAP_MESSAGES.offlineTitle }).click();
    await page.getByRole('button', { name: MAP_MESSAGES.download(extractBytes) }).click();
    await page.getByTestId('county-map-kept').waitFor(SYNC_WAIT);
    expect(await page.getByTestId('county-map-kept').textContent()).toContain('已下载全县地图');
    await saveScreenshot(page, 'map-county-kept-mobile', { fullPage: false });

    // Offline, at a place and zoom the map never showed online: only the kept file has its tiles.
    const far = placed.find((p) => p.property.address.district === '阳宗镇') ?? placed[0];
    if (!far) throw new Error('the demo data places no listing');
    await world.browser.context.setOffline(true);
    try {
      await page.goto(`${world.url}/map?lat=${far.latitude}&lng=${far.longitude}&z=13`);
      await map.waitForMap();
      await map.tiles.first().waitFor(UI_WAIT);
      expect(await map.tiles.count()).toBeGreaterThan(1);
      await expect.poll(() => map.drawnListings(), UI_WAIT).toBeGreaterThan(0);
      expect(await page.getByTestId('map-no-base').count()).toBe(0);
      await saveScreenshot(page, 'map-offline-mobile', { fullPage: false });
    } finally {
      await world.browser.context.setOffline(false);
    }
  });
});
