/**
 * The zod-free half of property.ts: listing types and statuses with their labels, the publish
 * form's limits and messages, the listing and review texts (spec §5, §8) and the small checks built
 * on them, so the first screen and the device data layer can use them without loading the schema
 * library.
 */
import { TITLE_MAX_MESSAGE, URL_MESSAGE } from './common-facts';
import { CUSTOM_TAG_MAX, MAX_MEDIA_PER_LISTING, PRESET_FEATURE_TAGS } from './constants';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from './errors';
import { UPLOAD_MESSAGES } from './media-facts';
import { PROMOTION_MESSAGES } from './promotion-facts';

export const PROPERTY_TYPES = ['sale', 'rent'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = { sale: '出售', rent: '出租' };

export const PROPERTY_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export const AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const PROPERTY_TITLE_MIN = 5;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;
export const ROOMS_MAX = 30;
/** Sanity bounds: no county listing costs a trillion or covers 100,000 ㎡. */
export const PRICE_MAX = 10_000_000_000;
export const AREA_MAX = 100_000;
export const AUDIT_COMMENT_MAX = 500;

/** Publish form messages (spec §5 "Property form"; type and district are not shown there). */
export const PROPERTY_FORM_MESSAGES = {
  titleMin: '标题至少5个字符',
  titleMax: TITLE_MAX_MESSAGE,
  type: '请选择房源类型',
  price: '请输入正确的价格',
  area: '请输入正确的面积',
  rooms: '请输入房间信息',
  roomsMax: '房间信息不能超过30个字符',
  addressMin: '地址至少5个字符',
  addressMax: '地址不能超过200个字符',
  district: '请选择所在区域',
  descriptionMin: '描述至少10个字符',
  descriptionMax: '描述不能超过1000个字符',
  panoramaUrl: URL_MESSAGE,
  panoramaHttps: '全景链接必须是以 https:// 开头的网页地址',
  contactName: '联系人姓名不能超过30个字符',
  tooManyFeatures: '标签数量过多',
  noImage: '请至少上传一张图片',
  noUser: '用户信息缺失，请重新登录',
  tagEmpty: '请输入标签内容',
  tagTooLong: '标签最多4个字符',
  tagDuplicate: '该标签已存在',
} as const;

/** Listing screens' texts (spec §2, §5 Other, §8 Publishing and deletion, Other). */
export const PROPERTY_MESSAGES = {
  publishSuccess: '房源发布成功！',
  publishFailed: GENERIC_MESSAGES.publishFailed,
  deleteSuccess: '房源删除成功',
  deleteFailed: GENERIC_MESSAGES.deleteFailed,
  myDeleteFailed: '删除房源失败，请重试',
  loadFailed: GENERIC_MESSAGES.loadFailed,
  reloadHint: GENERIC_MESSAGES.reloadHint,
  notFound: '房源不存在或已下架',
  panoramaMissing: '该房源暂未配置360度全景链接',
  panoramaLoadFailed: '全景内容加载失败，请检查链接是否有效',
  fullscreenFailed: '无法进入全屏模式',
  linkCopied: '链接已复制到剪贴板',
  copyFailed: PROMOTION_MESSAGES.copyFailed,
  updateSuccess: '房源更新成功',
  loginRequired: AUTH_MESSAGES.loginRequired,
  empty: '暂无符合条件的房源',
  featuredEmpty: '暂无推荐房源',
  deleteConfirm: '确定要删除这套房源吗？删除后将不再展示，且无法恢复。',
  mineEmpty: '暂无房源',
  mineEmptyHint: '发布房源后，审核通过即可展示给所有人',
  mineNoMatch: '没有符合条件的房源',
  discardDraft: '清空草稿',
  discardDraftConfirm: '确定要清空草稿吗？已填写的内容和选择的图片视频都会删除。',
  draftDiscarded: '草稿已清空',
  mediaWaiting: '新添加的图片视频上传后会自动更新到房源',
} as const;

/** Admin listing management and review texts (spec §4, §8 "Admin"). */
export const ADMIN_PROPERTY_MESSAGES = {
  approved: '房源审核通过',
  rejected: '房源已拒绝',
  operationFailed: '操作失败',
  batchFailed: '批量操作失败',
  updateFailed: '更新失败',
  auditFailed: '审核失败',
  noSelection: '请先选择要操作的房源',
  priorityUpgrade: '优先展示功能需要数据库升级，请联系管理员',
  noAuditPermission: '您没有权限访问房源审核功能',
  rejectReasonPrompt: '请输入拒绝原因（可选）',
  reviewForbidden: '权限不足，请确认您有管理员权限',
  reviewUnauthorized: '未授权访问，请重新登录',
  reviewServerError: '服务器内部错误，请稍后重试',
  reviewNetwork: '网络连接异常，请检查网络设置',
} as const;

/** The review page's load-error text: the error's own message, else one by status (spec §8). */
export function reviewLoadErrorMessage(message: string | undefined, status?: number): string {
  if (message) return message;
  if (status === 403) return ADMIN_PROPERTY_MESSAGES.reviewForbidden;
  if (status === 401) return ADMIN_PROPERTY_MESSAGES.reviewUnauthorized;
  if (status === 500) return ADMIN_PROPERTY_MESSAGES.reviewServerError;
  return ADMIN_PROPERTY_MESSAGES.reviewNetwork;
}

/** Bedrooms from a rooms text such as '3室2厅1卫' (the number before 室), or null. */
export function bedroomsFromRooms(rooms: string): number | null {
  const match = /(\d+)\s*室/.exec(rooms);
  return match?.[1] ? Number(match[1]) : null;
}

const m = PROPERTY_FORM_MESSAGES;

/**
 * The submit-time checks beyond the form (spec §5): a logged-in user, at least one image, and no
 * more media than the listing limit. Returns the message to show or null.
 */
export function checkPropertySubmit(input: {
  userId: string | null | undefined;
  imageCount: number;
  mediaCount?: number;
  maxMedia?: number;
}): string | null {
  if (!input.userId) return m.noUser;
  if (input.imageCount < 1) return m.noImage;
  const max = input.maxMedia ?? MAX_MEDIA_PER_LISTING;
  if ((input.mediaCount ?? input.imageCount) > max) return UPLOAD_MESSAGES.tooManyMedia(max);
  return null;
}

/**
 * Adds a custom tag (button or Enter): trimmed, at most 4 characters, not already a preset or
 * chosen tag. Returns the new custom tag list or the message to show.
 */
export function addCustomTag(
  tags: readonly string[],
  tag: string,
): { ok: true; tags: string[] } | { ok: false; message: string } {
  const value = tag.trim();
  if (!value) return { ok: false, message: m.tagEmpty };
  if ([...value].length > CUSTOM_TAG_MAX) return { ok: false, message: m.tagTooLong };
  if ((PRESET_FEATURE_TAGS as readonly string[]).includes(value) || tags.includes(value)) {
    return { ok: false, message: m.tagDuplicate };
  }
  return { ok: true, tags: [...tags, value] };
}

/** Opening the panorama needs a non-blank panorama_url (spec §5); returns the message or null. */
export function checkPanorama(panoramaUrl: string | null | undefined): string | null {
  return panoramaUrl && panoramaUrl.trim() ? null : PROPERTY_MESSAGES.panoramaMissing;
}

/**
 * The fields of an approved listing whose change goes back to review while audit_required is on
 * (issue 16): what can carry a false or abusive claim to the public — its text, tags, photos,
 * video and 360° link. Price, area, rooms, address, contact and status change at once, so a price
 * cut or a sale is never held up. Until an admin approves, everyone but the owner and admins sees
 * the last approved values (the revision's `approved` snapshot).
 */
export const REVIEWED_PROPERTY_FIELDS = [
  'title',
  'description',
  'features',
  'images',
  'media_items',
  'panorama_url',
] as const;
export type ReviewedPropertyField = (typeof REVIEWED_PROPERTY_FIELDS)[number];

export const REVISION_STATUSES = ['pending', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** Texts of a change waiting for review (the owner's card, /manage, the review page). */
export const REVISION_MESSAGES = {
  pending: '修改审核中',
  rejected: '修改未通过',
  queueLabel: '修改待审核',
  ownerPending: '修改审核通过前，其他人看到的仍是上次审核通过的内容',
  ownerRejected: (comment: string) =>
    `修改未通过审核${comment ? `：${comment}` : ''}。其他人看到的仍是上次审核通过的内容，可再次编辑后提交`,
  changedFields: (labels: readonly string[]) => `修改了：${labels.join('、')}`,
  approved: '修改审核通过',
  rejectedToast: '修改已退回',
} as const;

export const REVIEWED_FIELD_LABELS: Record<ReviewedPropertyField, string> = {
  title: '标题',
  description: '描述',
  features: '特色标签',
  images: '图片',
  media_items: '视频/全景',
  panorama_url: '360°全景链接',
};

/**
 * The structured facts of a listing (issue 18): what a buyer or tenant filters by on the big apps.
 * Every one is optional, so listings published before them stay valid.
 */
export const ORIENTATIONS = [
  '南',
  '南北',
  '东南',
  '西南',
  '东',
  '西',
  '北',
  '东北',
  '西北',
  '东西',
] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const DECORATIONS = ['毛坯', '简装', '精装', '豪装'] as const;
export type Decoration = (typeof DECORATIONS)[number];
export const USAGES = ['住宅', '商住', '公寓', '别墅', '商铺', '写字楼', '车位', '厂房'] as const;
export type Usage = (typeof USAGES)[number];
/** Rent listings only. */
export const RENTAL_MODES = ['整租', '合租'] as const;
export type RentalMode = (typeof RENTAL_MODES)[number];
/** Rent listings only. */
export const PAYMENT_TERMS = [
  '押一付一',
  '押一付三',
  '押二付一',
  '押一付六',
  '年付',
  '面议',
] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];

export const FLOOR_MIN = -5;
export const FLOOR_MAX = 200;
export const YEAR_BUILT_MIN = 1900;
export const YEAR_BUILT_MAX = 2100;
export const LIFT_LABELS = { yes: '有电梯', no: '无电梯' } as const;

/** The facts' labels on the form, the filters and the detail page. */
export const PROPERTY_FACT_LABELS = {
  floor: '所在楼层',
  total_floors: '总楼层',
  orientation: '朝向',
  decoration: '装修',
  year_built: '建成年份',
  lift: '电梯',
  usage: '用途',
  rental_mode: '出租方式',
  payment: '付款方式',
} as const;

export const PROPERTY_FACT_MESSAGES = {
  floor: `楼层需在${FLOOR_MIN}到${FLOOR_MAX}之间`,
  totalFloors: `总楼层需在1到${FLOOR_MAX}之间`,
  floorAboveTotal: '所在楼层不能高于总楼层',
  yearBuilt: `建成年份需在${YEAR_BUILT_MIN}到${YEAR_BUILT_MAX}之间`,
  choose: '请从选项中选择',
} as const;

/** A listing's structured facts as stored (every field optional). */
export interface PropertyFactsValue {
  floor?: number | undefined;
  total_floors?: number | undefined;
  orientation?: Orientation | undefined;
  decoration?: Decoration | undefined;
  year_built?: number | undefined;
  lift?: boolean | undefined;
  usage?: Usage | undefined;
  rental_mode?: RentalMode | undefined;
  payment?: PaymentTerm | undefined;
}

/** '8/18层', '共18层' or '8层'; '' when neither is known. */
export function formatFloor(f: PropertyFactsValue | undefined): string {
  if (!f) return '';
  if (f.floor !== undefined && f.total_floors !== undefined)
    return `${f.floor}/${f.total_floors}层`;
  if (f.total_floors !== undefined) return `共${f.total_floors}层`;
  if (f.floor !== undefined) return `${f.floor}层`;
  return '';
}

/** The card's short line of facts: floor, orientation, decoration, year (and 整租/合租 for rent). */
export function factsSummary(f: PropertyFactsValue | undefined, type: PropertyType): string {
  if (!f) return '';
  return [
    type === 'rent' ? f.rental_mode : undefined,
    formatFloor(f),
    f.orientation,
    f.decoration,
    f.year_built !== undefined ? `${f.year_built}年` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The detail page's rows for the facts that are filled in (rent terms for rent listings only). */
export function factRows(
  f: PropertyFactsValue | undefined,
  type: PropertyType,
): { key: keyof typeof PROPERTY_FACT_LABELS; label: string; value: string }[] {
  if (!f) return [];
  const L = PROPERTY_FACT_LABELS;
  const rows: { key: keyof typeof PROPERTY_FACT_LABELS; label: string; value: string }[] = [];
  const add = (key: keyof typeof PROPERTY_FACT_LABELS, value: string | undefined) => {
    if (value) rows.push({ key, label: key === 'floor' ? '楼层' : L[key], value });
  };
  add('floor', formatFloor(f));
  add('orientation', f.orientation);
  add('decoration', f.decoration);
  add('year_built', f.year_built !== undefined ? `${f.year_built}年` : undefined);
  add('lift', f.lift === undefined ? undefined : f.lift ? '有' : '无');
  add('usage', f.usage);
  if (type === 'rent') {
    add('rental_mode', f.rental_mode);
    add('payment', f.payment);
  }
  return rows;
}

/** The price changes the gateway keeps on a listing (issue 18): the last ones, oldest first. */
export const PRICE_HISTORY_MAX = 20;
export interface PricePoint {
  /** 元, as the listing's price. */
  price: number;
  at: string;
}
