/**
 * Bulk public listings for the benchmarks (first sync, on-device filtering, gateway pulls): the
 * demo listing shape, all active + approved, spread over townships, prices, areas and dates like
 * the demo set. Built from precomputed parts: 10,000 take about 0.1 s.
 */
import {
  DAY_MS,
  DEFAULT_CITY,
  DEFAULT_PROVINCE,
  MINUTE_MS,
  PRESET_FEATURE_TAGS,
} from '@couchdb/model/constants';
import type { Property } from '@couchdb/model/property';
import { placeholderDemoMedia } from './demo-data';
import type { DemoImage } from './demo-images';
import { TOWNSHIP_PLACES } from '@couchdb/model/map-view-facts';
import { DEMO_TOWNSHIPS, LOCAL_FEATURE_TAGS, locationNear } from './demo-places';
import { createRandom } from './random';

/** The fixed "now" of bench data, so the same seed always gives the same documents. */
export const BENCH_NOW = new Date('2026-01-01T00:00:00.000Z');
/** Listings are created up to this many days before `now`. */
const BENCH_SPREAD_DAYS = 365;

export interface BenchOptions {
  now?: Date;
  /** Owner ids to spread listings over (default: three bench owners). */
  ownerIds?: readonly string[];
  /** Listing photos to reuse (default: placeholder URLs with no files behind them). */
  images?: readonly DemoImage[];
}

const COMMUNITIES = DEMO_TOWNSHIPS.flatMap((t) =>
  t.communities.map((c) => ({ township: t.name, rentPerSqm: t.rentPerSqm, ...c })),
);
const LAYOUTS = [
  { bedrooms: 1, rooms: '1室1厅1卫', area: [40, 65] },
  { bedrooms: 2, rooms: '2室1厅1卫', area: [62, 90] },
  { bedrooms: 2, rooms: '2室2厅1卫', area: [70, 98] },
  { bedrooms: 3, rooms: '3室2厅1卫', area: [88, 120] },
  { bedrooms: 3, rooms: '3室2厅2卫', area: [100, 140] },
  { bedrooms: 4, rooms: '4室2厅2卫', area: [120, 175] },
  { bedrooms: 5, rooms: '5室2厅3卫', area: [160, 240] },
] as const;
const TITLE_TAILS = [
  '精装拎包入住',
  '南北通透',
  '采光好',
  '满五唯一',
  '诚心出售',
  '近学校',
  '带车位',
];
const DESCRIPTIONS = [
  '小区环境安静，绿化率高，周边超市、菜市场、学校齐全，出行方便。房屋保养好，随时可以看房。',
  '户型方正，南北通透，客厅带大阳台，采光通风俱佳。产权清晰，手续齐全，可配合贷款。',
  '家具家电齐全，拎包入住。物业管理规范，车位充足，适合家庭自住。',
  '靠近抚仙湖，空气好，适合养老度假。周边有公交站，到老城开车十分钟左右。',
];
const CONTACTS = [
  { name: '李建华', phone: '13800000002' },
  { name: '王芳', phone: '13800000003' },
  { name: '赵明', phone: '13800000004' },
];
const DECOR = ['精装修', '精装修', '毛坯', ''] as const;

/** How far bench homes spread around their township's seat, in degrees (about 5 km): a map of them pans over thousands of distinct pins. */
const BENCH_SPREAD_DEG = 0.05;

function townshipPlace(township: keyof typeof TOWNSHIP_PLACES): [number, number] {
  const { latitude, longitude } = TOWNSHIP_PLACES[township];
  return [latitude, longitude];
}

/**
 * `count` public listings with unique ids `bench-<seed>-<n>`, deterministic for a given seed.
 * Plain objects in the Property document shape (they parse with `propertySchema`).
 */
export function buildBenchProperties(
  count: number,
  seed: number,
  options: BenchOptions = {},
): Property[] {
  const rnd = createRandom(seed);
  const nowMs = (options.now ?? BENCH_NOW).getTime();
  const owners = options.ownerIds ?? ['bench-owner-1', 'bench-owner-2', 'bench-owner-3'];
  const pool = options.images ?? placeholderDemoMedia().properties;
  const out: Property[] = new Array<Property>(count);

  for (let i = 0; i < count; i++) {
    const c = COMMUNITIES[
      Math.floor(rnd.next() * COMMUNITIES.length)
    ] as (typeof COMMUNITIES)[number];
    const layout = LAYOUTS[Math.floor(rnd.next() * LAYOUTS.length)] as (typeof LAYOUTS)[number];
    const type = rnd.next() < 0.6 ? 'sale' : 'rent';
    const area =
      Math.round((layout.area[0] + rnd.next() * (layout.area[1] - layout.area[0])) * 100) / 100;
    const price =
      type === 'sale'
        ? Math.min(
            2_000_000,
            Math.max(
              280_000,
              Math.round(
                (area * (c.unitPrice[0] + rnd.next() * (c.unitPrice[1] - c.unitPrice[0]))) / 1000,
              ) * 1000,
            ),
          )
        : Math.min(
            4000,
            Math.max(
              800,
              Math.round(
                (area * (c.rentPerSqm[0] + rnd.next() * (c.rentPerSqm[1] - c.rentPerSqm[0]))) / 50,
              ) * 50,
            ),
          );
    const createdMs =
      Math.floor((nowMs - rnd.next() * BENCH_SPREAD_DAYS * DAY_MS) / MINUTE_MS) * MINUTE_MS;
    const auditedMs = createdMs + Math.floor(rnd.next() * DAY_MS);
    const decor = DECOR[i % DECOR.length] as (typeof DECOR)[number];
    const tags = new Set<string>(decor ? [decor] : []);
    if (c.kind === 'tower') tags.add('电梯房');
    tags.add(LOCAL_FEATURE_TAGS[i % LOCAL_FEATURE_TAGS.length] as string);
    tags.add(LOCAL_FEATURE_TAGS[(i * 7 + 3) % LOCAL_FEATURE_TAGS.length] as string);
    const contact = CONTACTS[i % CONTACTS.length] as (typeof CONTACTS)[number];
    const id = `bench-${seed}-${String(i + 1).padStart(6, '0')}`;
    const imageCount = 1 + (i % 3);
    const start = i % pool.length;
    const images = [];
    for (let k = 0; k < imageCount && pool.length > 0; k++) {
      const image = pool[(start + k) % pool.length] as DemoImage;
      images.push({
        id: `${id}-img-${k + 1}`,
        url: image.url,
        thumbnail_url: image.thumbnail_url,
        is_cover: k === 0,
        sort_order: k,
      });
    }
    out[i] = {
      id,
      user_id: owners[i % owners.length] as string,
      title: `${c.name} ${layout.rooms.slice(0, 4)} ${Math.round(area)}㎡ ${TITLE_TAILS[i % TITLE_TAILS.length]}`,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length] as string,
      type,
      price,
      area,
      bedrooms: layout.bedrooms,
      rooms: layout.rooms,
      address: {
        province: DEFAULT_PROVINCE,
        city: DEFAULT_CITY,
        district: c.township,
        community: c.name,
        address: `${c.street}${1 + (i % 199)}号 ${1 + (i % 12)}栋${1 + (i % 3)}单元`,
      },
      status: 'active',
      audit_status: 'approved',
      audit_comment: '',
      audited_by: 'demo-admin',
      audited_at: new Date(Math.min(auditedMs, nowMs)).toISOString(),
      is_priority: i % 97 === 0,
      is_featured: i % 53 === 0,
      view_count: Math.floor(rnd.next() * 2000),
      features: PRESET_FEATURE_TAGS.filter((t) => tags.has(t)),
      contact: { ...contact },
      contact_phone: contact.phone,
      images,
      media_items: [],
      owner: { name: contact.name },
      created_at: new Date(createdMs).toISOString(),
      updated_at: new Date(Math.min(auditedMs, nowMs)).toISOString(),
      location: locationNear(townshipPlace(c.township), i + seed * 100_003, BENCH_SPREAD_DEG),
    };
  }
  return out;
}
