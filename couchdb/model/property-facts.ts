/**
 * The zod-free half of property.ts: listing types and statuses with their labels, the publish
 * form's limits and messages, the listing and review texts (product §5, §8) and the small checks built
 * on them, so the first screen and the device data layer can use them without loading the schema
 * library.
 */
import { clause } from './text-facts';
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

/** Publish form messages (product §5 "Property form"; type and district are not shown there). */
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

/**
 * Listings one account keeps at most (not counting deleted ones): the gateway refuses the next
 * create, so one account cannot grow storage or the review queue without bound.
 */
export const LISTING_MAX: Record<'user' | 'agent' | 'admin', number> = {
  user: 50,
  agent: 1000,
  admin: 1000,
};

/** Listing screens' texts (product §2, §5 Other, §8 Publishing and deletion, Other). */
export const PROPERTY_MESSAGES = {
  tooMany: (max: number) => `您发布的房源已达上限（${max}条），请删除不再需要的房源后再发布`,
  publishSuccess: '房源发布成功！',
  /** Published offline: the listing and its files wait on the device (spec's toast is for online). */
  publishSavedOffline: '房源已保存在本机，联网后自动发布',
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
  /** A listing video that cannot play: offline (never downloaded), or the file cannot be loaded. */
  videoOffline: '当前离线，视频需要联网播放',
  videoLoadFailed: '视频加载失败，请检查网络后重试',
  videoRetry: '重试',
  linkCopied: '链接已复制到剪贴板',
  copyFailed: PROMOTION_MESSAGES.copyFailed,
  updateSuccess: '房源更新成功',
  /** An edit saved over another page's or device's change of the same fields: theirs replaced. */
  updateReplacedOther: (labels: readonly string[]) =>
    `房源已更新。${labels.join('、')}刚在其他页面或设备上被修改过，已按您这次的保存为准；其余修改都已保留。`,
  updateSavedOffline: GENERIC_MESSAGES.savedOffline,
  loginRequired: AUTH_MESSAGES.loginRequired,
  empty: '暂无符合条件的房源',
  deleteConfirm: '确定要删除这套房源吗？删除后将不再展示，且无法恢复。',
  mineEmpty: '暂无房源',
  mineEmptyHint: '发布房源后，审核通过即可展示给所有人',
  /** On its own page, to the owner of a listing waiting for review. */
  ownPendingNotice: '待审核：审核通过后，所有人都能看到这条房源。',
  /** On its own page, to the owner of a listing taken off the market. */
  ownInactiveNotice: '已下架：其他人看不到这条房源，重新上架后恢复展示。',
  /** On the form editing a rejected listing, with the reviewer's comment when there is one. */
  rejectedEditNotice: (comment?: string) =>
    `未通过审核${comment && clause(comment) ? `：${clause(comment)}` : ''}。修改后保存即重新提交审核。`,
  mineNoMatch: '没有符合条件的房源',
  discardDraft: '清空草稿',
  discardDraftConfirm: '确定要清空草稿吗？已填写的内容和选择的图片视频都会删除。',
  draftDiscarded: '草稿已清空',
  mediaWaiting: '新添加的图片视频上传后会自动更新到房源',
} as const;

/** Admin listing management and review texts (product §4, §8 "Admin"). */
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

/** The review page's load-error text: the error's own message, else one by status (product §8). */
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
 * The submit-time checks beyond the form (product §5): a logged-in user, at least one image, and no
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

/** Opening the panorama needs a non-blank panorama_url (product §5); returns the message or null. */
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

/** The names of a listing's fields as its edit form shows them (an edit that met another's). */
export const LISTING_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: '标题',
  description: '描述',
  type: '类型',
  price: '价格',
  area: '面积',
  bedrooms: '户型',
  rooms: '户型',
  features: '特色标签',
  contact: '联系方式',
  contact_phone: '联系方式',
  panorama_url: '360°全景链接',
  verification_code: '核验码',
  facts: '房屋信息',
  address: '地址',
  location: '房源位置',
};

export const REVIEWED_FIELD_LABELS: Record<ReviewedPropertyField, string> = {
  title: '标题',
  description: '描述',
  features: '特色标签',
  images: '图片',
  media_items: '视频/全景',
  panorama_url: '360°全景链接',
};
