/**
 * Business constants of product §9 (places, tags, filter bands, page sizes, timers, media limits),
 * defined once for the client, the gateway and the seed data.
 */

/** Day boundaries ("today", "3 days") are those of the county (UTC+8, no DST). */
export const TIME_ZONE = 'Asia/Shanghai';
export const TIME_ZONE_OFFSET_MS = 8 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const DEFAULT_PROVINCE = '云南省';
export const DEFAULT_CITY = '澄江市';

/** The six townships of 澄江市: listing districts, demand areas, favourites location filter. */
export const TOWNSHIPS = ['凤麓街道', '龙街街道', '右所镇', '海口镇', '九村镇', '阳宗镇'] as const;
export type Township = (typeof TOWNSHIPS)[number];

/** Preset feature tags offered by the publish form (product §9). */
export const PRESET_FEATURE_TAGS = [
  '精装修',
  '毛坯',
  '南北通透',
  '采光好',
  '交通便利',
  '学区房',
  '地铁沿线',
  '商圈核心',
  '环境优美',
  '配套齐全',
  '停车位',
  '电梯房',
  '低楼层',
  '高楼层',
  '独立阳台',
  '空调',
  '暖气',
  '燃气',
  '宽带',
  '有线电视',
] as const;
/** Custom tags are at most 4 characters (product §5). */
export const CUSTOM_TAG_MAX = 4;
/** Upper bound on tags per listing (presets plus a few custom ones). */
export const FEATURES_MAX = 30;

/** A filter band: inclusive lower bound, exclusive upper bound (undefined = open). */
export interface Band {
  key: string;
  label: string;
  min?: number;
  max?: number;
}

/** 1 万 (ten thousand 元): sale prices are shown and entered in 万. */
export const WAN = 10_000;

/** Sale price bands; bounds in 元, labels in 万 (product §9). */
export const BUY_PRICE_BANDS: readonly Band[] = [
  { key: '0-100', label: '100万以下', max: 100 * WAN },
  { key: '100-200', label: '100-200万', min: 100 * WAN, max: 200 * WAN },
  { key: '200-300', label: '200-300万', min: 200 * WAN, max: 300 * WAN },
  { key: '300-500', label: '300-500万', min: 300 * WAN, max: 500 * WAN },
  { key: '500-1000', label: '500-1000万', min: 500 * WAN, max: 1000 * WAN },
  { key: '1000+', label: '1000万以上', min: 1000 * WAN },
];

/** Rent bands in 元/月 (product §9). */
export const RENT_PRICE_BANDS: readonly Band[] = [
  { key: '0-3000', label: '3000元以下', max: 3000 },
  { key: '3000-5000', label: '3000-5000元', min: 3000, max: 5000 },
  { key: '5000-8000', label: '5000-8000元', min: 5000, max: 8000 },
  { key: '8000-12000', label: '8000-12000元', min: 8000, max: 12000 },
  { key: '12000-20000', label: '12000-20000元', min: 12000, max: 20000 },
  { key: '20000+', label: '20000元以上', min: 20000 },
];

/** Area bands in ㎡ (product §9). */
export const AREA_BANDS: readonly Band[] = [
  { key: '0-50', label: '50㎡以下', max: 50 },
  { key: '50-80', label: '50-80㎡', min: 50, max: 80 },
  { key: '80-120', label: '80-120㎡', min: 80, max: 120 },
  { key: '120-150', label: '120-150㎡', min: 120, max: 150 },
  { key: '150-200', label: '150-200㎡', min: 150, max: 200 },
  { key: '200+', label: '200㎡以上', min: 200 },
];

/** True when `value` falls in `band` (lower bound inclusive, upper exclusive). */
export function inBand(band: Band, value: number): boolean {
  return (
    (band.min === undefined || value >= band.min) && (band.max === undefined || value < band.max)
  );
}

/** Bedroom filter options; 5 means "5 or more". */
export const ROOM_OPTIONS = [1, 2, 3, 4, 5] as const;
export const ROOMS_OR_MORE = 5;
export const ROOM_LABELS: Record<(typeof ROOM_OPTIONS)[number], string> = {
  1: '1室',
  2: '2室',
  3: '3室',
  4: '4室',
  5: '5室及以上',
};

/** Page sizes (product §9). */
export const PAGE_SIZE = 20;
export const FEATURED_LIMIT = 12;
export const MAX_PAGE_BUTTONS = 5;
export const NEWS_FETCH_LIMIT = 50;
export const NEWS_HEADLINE_COUNT = 3;
export const FAVORITES_FETCH_LIMIT = 1000;
export const RECENT_LIMIT = 10;

/** Timers (product §9). The 10 s login timeout is AUTH_REQUEST_TIMEOUT_MS in errors.ts. */
export const BANNER_INTERVAL_MS = 5_000;
export const BANNER_SLIDES = 3;
export const VIDEO_CONTROLS_HIDE_MS = 3_000;
export const LOADING_RESET_MS = 30_000;
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;
export const AUDIT_REFETCH_MS = 30_000;
export const PROMOTION_VALIDITY_MS = 24 * HOUR_MS;
export const QUERY_STALE_MS = 5 * MINUTE_MS;
export const QUERY_GC_MS = 10 * MINUTE_MS;
export const NEWS_CACHE_MS = 5 * MINUTE_MS;
export const DEFAULT_CONTACT_CACHE_MS = 5 * MINUTE_MS;
export const AUTH_REFRESH_BACKOFF_START_MS = 200;
/**
 * How long a sign-out waits for the server's revocation (a renewal under way first) before the
 * device signs out anyway and owes it: a slow connection must not hold the user at the button.
 */
export const SIGN_OUT_SERVER_WAIT_MS = 3_000;
/** How long the sign-out waits to count what the device has not sent before keeping it all. */
export const SIGN_OUT_COUNT_WAIT_MS = 5_000;
/**
 * Online, with only changes unsent (no files, nothing refused), how long the sign-out lets them
 * go out before asking: a change the device made a moment ago is usually on its way already.
 */
export const SIGN_OUT_SETTLE_MS = 2_000;

/** Media limits (product §5, §9). */
export const MAX_MEDIA_PER_LISTING = 10;
export const MB = 1024 * 1024;
export const IMAGE_MAX_MB = 5;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * MB;
export const VIDEO_MAX_MB = 50;
/** 52428800 bytes, the spec's video bucket limit. */
export const VIDEO_MAX_BYTES = VIDEO_MAX_MB * MB;
/**
 * A picked photo's longest side once the device has prepared it (client/data/media/photo-prepare):
 * under the gateway's own cap, so the gateway keeps it at this size and a phone sends a few
 * hundred KB instead of the camera's several MB.
 */
export const PHOTO_PREPARED_LONG_EDGE = 1920;
/** The JPEG quality (0–1) a prepared photo is encoded at. */
export const PHOTO_PREPARED_QUALITY = 0.8;
export const UPLOAD_MAX_ATTEMPTS = 3;
export const UPLOAD_BACKOFF_MS = 1_000;
export const MEDIA_CACHE_CONTROL_S = 3_600;
/** The max_images_per_property setting: default and allowed range. */
export const IMAGE_LIMIT_DEFAULT = MAX_MEDIA_PER_LISTING;
export const IMAGE_LIMIT_MIN = 1;
export const IMAGE_LIMIT_MAX = 50;

/** Wait before upload attempt `attempt` (1-based) is retried: 1 s × attempt. */
export function uploadBackoffMs(attempt: number): number {
  return UPLOAD_BACKOFF_MS * attempt;
}

/** Listing badge "新房源" within this many days of creation. */
export const NEW_LISTING_DAYS = 3;
/** Relative dates ("N天前") under this many days, then a plain date. */
export const RELATIVE_DATE_DAYS = 7;

/** Promotion QR code size (px). */
export const QR_SIZE_MIN = 150;
export const QR_SIZE_MAX = 300;
export const QR_SIZE_DEFAULT = 200;

/** Help-centre facts (product §9). */
export const SERVICE_HOURS = '9:00-21:00';
/** Listing review takes 1–2 working days (product §2 help centre, §9). */
export const LISTING_REVIEW_DAYS = '1-2';
/** Join-us: resumes are answered within 3 working days (product §2, §9). */
export const RESUME_REPLY_DAYS = 3;
/** A panorama that has not loaded after this long is shown as failed. */
export const PANORAMA_LOAD_TIMEOUT_MS = 15_000;

/** Browsing history texts (product §2 "Browsing history"). */
export const RECENT_MESSAGES = {
  title: '浏览记录',
  empty: '暂无浏览记录',
  emptyHint: `看过的房源会出现在这里（最多保留最近${RECENT_LIMIT}套），离线时也能查看`,
  /** Beside the title: how many it shows, and how many it keeps. */
  count: (shown: number) => `共 ${shown} 套（保留最近 ${RECENT_LIMIT} 套）`,
} as const;
