/**
 * The map screen (issue 65): where the county's townships are, how the map opens and clusters, and
 * the screen's messages. Zod-free, like the other facts the screens read.
 */
import type { Township } from './constants';

/** A point in degrees. */
export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * Where each township's name is written on a map without a base map: near its seat. Approximate,
 * for orientation only; no rule depends on them.
 */
export const TOWNSHIP_PLACES: Readonly<Record<Township, LatLng>> = {
  凤麓街道: { latitude: 24.672, longitude: 102.912 },
  龙街街道: { latitude: 24.64, longitude: 102.938 },
  右所镇: { latitude: 24.692, longitude: 102.975 },
  海口镇: { latitude: 24.562, longitude: 102.842 },
  九村镇: { latitude: 24.742, longitude: 103.022 },
  阳宗镇: { latitude: 24.882, longitude: 102.99 },
};

/** The zooms of the map screen: the whole county at the least, streets at the most. */
export const MAP_ZOOMS = { min: 9, county: 11, street: 16, max: 18 } as const;

/**
 * Pins closer than this many pixels at the current zoom (about a price pin's width) are drawn as
 * one cluster with their count; above `clusterMaxZoom` every pin stands alone (homes of one
 * building stay a cluster until then).
 */
export const MAP_CLUSTERING = { radiusPx: 70, clusterMaxZoom: 16 } as const;

/** Listings under the map, 20 at a time like the list screen. */
export const MAP_LIST_PAGE = 20;

export const MAP_SCREEN_MESSAGES = {
  title: '地图找房',
  toMap: '地图',
  toList: '列表',
  loading: '正在加载地图…',
  loadFailed: '地图暂时无法加载，请检查网络后重试',
  retry: '重试',
  readingListings: '正在读取本机房源…',
  inView: (count: number) => `视野内 ${count} 套房源`,
  unplaced: (count: number) => `${count} 套房源未标注位置`,
  emptyView: '视野内没有符合条件的房源',
  emptyViewHint: '拖动或缩小地图，或减少筛选条件',
  showCounty: '查看全县',
  noBaseMap: '暂无底图，图中标出各乡镇位置',
  noBaseMapAdmin:
    '暂无底图：请在网关设置 MAP_TILE_URL，或把全县地图文件放到 DATA_DIR/maps/county.pmtiles（见 docs/operations.md 的 Maps 一节）',
  cluster: (count: number) => `${count} 套房源，点按放大`,
  atCommunity: '按小区位置标注',
  openDetail: '查看详情',
  closeCard: '关闭',
} as const;
