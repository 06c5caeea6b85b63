/**
 * The places demo listings are set in: for each of 澄江市's six townships, a few residential
 * communities (fictional names, plausible for the county) with their street and price level.
 */
import type { Township } from '@couchdb/model/constants';
import { PIN_ACCURACY_M, roundCoordinate } from '@couchdb/model/location-facts';
import type { ListingLocation } from '@couchdb/model/property';

export interface DemoCommunity {
  name: string;
  street: string;
  /** Sale price level in 元/㎡ (low, high). */
  unitPrice: [number, number];
  /** Towers with lifts, or low-rise houses. */
  kind: 'tower' | 'lowrise';
  /** Near the water (抚仙湖 or 阳宗海): lake views in titles and descriptions. */
  lake?: boolean;
  /**
   * Where its homes are, [latitude, longitude] (fictional, in its township). None for a 小区 no
   * listing has located yet: its listings are left off the map and counted.
   */
  place?: readonly [number, number];
}

export interface DemoTownship {
  name: Township;
  /** One sentence on the township's setting, used in descriptions. */
  setting: string;
  /** Monthly rent level in 元/㎡ (low, high). */
  rentPerSqm: [number, number];
  communities: DemoCommunity[];
}

export const DEMO_TOWNSHIPS: readonly DemoTownship[] = [
  {
    name: '凤麓街道',
    setting: '地处老城中心，菜市场、超市、学校、医院步行可达，生活配套成熟',
    rentPerSqm: [16, 24],
    communities: [
      {
        name: '凤麓花园',
        street: '凤麓路',
        unitPrice: [6800, 8600],
        kind: 'tower',
        place: [24.6748, 102.9096],
      },
      {
        name: '南屏新苑',
        street: '南屏路',
        unitPrice: [6200, 7800],
        kind: 'tower',
        place: [24.6672, 102.9071],
      },
      {
        name: '澄川名居',
        street: '澄川路',
        unitPrice: [7000, 9000],
        kind: 'tower',
        place: [24.6705, 102.9168],
      },
      {
        name: '凤山雅苑',
        street: '凤山路',
        unitPrice: [5600, 7200],
        kind: 'lowrise',
        place: [24.6793, 102.9142],
      },
      {
        name: '金莲小区',
        street: '金莲路',
        unitPrice: [5200, 6600],
        kind: 'lowrise',
        place: [24.6651, 102.9185],
      },
    ],
  },
  {
    name: '龙街街道',
    setting: '临近抚仙湖北岸，新区规划整齐，道路宽敞，到老城开车约十分钟',
    rentPerSqm: [15, 22],
    communities: [
      {
        name: '龙街新城',
        street: '龙街路',
        unitPrice: [6000, 7800],
        kind: 'tower',
        place: [24.6428, 102.9342],
      },
      {
        name: '梁王河畔',
        street: '梁王河路',
        unitPrice: [6400, 8200],
        kind: 'tower',
        place: [24.6475, 102.9421],
      },
      {
        name: '湖畔蓝湾',
        street: '环湖北路',
        unitPrice: [8500, 11500],
        kind: 'tower',
        lake: true,
        place: [24.6331, 102.9368],
      },
      {
        name: '龙泉佳苑',
        street: '龙泉路',
        unitPrice: [5600, 7000],
        kind: 'lowrise',
        place: [24.6392, 102.9455],
      },
    ],
  },
  {
    name: '右所镇',
    setting: '沿抚仙湖东岸，空气好、风景佳，适合养老度假和改善居住',
    rentPerSqm: [13, 20],
    communities: [
      {
        name: '右所家园',
        street: '右所大街',
        unitPrice: [5200, 6800],
        kind: 'lowrise',
        place: [24.6934, 102.9738],
      },
      {
        name: '湖岸花城',
        street: '环湖东路',
        unitPrice: [7800, 10500],
        kind: 'tower',
        lake: true,
        place: [24.6846, 102.9702],
      },
      {
        name: '旧城新居',
        street: '旧城路',
        unitPrice: [4800, 6200],
        kind: 'lowrise',
        place: [24.6981, 102.9805],
      },
    ],
  },
  {
    name: '海口镇',
    setting: '位于抚仙湖西岸，镇区安静，公交可直达县城',
    rentPerSqm: [12, 18],
    communities: [
      {
        name: '海口新村',
        street: '海口大街',
        unitPrice: [4500, 6000],
        kind: 'lowrise',
        place: [24.5637, 102.8436],
      },
      {
        name: '湖光苑',
        street: '湖滨路',
        unitPrice: [6500, 8800],
        kind: 'tower',
        lake: true,
        place: [24.5569, 102.8484],
      },
      {
        name: '海镜雅居',
        street: '海镜路',
        unitPrice: [4800, 6400],
        kind: 'tower',
        place: [24.5682, 102.8371],
      },
    ],
  },
  {
    name: '九村镇',
    setting: '靠近梁王山，田园风光好，房价亲民，适合首次置业',
    rentPerSqm: [10, 15],
    communities: [
      {
        name: '九村佳苑',
        street: '九村大街',
        unitPrice: [3800, 5200],
        kind: 'tower',
        place: [24.7431, 103.0207],
      },
      {
        name: '梁王山居',
        street: '梁王山路',
        unitPrice: [3500, 4800],
        kind: 'lowrise',
        place: [24.7502, 103.0134],
      },
      { name: '果香小区', street: '果园路', unitPrice: [3600, 5000], kind: 'lowrise' },
    ],
  },
  {
    name: '阳宗镇',
    setting: '毗邻阳宗海，往返昆明方便，周末度假与通勤两相宜',
    rentPerSqm: [13, 20],
    communities: [
      {
        name: '阳宗海花园',
        street: '阳宗海大道',
        unitPrice: [6500, 9000],
        kind: 'tower',
        lake: true,
        place: [24.8763, 102.9861],
      },
      {
        name: '明湖湾',
        street: '明湖路',
        unitPrice: [5800, 7600],
        kind: 'tower',
        place: [24.8841, 102.9937],
      },
      {
        name: '阳宗新居',
        street: '阳宗大街',
        unitPrice: [4600, 6000],
        kind: 'lowrise',
        place: [24.8886, 102.9885],
      },
    ],
  },
];

/** Tags that make sense in the county: no metro line, and homes here have no central heating. */
export const LOCAL_FEATURE_TAGS = [
  '南北通透',
  '采光好',
  '交通便利',
  '学区房',
  '商圈核心',
  '环境优美',
  '配套齐全',
  '停车位',
  '独立阳台',
  '空调',
  '燃气',
  '宽带',
  '有线电视',
] as const;

/**
 * A listing's location near `place`, within `spreadDeg` / 2 degrees each way, drawn from `seed`
 * alone (not from a data set's random sequence, so adding locations changes no other draw).
 */
export function locationNear(
  place: readonly [number, number],
  seed: number,
  spreadDeg: number,
): ListingLocation {
  const draw = (n: number) => {
    const x = Math.sin(n) * 43_758.5453;
    return (x - Math.floor(x) - 0.5) * spreadDeg;
  };
  return {
    latitude: roundCoordinate(place[0] + draw(seed * 12.9898 + 1)),
    longitude: roundCoordinate(place[1] + draw(seed * 78.233 + 1)),
    accuracy_m: PIN_ACCURACY_M,
    public_exact: false,
  };
}
