/** Page model of /map (地图找房): the map's pins and clusters, its view, the filter and the list. */
import type { Locator, Page } from 'playwright-core';
import type { Bounds } from '@couchdb/model/location-facts';
import { MAP_SCREEN_MESSAGES } from '@couchdb/model/map-view-facts';
import { waitForReact } from '../../helpers/browser';
import { PropertyListPage } from './property-list-page';

export class MapPage {
  readonly heading: Locator;
  readonly map: Locator;
  readonly pins: Locator;
  readonly clusters: Locator;
  readonly count: Locator;
  readonly unplaced: Locator;
  readonly list: Locator;
  readonly cards: Locator;
  readonly selected: Locator;
  readonly tiles: Locator;
  readonly filterToggle: Locator;
  /** The townships' names, drawn where there is no base map. */
  readonly townships: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: MAP_SCREEN_MESSAGES.title, level: 1 });
    this.map = page.getByTestId('listings-map');
    this.pins = page.getByTestId('map-pin');
    this.clusters = page.getByTestId('map-cluster');
    this.count = page.getByTestId('map-count');
    this.unplaced = page.getByTestId('map-unplaced');
    this.list = page.getByTestId('map-list');
    this.cards = this.list.getByTestId('property-card');
    this.selected = page.getByTestId('map-selected');
    this.tiles = this.map.locator('img.leaflet-tile-loaded');
    this.filterToggle = page.locator('button[aria-controls="map-filter-panel"]');
    this.townships = page.getByTestId('map-township');
  }

  async goto(base: string, query = ''): Promise<void> {
    await this.page.goto(`${base}/map${query}`);
    await this.waitForMap();
  }

  /** Waits until the device's listings are read and the map has drawn its first marks. */
  async waitForMap(): Promise<void> {
    await this.heading.waitFor();
    await waitForReact(this.page);
    await this.page.waitForFunction(
      () =>
        /视野内 \d+ 套房源/.test(
          document.querySelector('[data-testid="map-count"]')?.textContent ?? '',
        ) && document.querySelector('[data-testid="listings-map"]')?.hasAttribute('data-bounds'),
    );
  }

  /** 视野内 N 套房源: N. */
  async inView(): Promise<number> {
    return Number(/(\d+)/.exec((await this.count.textContent()) ?? '')?.[1] ?? NaN);
  }

  /** The view the list holds, as the screen reports it. */
  async bounds(): Promise<Bounds> {
    const [south, west, north, east] = ((await this.map.getAttribute('data-bounds')) ?? '')
      .split(',')
      .map(Number) as [number, number, number, number];
    return { south, west, north, east };
  }

  /** Listings drawn: single pins plus the counts of the clusters. */
  async drawnListings(): Promise<number> {
    const counts = await this.clusters.allTextContents();
    return (await this.pins.count()) + counts.reduce((sum, c) => sum + Number(c), 0);
  }

  /** Ids of the pins drawn on their own. */
  async pinIds(): Promise<string[]> {
    return (await this.pins.evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? '')))
      .filter(Boolean)
      .sort();
  }

  async openPanel(): Promise<void> {
    if ((await this.filterToggle.getAttribute('aria-expanded')) !== 'true')
      await this.filterToggle.click();
    await this.page.waitForFunction(() =>
      document.getElementById('map-filter-panel')?.classList.contains('MuiCollapse-entered'),
    );
  }

  /** Clicks an option of a filter row (类型, 户型, …), as on the list screen. */
  async choose(row: string, option: string): Promise<void> {
    await new PropertyListPage(this.page).choose(row, option);
  }

  /** Drags the map by (dx, dy) pixels with the mouse, and waits for the new view. */
  async drag(dx: number, dy: number): Promise<void> {
    const before = await this.map.getAttribute('data-bounds');
    const box = await this.map.boundingBox();
    if (!box) throw new Error('the map is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) await this.page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
    await this.page.mouse.up();
    await this.page.waitForFunction(
      (old) =>
        document.querySelector('[data-testid="listings-map"]')?.getAttribute('data-bounds') !== old,
      before,
    );
  }
}
