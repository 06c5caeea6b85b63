/**
 * Where a listing's home is (issue 64): the county's bounds, the accuracy limits, the grid the public
 * sees the point on, and the location's messages (architecture §3, §4). Zod-free, so the publish
 * form's first chunk and the detail page use them without the schema library.
 */

/** A box of latitudes and longitudes in degrees (the county, a map's view). */
export interface Bounds {
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
}

/**
 * The box a listing's point must fall in: 澄江市 lies within about 24°29′–24°55′ N and
 * 102°47′–103°04′ E. Approximate and generous on purpose (a few kilometres past every edge, 阳宗镇 by
 * 阳宗海 included): it refuses a point in another county or a swapped latitude and longitude, not
 * a home near the county line.
 */
export const COUNTY_BOUNDS: Bounds = {
  south: 24.45,
  north: 24.95,
  west: 102.75,
  east: 103.1,
};

/** The county's centre (the map opens there when no point is set yet). */
export const COUNTY_CENTER = { latitude: 24.67, longitude: 102.92 } as const;

/**
 * The worst accuracy a stored point may claim, in metres: a position known only to some kilometres
 * (a phone locating by cell towers) says nothing about which home it is.
 */
export const LOCATION_ACCURACY_MAX_M = 5_000;
/** The accuracy a pin placed by hand on the map is stored with, in metres. */
export const PIN_ACCURACY_M = 20;

/**
 * The grid, in degrees, that the public sees a point snapped to unless its owner shows it exactly:
 * 0.001° is about 111 m north–south and 101 m east–west at the county's latitude, so the shown
 * point is within about 75 m of the home and every home in a cell shows the same point.
 */
export const PUBLIC_LOCATION_GRID_DEG = 0.001;
/** The grid's decimal places, so a snapped coordinate prints and compares exactly. */
export const PUBLIC_LOCATION_DECIMALS = 3;
/** The accuracy shown with a snapped point: never finer than this, in metres. */
export const PUBLIC_LOCATION_ACCURACY_M = 100;

/** Decimal places a stored coordinate keeps (about 1 m; finer is noise from the receiver). */
export const LOCATION_DECIMALS = 6;

/** The position request of 使用当前位置: GPS when there is one, a fresh fix, an explicit timeout. */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 20_000,
  maximumAge: 0,
} as const;

/** Location texts: the form's checks, 使用当前位置's failures, and how the point is shown. */
export const LOCATION_MESSAGES = {
  invalid: '位置坐标无效，请重新定位或在地图上选点',
  outsideCounty: '该位置不在澄江市范围内，请重新定位或在地图上选点',
  accuracy: '定位精度无效，请重新定位或在地图上选点',
  denied: '无法获取位置：定位权限被拒绝。请在浏览器设置中允许定位，或在地图上选点',
  unavailable: '暂时无法获取位置，请到室外开阔处重试，或在地图上选点',
  timeout: '定位超时，请稍后重试，或在地图上选点',
  unsupported: '当前浏览器不支持定位，请在地图上选点',
  locating: '正在定位…',
  useCurrent: '使用当前位置',
  pickOnMap: '在地图上选点',
  closeMap: '收起地图',
  remove: '删除位置',
  showExact: '公开精确位置',
  showExactHint: '关闭时，其他人只能看到约100米范围内的大致位置',
  showExactOnHint: '已公开：所有人都能看到精确位置',
  mapHint: '拖动图钉或点按地图，把图钉放到房源所在位置',
  mapLoading: '正在加载地图…',
  noTiles: '暂无底图，虚线方框为澄江市范围',
  none: '尚未设置位置',
  heading: '房源位置',
  accuracyAbout: (metres: number) => `精度约 ${Math.round(metres)} 米`,
  approximate: (metres: number) => `大致位置，约 ${Math.round(metres)} 米范围`,
  exact: '精确位置',
  ownerOnlyExact: '仅您和管理员可见精确位置，其他人看到约100米范围',
} as const;

/** A coordinate for display: north latitude and east longitude in degrees. */
export function formatCoordinates(
  point: { latitude: number; longitude: number },
  decimals: number,
): string {
  return `北纬 ${point.latitude.toFixed(decimals)}°，东经 ${point.longitude.toFixed(decimals)}°`;
}

/** Whether a point lies inside `bounds` (edges included): the county, or a map's view. */
export function withinBounds(
  point: { latitude: number; longitude: number },
  bounds: Bounds = COUNTY_BOUNDS,
): boolean {
  return (
    point.latitude >= bounds.south &&
    point.latitude <= bounds.north &&
    point.longitude >= bounds.west &&
    point.longitude <= bounds.east
  );
}

/** A coordinate rounded to what is stored. */
export function roundCoordinate(value: number): number {
  const f = 10 ** LOCATION_DECIMALS;
  return Math.round(value * f) / f;
}
