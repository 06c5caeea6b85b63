/**
 * The demo data set seeded into the embedded store: four accounts (one admin, one agent, two
 * users), listings in all six townships in every status × audit state, demands, news and the three
 * settings. Pure and deterministic: the same `now` and `seed` give the same documents.
 *
 * DEMO_ACCOUNTS holds plain-text passwords for the README and the seed CLI only; client code must
 * never import this module (architecture §10: no demo credentials in the client bundle).
 */
import {
  DAY_MS,
  DEFAULT_CITY,
  DEFAULT_PROVINCE,
  HOUR_MS,
  MINUTE_MS,
  PRESET_FEATURE_TAGS,
  type Township,
} from '@couchdb/model/constants';
import { DEFAULT_SETTINGS, SETTING_DESCRIPTIONS } from '@couchdb/model/setting-facts';
import { ORIENTATIONS, PAYMENT_TERMS } from '@couchdb/model/listing-choice-facts';
import type { AuditStatus, PropertyStatus, PropertyType } from '@couchdb/model/property-facts';
import type { Demand } from '@couchdb/model/demand';
import type { News } from '@couchdb/model/news';
import type { Property } from '@couchdb/model/property';
import type { Setting } from '@couchdb/model/setting';
import type { User } from '@couchdb/model/user';
import type { UserRole } from '@couchdb/model/roles';
import { DEMO_ARTICLES } from './demo-news';
import {
  DEMO_TOWNSHIPS,
  LOCAL_FEATURE_TAGS,
  locationNear,
  type DemoCommunity,
} from './demo-places';
import type { DemoImage, DemoMedia } from './demo-images';
import { createRandom, type Random } from './random';

/** The default seed: the demo store, screenshots and e2e tests all see the same data. */
export const DEMO_SEED = 2026;
/** Listings in the demo set. */
export const DEMO_PROPERTY_COUNT = 64;

/** A demo login, listed in the README. The gateway hashes `password` when seeding. */
export interface DemoAccount {
  id: string;
  phone: string;
  password: string;
  name: string;
  role: UserRole;
}

export const DEMO_ACCOUNTS = [
  {
    id: 'demo-admin',
    phone: '13800000001',
    password: 'Admin@2026',
    name: '周海燕',
    role: 'admin',
  },
  {
    id: 'demo-agent',
    phone: '13800000002',
    password: 'Agent@2026',
    name: '李建华',
    role: 'agent',
  },
  { id: 'demo-user-1', phone: '13800000003', password: 'User@2026', name: '王芳', role: 'user' },
  { id: 'demo-user-2', phone: '13800000004', password: 'User2@2026', name: '赵明', role: 'user' },
] as const satisfies readonly DemoAccount[];

/** A user document plus the password the gateway hashes into its private `auth` database. */
export interface SeedAccount {
  user: User;
  password: string;
}

export interface DemoData {
  accounts: SeedAccount[];
  properties: Property[];
  demands: Demand[];
  news: News[];
  settings: Setting[];
}

export interface DemoDataOptions {
  /** "Now" for every relative timestamp (new-listing badges, audit times, article dates). */
  now: Date;
  /** Stored pictures from `generateDemoImages`, or `placeholderDemoMedia()` in tests. */
  media: DemoMedia;
  seed?: number;
  /**
   * Links to hosted 360° tours (absolute http(s): the detail page shows panorama_url in an
   * iframe). A few featured listings get one; without links no listing offers a panorama.
   */
  panoramaUrls?: readonly string[];
}

const [ADMIN, AGENT, USER_1, USER_2] = DEMO_ACCOUNTS;
/** Days before `now` each account registered: older than any of its documents. */
const ACCOUNT_AGE_DAYS: Record<string, number> = {
  [ADMIN.id]: 200,
  [AGENT.id]: 190,
  [USER_1.id]: 180,
  [USER_2.id]: 170,
};
const MAX_LISTING_AGE_DAYS = 150;

/** How many listings of each status × audit combination (the rest of the 64 are public). */
const STATE_PLAN: readonly [AuditStatus, PropertyStatus, number][] = [
  ['pending', 'active', 6],
  ['pending', 'inactive', 1],
  ['pending', 'deleted', 1],
  ['approved', 'inactive', 4],
  ['approved', 'deleted', 2],
  ['rejected', 'active', 3],
  ['rejected', 'inactive', 1],
  ['rejected', 'deleted', 2],
];
const FEATURED_COUNT = 14;
const PRIORITY_COUNT = 6;
const NEW_PUBLIC_COUNT = 4;
const PANORAMA_COUNT = 4;

const REJECT_REASONS = [
  '房源图片与描述不符，请上传实拍图片后重新提交',
  '价格明显偏离市场行情，请核实后重新提交',
  '联系电话无法接通，请核实联系方式',
  '房源地址不完整，请补充楼栋和单元信息',
  '标题含有夸大宣传用语，请修改后重新提交',
  '疑似重复发布，同一房源请勿多次提交',
];

const CN_DIGITS = ['零', '一', '两', '三', '四', '五'];

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function daysAgo(nowMs: number, days: number): number {
  // Whole minutes read more naturally on detail pages and in the operation log.
  return Math.floor((nowMs - days * DAY_MS) / MINUTE_MS) * MINUTE_MS;
}

/** A duration in ms rounded down to whole seconds. */
function toSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

function between(rnd: Random, lo: number, hi: number): number {
  return lo + rnd.next() * (hi - lo);
}

function accountUser(account: DemoAccount, nowMs: number): User {
  const created = iso(daysAgo(nowMs, ACCOUNT_AGE_DAYS[account.id] ?? 200));
  const user: User = {
    id: account.id,
    phone: account.phone,
    name: account.name,
    user_type: account.role,
    is_verified: true,
    avatar_url: '',
    created_at: created,
    updated_at: created,
  };
  if (account.role === 'agent') {
    user.company = '澄江安居房产经纪有限公司';
    user.position = '高级置业顾问';
  }
  return user;
}

function roomsText(rnd: Random, bedrooms: number): string {
  const halls = bedrooms === 1 ? 1 : bedrooms === 2 ? rnd.int(1, 2) : 2;
  const baths = bedrooms <= 2 ? 1 : bedrooms === 3 ? rnd.int(1, 2) : bedrooms === 4 ? 2 : 3;
  return `${bedrooms}室${halls}厅${baths}卫`;
}

function areaFor(rnd: Random, bedrooms: number): number {
  const ranges: Record<number, [number, number]> = {
    1: [42, 65],
    2: [66, 95],
    3: [88, 136],
    4: [122, 170],
    5: [165, 240],
  };
  const [lo, hi] = ranges[bedrooms] ?? [88, 136];
  return Math.round(between(rnd, lo, hi) * 100) / 100;
}

interface ListingFacts {
  type: PropertyType;
  township: (typeof DEMO_TOWNSHIPS)[number];
  community: DemoCommunity;
  bedrooms: number;
  area: number;
  floor: number;
  totalFloors: number;
  decoration: '精装修' | '毛坯' | '简装';
  features: string[];
}

function pickFeatures(rnd: Random, facts: Omit<ListingFacts, 'features'>): string[] {
  const tags = new Set<string>();
  if (facts.decoration !== '简装') tags.add(facts.decoration);
  if (facts.community.kind === 'tower') {
    tags.add('电梯房');
    if (facts.floor <= 6) tags.add('低楼层');
    if (facts.floor >= 15) tags.add('高楼层');
  }
  if (facts.community.lake) tags.add('环境优美');
  if (facts.type === 'rent') {
    tags.add('宽带');
    if (rnd.chance(0.6)) tags.add('燃气');
  }
  for (const tag of rnd.sample(LOCAL_FEATURE_TAGS, rnd.int(2, 4))) tags.add(tag);
  // Keep the publish form's order so cards list tags consistently.
  return PRESET_FEATURE_TAGS.filter((t) => tags.has(t));
}

function listingTitle(rnd: Random, f: ListingFacts, rooms: string): string {
  const layout = rooms.replace(/\d+卫$/, '');
  const highlight = rnd.pick(
    f.features.filter((t) => !['宽带', '燃气', '有线电视', '空调'].includes(t)).concat('采光好'),
  );
  if (f.type === 'rent') {
    const templates = [
      `整租·${f.community.name} ${layout} ${f.decoration === '精装修' ? '拎包入住' : highlight}`,
      `${f.township.name} ${f.community.name} ${CN_DIGITS[f.bedrooms]}居室出租 ${highlight}`,
      `${f.community.name} ${layout} ${Math.round(f.area)}㎡ 家电齐全 可月付`,
    ];
    return f.community.lake
      ? `${f.community.name} 湖景${CN_DIGITS[f.bedrooms]}居 整租 ${highlight}`
      : rnd.pick(templates);
  }
  if (f.community.kind === 'lowrise' && f.bedrooms >= 4 && rnd.chance(0.5)) {
    return `${f.community.name} 低层带院 ${layout} ${Math.round(f.area)}㎡ 产权清晰`;
  }
  const templates = [
    `${f.community.name} ${layout} ${f.decoration === '精装修' ? '精装' : f.decoration} ${highlight}`,
    `急售 ${f.community.name} ${CN_DIGITS[f.bedrooms]}房 满五唯一 ${highlight}`,
    `${f.township.name} ${f.community.name} ${Math.round(f.area)}㎡ ${layout} 诚心出售`,
  ];
  return f.community.lake
    ? `${f.community.name} 一线湖景${CN_DIGITS[f.bedrooms]}房 ${highlight}`
    : rnd.pick(templates);
}

function listingDescription(rnd: Random, f: ListingFacts, rooms: string): string {
  const parts: string[] = [];
  parts.push(
    `${f.community.name}位于${f.township.name}${f.community.street}，${f.township.setting}。`,
  );
  const floorText =
    f.community.kind === 'tower'
      ? `位于${f.floor}楼（共${f.totalFloors}层），有电梯`
      : `低层住宅，共${f.totalFloors}层，带独立小院`;
  parts.push(`房屋${rooms}，建筑面积约${f.area}㎡，${floorText}。`);
  if (f.community.lake) parts.push('客厅和主卧可远眺湖面，早晚景色都很好。');
  if (f.features.includes('南北通透')) parts.push('南北通透，通风采光好。');
  parts.push(
    f.decoration === '精装修'
      ? '精装修，家具家电齐全，保养得好。'
      : f.decoration === '毛坯'
        ? '毛坯交付，可按自己的喜好装修。'
        : '简单装修，干净整洁，可直接入住。',
  );
  if (f.features.includes('停车位')) parts.push('小区人车分流，车位充足。');
  if (f.features.includes('学区房')) parts.push('步行十分钟内有小学和幼儿园。');
  if (f.type === 'sale') {
    parts.push(
      rnd.pick([
        '产权清晰，满五唯一，税费低，可配合贷款。',
        '房东换房诚心出售，价格可小刀，看房提前预约。',
        '不动产权证齐全，无抵押，随时可以签约过户。',
      ]),
    );
  } else {
    parts.push(
      rnd.pick([
        '押一付三，租期一年起，水电燃气按表计费。',
        '可月付，适合上班族，物业费房东承担。',
        '租期可谈，欢迎长期稳定的租客，看房随时联系。',
      ]),
    );
  }
  return parts.join('');
}

function salePrice(rnd: Random, f: ListingFacts): number {
  const [lo, hi] = f.community.unitPrice;
  const unit = between(rnd, lo, hi) * (f.decoration === '毛坯' ? 0.92 : 1);
  const price = Math.round((f.area * unit) / 1000) * 1000;
  return Math.min(2_000_000, Math.max(280_000, price));
}

function monthlyRent(rnd: Random, f: ListingFacts): number {
  const [lo, hi] = f.township.rentPerSqm;
  const perSqm = between(rnd, lo, hi) * (f.community.lake ? 1.15 : 1);
  const rent = Math.round((f.area * perSqm) / 50) * 50;
  return Math.min(4000, Math.max(800, rent));
}

function listingImages(rnd: Random, id: string, f: ListingFacts, pool: readonly DemoImage[]) {
  // The image pool alternates towers (even) and low-rise houses (odd): match the community.
  const parity = f.community.kind === 'tower' ? 0 : 1;
  const matching = pool.filter((_, k) => k % 2 === parity);
  const candidates = matching.length > 0 ? matching : pool;
  const count = Math.min(candidates.length, rnd.int(3, 6));
  const start = rnd.int(0, candidates.length - 1);
  return Array.from({ length: count }, (_, k) => {
    const image = candidates[(start + k) % candidates.length] as DemoImage;
    return {
      id: `${id}-img-${k + 1}`,
      url: image.url,
      thumbnail_url: image.thumbnail_url,
      is_cover: k === 0,
      sort_order: k,
    };
  });
}

function buildProperties(
  rnd: Random,
  nowMs: number,
  media: DemoMedia,
  panoramaUrls: readonly string[],
): Property[] {
  const publicCount = DEMO_PROPERTY_COUNT - STATE_PLAN.reduce((n, [, , c]) => n + c, 0);
  const states = rnd.sample(
    [
      ...Array.from({ length: publicCount }, () => ['approved', 'active'] as const),
      ...STATE_PLAN.flatMap(([audit, status, n]) =>
        Array.from({ length: n }, () => [audit, status] as const),
      ),
    ],
    DEMO_PROPERTY_COUNT,
  );
  const publicIdx = states.flatMap(([a, s], i) => (a === 'approved' && s === 'active' ? [i] : []));
  const featured = new Set(rnd.sample(publicIdx, FEATURED_COUNT));
  const priority = new Set(rnd.sample(publicIdx, PRIORITY_COUNT));
  const fresh = new Set(publicIdx.slice(0, NEW_PUBLIC_COUNT));
  const owners = [AGENT, AGENT, USER_1, USER_2];
  let panoramas = 0;

  return states.map(([audit, status], i) => {
    const id = `demo-property-${String(i + 1).padStart(3, '0')}`;
    const owner = owners[i % owners.length] as DemoAccount;
    const township = DEMO_TOWNSHIPS[i % DEMO_TOWNSHIPS.length] as (typeof DEMO_TOWNSHIPS)[number];
    const type: PropertyType = i % 5 < 3 ? 'sale' : 'rent';
    const community = rnd.pick(township.communities);
    const bedrooms =
      type === 'rent'
        ? rnd.pick([1, 2, 2, 2, 3, 3])
        : community.kind === 'lowrise'
          ? rnd.pick([3, 4, 4, 5])
          : rnd.pick([2, 3, 3, 3, 4]);
    const totalFloors = community.kind === 'tower' ? rnd.int(11, 33) : rnd.int(2, 3);
    const base = {
      type,
      township,
      community,
      bedrooms,
      area: areaFor(rnd, bedrooms),
      floor: community.kind === 'tower' ? rnd.int(2, totalFloors) : 1,
      totalFloors,
      decoration: (type === 'rent'
        ? rnd.pick(['精装修', '精装修', '精装修', '简装'])
        : rnd.pick(['精装修', '精装修', '毛坯', '简装'])) as ListingFacts['decoration'],
    };
    const facts: ListingFacts = { ...base, features: pickFeatures(rnd, base) };
    const rooms = roomsText(rnd, bedrooms);

    // Pending listings are new (review takes 1–2 working days); a few public ones are new too.
    const ageDays =
      audit === 'pending' || fresh.has(i)
        ? between(rnd, 0.1, 2.5)
        : between(rnd, 3.5, MAX_LISTING_AGE_DAYS);
    const createdMs = daysAgo(nowMs, ageDays);
    const ageMs = nowMs - createdMs;
    const auditedMs =
      audit === 'pending'
        ? null
        : createdMs + toSeconds(Math.min(between(rnd, 2, 30) * HOUR_MS, ageMs * 0.6));
    const afterAudit = auditedMs ?? createdMs;
    const updatedMs =
      status !== 'active'
        ? afterAudit + toSeconds((nowMs - afterAudit) * between(rnd, 0.2, 0.9))
        : audit === 'approved' && rnd.chance(0.3)
          ? afterAudit + toSeconds((nowMs - afterAudit) * between(rnd, 0.1, 0.6))
          : afterAudit;

    const everPublic = audit === 'approved';
    const views = everPublic
      ? Math.round(ageDays * between(rnd, 2, 9)) +
        rnd.int(3, 30) +
        (featured.has(i) ? Math.round(rnd.int(120, 400) * Math.min(1, ageDays / 20)) : 0)
      : rnd.int(0, 3);
    const isFeatured = featured.has(i);
    const panoramaUrl =
      isFeatured && type === 'sale' && panoramas < PANORAMA_COUNT
        ? panoramaUrls[panoramas++ % Math.max(1, panoramaUrls.length)]
        : undefined;

    const property: Property = {
      id,
      user_id: owner.id,
      title: listingTitle(rnd, facts, rooms),
      description: listingDescription(rnd, facts, rooms),
      type,
      price: type === 'sale' ? salePrice(rnd, facts) : monthlyRent(rnd, facts),
      area: facts.area,
      bedrooms,
      rooms,
      address: {
        province: DEFAULT_PROVINCE,
        city: DEFAULT_CITY,
        district: township.name,
        community: community.name,
        address:
          community.kind === 'tower'
            ? `${community.street}${rnd.int(1, 199)}号 ${rnd.int(1, 12)}栋${rnd.int(1, 3)}单元${facts.floor}${String(rnd.int(1, 4)).padStart(2, '0')}室`
            : `${community.street}${rnd.int(1, 199)}号 ${rnd.int(1, 40)}幢`,
      },
      status,
      audit_status: audit,
      audit_comment: audit === 'rejected' ? rnd.pick(REJECT_REASONS) : '',
      audited_by: audit === 'pending' ? null : ADMIN.id,
      audited_at: auditedMs === null ? null : iso(auditedMs),
      is_priority: priority.has(i),
      is_featured: isFeatured,
      view_count: views,
      features: facts.features,
      contact: { name: owner.name, phone: owner.phone },
      contact_phone: owner.phone,
      images: listingImages(rnd, id, facts, media.properties),
      media_items: [],
      owner: { name: owner.name },
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    };
    if (panoramaUrl) property.panorama_url = panoramaUrl;
    property.facts = structuredFacts(i, facts);
    property.price_history = priceHistory(i, property);
    Object.assign(property, verificationDemo(i, property));
    const location = demoLocation(i, community);
    if (location) property.location = location;
    return property;
  });
}

/** How far a 小区's homes spread around its place, in degrees (about 300 m). */
const DEMO_SPREAD_DEG = 0.003;

/**
 * Where a demo home is (issue 65): near its 小区's place, from the index
 * so the random draws of the rest of the data set stay the same. Every 7th listing has no location
 * of its own (as listings from before locations were asked for): the map places it at its 小区,
 * or leaves it off when its 小区 has no place.
 */
function demoLocation(i: number, community: DemoCommunity): Property['location'] {
  if (!community.place || i % 7 === 3) return undefined;
  return locationNear(community.place, i, DEMO_SPREAD_DEG);
}

/**
 * A few listings carry a verification code (issue 19): every 6th public one checked by the admin
 * (已核验), every 9th still waiting for the check. From the index, so other draws stay the same.
 */
function verificationDemo(i: number, p: Property): Partial<Property> {
  if (p.status !== 'active' || p.audit_status !== 'approved') return {};
  const code = `5304${String(23_000_000 + i * 7919).padStart(8, '0')}`;
  if (i % 6 === 0) {
    return {
      verification_code: code,
      verification_status: 'verified',
      verified_by: ADMIN.id,
      verified_at: p.audited_at ?? p.updated_at,
    };
  }
  if (i % 9 === 0) {
    return {
      verification_code: code,
      verification_status: 'unchecked',
      verified_by: null,
      verified_at: null,
    };
  }
  return {};
}

/**
 * A listing's structured facts (issue 18), from what the listing already is and its index, so the
 * random draws of the rest of the data set stay the same.
 */
function structuredFacts(i: number, f: ListingFacts): Property['facts'] {
  const tower = f.community.kind === 'tower';
  // Most homes face south; a few other ways.
  const orientation = ['南北', '南', '南北', '东南', '南', '西南', '东', '南北'][
    i % 8
  ] as (typeof ORIENTATIONS)[number];
  const facts: NonNullable<Property['facts']> = {
    floor: f.floor,
    total_floors: f.totalFloors,
    orientation,
    decoration: f.decoration === '精装修' ? '精装' : f.decoration,
    year_built: tower ? 2006 + ((i * 7) % 18) : 1992 + ((i * 5) % 20),
    lift: tower && f.totalFloors > 7,
    usage: tower || f.type === 'rent' ? '住宅' : i % 3 === 0 ? '别墅' : '住宅',
  };
  if (f.type === 'rent') {
    facts.rental_mode = i % 4 === 1 ? '合租' : '整租';
    facts.payment = (['押一付三', '押一付一', '押一付三', '押二付一'] as const)[
      i % 4
    ] as (typeof PAYMENT_TERMS)[number];
  }
  return facts;
}

/**
 * The accepted prices: the first at publication; a listing edited since (a quarter of them) was
 * dearer then, by 3–8 % for a sale, 100–300 元 for a rent.
 */
function priceHistory(
  i: number,
  p: Pick<Property, 'type' | 'price' | 'created_at' | 'updated_at'>,
): Property['price_history'] {
  if (p.updated_at === p.created_at || i % 4 !== 0) return [{ price: p.price, at: p.created_at }];
  const before =
    p.type === 'sale'
      ? Math.round((p.price * (1.03 + (i % 6) / 100)) / 1000) * 1000
      : p.price + 100 * (1 + (i % 3));
  return [
    { price: before, at: p.created_at },
    { price: p.price, at: p.updated_at },
  ];
}

interface DemandPlan {
  owner: DemoAccount;
  type: Demand['type'];
  status: Demand['status'];
  title: string;
  area: Township;
  rooms: number;
  /** 元 (total for buy, per month for rent). */
  price: [number, number];
  size: [number, number];
  requirements: string;
  ageDays: number;
}

const DEMAND_PLANS: readonly DemandPlan[] = [
  {
    owner: USER_1,
    type: 'buy',
    status: 'active',
    title: '求购凤麓街道三居室，孩子明年上小学',
    area: '凤麓街道',
    rooms: 3,
    price: [800_000, 1_200_000],
    size: [90, 130],
    requirements: '希望步行十分钟内有小学，中间楼层，有电梯更好。可接受简单装修，全款或商贷均可。',
    ageDays: 1.5,
  },
  {
    owner: USER_1,
    type: 'rent',
    status: 'completed',
    title: '龙街街道求租两居室',
    area: '龙街街道',
    rooms: 2,
    price: [1200, 1800],
    size: [60, 90],
    requirements: '夫妻两人上班用，需要家电齐全、可做饭，租期一年，已找到合适房源。',
    ageDays: 60,
  },
  {
    owner: USER_2,
    type: 'buy',
    status: 'active',
    title: '右所镇求购湖景两居，养老自住',
    area: '右所镇',
    rooms: 2,
    price: [600_000, 1_000_000],
    size: [70, 100],
    requirements: '给父母养老用，希望低楼层或有电梯，能看到抚仙湖最好，周边要有卫生院。',
    ageDays: 6,
  },
  {
    owner: USER_2,
    type: 'rent',
    status: 'inactive',
    title: '海口镇求租一居室',
    area: '海口镇',
    rooms: 1,
    price: [800, 1200],
    size: [35, 60],
    requirements: '单身上班族，月付或季付，需要独立卫生间和热水器。暂时不找了，先暂停。',
    ageDays: 45,
  },
  {
    owner: AGENT,
    type: 'buy',
    status: 'active',
    title: '客户求购阳宗镇四居室，预算充足',
    area: '阳宗镇',
    rooms: 4,
    price: [1_500_000, 2_000_000],
    size: [140, 200],
    requirements: '昆明客户周末度假兼养老，要求小区环境好、带车位，湖景优先，可全款。',
    ageDays: 3,
  },
  {
    owner: AGENT,
    type: 'rent',
    status: 'active',
    title: '企业求租凤麓街道三居室作员工宿舍',
    area: '凤麓街道',
    rooms: 3,
    price: [2000, 3000],
    size: [100, 140],
    requirements: '公司员工宿舍，需三个卧室，家具齐全，可签两年合同，租金可年付。',
    ageDays: 10,
  },
  {
    owner: USER_1,
    type: 'buy',
    status: 'inactive',
    title: '九村镇求购带院子的低层住宅',
    area: '九村镇',
    rooms: 4,
    price: [500_000, 800_000],
    size: [120, 200],
    requirements: '想要带小院的房子，方便种菜养花，产权清晰即可，装修无所谓。',
    ageDays: 25,
  },
  {
    owner: USER_2,
    type: 'buy',
    status: 'completed',
    title: '凤麓街道求购两居室，首次置业',
    area: '凤麓街道',
    rooms: 2,
    price: [450_000, 700_000],
    size: [65, 90],
    requirements: '首次购房，预算有限，希望总价低、能用公积金贷款。已成交，感谢平台。',
    ageDays: 90,
  },
  {
    owner: AGENT,
    type: 'buy',
    status: 'completed',
    title: '客户求购龙街街道次新房三居',
    area: '龙街街道',
    rooms: 3,
    price: [900_000, 1_300_000],
    size: [100, 130],
    requirements: '房龄十年以内，南北通透，带车位，客户已签约。',
    ageDays: 70,
  },
  {
    owner: USER_2,
    type: 'rent',
    status: 'active',
    title: '阳宗镇求租两居室，通勤昆明',
    area: '阳宗镇',
    rooms: 2,
    price: [1000, 1600],
    size: [60, 95],
    requirements: '在昆明上班，周末回来住，希望靠近公交站，有停车位。',
    ageDays: 0.5,
  },
];

function buildDemands(nowMs: number): Demand[] {
  return DEMAND_PLANS.map((p, i) => {
    const createdMs = daysAgo(nowMs, p.ageDays);
    const updatedMs =
      p.status === 'active' ? createdMs : createdMs + toSeconds((nowMs - createdMs) * 0.6);
    return {
      id: `demo-demand-${String(i + 1).padStart(2, '0')}`,
      user_id: p.owner.id,
      title: p.title,
      type: p.type,
      status: p.status,
      min_price: p.price[0],
      max_price: p.price[1],
      min_area: p.size[0],
      max_area: p.size[1],
      areas: [p.area],
      rooms: [p.rooms],
      requirements: p.requirements,
      contact: { name: p.owner.name, phone: p.owner.phone },
      user: { name: p.owner.name, user_type: p.owner.role },
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    };
  });
}

function buildNews(rnd: Random, nowMs: number, covers: readonly DemoImage[]): News[] {
  const coverFor = (category: News['category'], i: number): string => {
    if (covers.length === 0) return '';
    // Covers 0–2 are drawn for market, policy and guide; 3 (a skyline) alternates with them.
    const own = { market: 0, policy: 1, guide: 2 }[category];
    const index = i % 3 === 2 && covers.length > 3 ? 3 : own;
    return (covers[index % covers.length] as DemoImage).url;
  };
  return DEMO_ARTICLES.map((a, i) => {
    const createdMs = daysAgo(nowMs, a.ageDays) - rnd.int(0, 8) * HOUR_MS;
    const views =
      a.status === 'draft' ? 0 : Math.round(a.ageDays * between(rnd, 8, 20)) + rnd.int(30, 200);
    return {
      id: `demo-news-${String(i + 1).padStart(2, '0')}`,
      author_id: ADMIN.id,
      author_name: ADMIN.name,
      title: a.title,
      summary: a.summary,
      content: a.content,
      category: a.category,
      status: a.status,
      image_url: coverFor(a.category, i),
      view_count: views,
      like_count: Math.round(views * between(rnd, 0.02, 0.08)),
      created_at: iso(createdMs),
      updated_at: iso(a.status === 'archived' ? createdMs + 30 * DAY_MS : createdMs),
    };
  });
}

function buildSettings(nowMs: number): Setting[] {
  const updated_at = iso(daysAgo(nowMs, 30));
  return [
    {
      id: 'default_contact',
      setting_value: { phone: DEFAULT_SETTINGS.defaultContact.phone },
      description: SETTING_DESCRIPTIONS.default_contact,
      updated_at,
    },
    {
      id: 'audit_required',
      setting_value: DEFAULT_SETTINGS.auditRequired,
      description: SETTING_DESCRIPTIONS.audit_required,
      updated_at,
    },
    {
      id: 'max_images_per_property',
      setting_value: DEFAULT_SETTINGS.maxImagesPerProperty,
      description: SETTING_DESCRIPTIONS.max_images_per_property,
      updated_at,
    },
    {
      id: 'loan_rates',
      setting_value: { ...DEFAULT_SETTINGS.loanRates },
      description: SETTING_DESCRIPTIONS.loan_rates,
      updated_at,
    },
  ];
}

/** Builds the whole demo data set. Pure: no I/O, no clock, no Math.random. */
export function buildDemoData(options: DemoDataOptions): DemoData {
  const nowMs = options.now.getTime();
  const rnd = createRandom(options.seed ?? DEMO_SEED);
  return {
    accounts: DEMO_ACCOUNTS.map((a) => ({ user: accountUser(a, nowMs), password: a.password })),
    properties: buildProperties(rnd, nowMs, options.media, options.panoramaUrls ?? []),
    demands: buildDemands(nowMs),
    news: buildNews(rnd, nowMs, options.media.news),
    settings: buildSettings(nowMs),
  };
}

/**
 * Media URLs with no files behind them, for tests and benchmarks that never load the pictures.
 * Same shape as `generateDemoImages` returns (16 listing photos, 4 news covers).
 */
export function placeholderDemoMedia(): DemoMedia {
  const url = (n: number, ext: string) => `/media/${n.toString(16).padStart(64, '0')}.${ext}`;
  return {
    properties: Array.from({ length: 16 }, (_, i) => ({
      url: url(i + 1, 'jpg'),
      thumbnail_url: url(i + 1, 'webp'),
    })),
    news: Array.from({ length: 4 }, (_, i) => ({
      url: url(100 + i, 'jpg'),
      thumbnail_url: url(100 + i, 'webp'),
    })),
  };
}
