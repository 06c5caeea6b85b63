/**
 * The property (listing) document of spec §3 and the publish form of spec §5, with its exact
 * messages, step field lists, custom-tag rule and publish/delete/admin texts (spec §8).
 */
import { z } from 'zod';
import {
  displayNameSchema,
  idSchema,
  isHttpUrl,
  phoneSchema,
  TITLE_MAX,
  TITLE_MAX_MESSAGE,
  timestampSchema,
  URL_MAX,
  URL_MESSAGE,
} from './common';
import {
  CUSTOM_TAG_MAX,
  DEFAULT_CITY,
  DEFAULT_PROVINCE,
  FEATURES_MAX,
  MAX_MEDIA_PER_LISTING,
  PRESET_FEATURE_TAGS,
  TOWNSHIPS,
} from './constants';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from './errors';
import { mediaItemSchema, propertyImageSchema, UPLOAD_MESSAGES } from './media';
import { PROMOTION_MESSAGES } from './promotion';

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

/** Structured address of a listing; district is one of the six townships. */
export const addressSchema = z.object({
  province: z.string().trim().max(20).default(DEFAULT_PROVINCE),
  city: z.string().trim().max(20).default(DEFAULT_CITY),
  district: z.enum(TOWNSHIPS, { error: PROPERTY_FORM_MESSAGES.district }),
  community: z.string().trim().max(50).default(''),
  address: z.string().trim().max(ADDRESS_MAX, PROPERTY_FORM_MESSAGES.addressMax),
});
export type Address = z.infer<typeof addressSchema>;

/** A feature tag as stored: non-blank, at most 4 characters. */
const featureTagSchema = z.string().trim().min(1).max(CUSTOM_TAG_MAX);

const contactSchema = z.object({
  name: displayNameSchema.default(''),
  /** Absent in a visitor's projection (phones are stripped, DESIGN §4). */
  phone: phoneSchema.optional(),
});

const panoramaUrlSchema = z
  .string()
  .trim()
  .max(URL_MAX, URL_MESSAGE)
  .refine((v) => v === '' || isHttpUrl(v), URL_MESSAGE);

const propertyShape = {
  id: idSchema,
  user_id: idSchema,
  title: z.string().trim().min(1).max(TITLE_MAX, TITLE_MAX_MESSAGE),
  description: z.string().max(DESCRIPTION_MAX, PROPERTY_FORM_MESSAGES.descriptionMax).default(''),
  type: z.enum(PROPERTY_TYPES),
  /** 元: total for sale, per month for rent. */
  price: z.int().min(0).max(PRICE_MAX),
  /** ㎡. */
  area: z.number().min(0).max(AREA_MAX),
  bedrooms: z.int().min(0).max(99),
  rooms: z.string().max(ROOMS_MAX).default(''),
  address: addressSchema,
  status: z.enum(PROPERTY_STATUSES),
  audit_status: z.enum(AUDIT_STATUSES),
  audit_comment: z.string().max(AUDIT_COMMENT_MAX).default(''),
  audited_by: idSchema.nullable().default(null),
  audited_at: timestampSchema.nullable().default(null),
  is_priority: z.boolean().default(false),
  is_featured: z.boolean().default(false),
  view_count: z.int().min(0).default(0),
  features: z.array(featureTagSchema).max(FEATURES_MAX).default([]),
  contact: contactSchema.default({ name: '' }),
  /** Absent in a visitor's projection. */
  contact_phone: phoneSchema.optional(),
  panorama_url: panoramaUrlSchema.optional(),
  images: z.array(propertyImageSchema).max(50).default([]),
  media_items: z.array(mediaItemSchema).max(50).default([]),
  /** Publisher display name, copied by the gateway. */
  owner: z.object({ name: displayNameSchema }).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};

/** A property document as replicated to devices (tolerates, and drops, unknown keys). */
export const propertySchema = z.object(propertyShape);
export type Property = z.infer<typeof propertySchema>;
/** A property document as written by a device: unknown keys are refused. */
export const propertyWriteSchema = z.strictObject(propertyShape);

/** Bedrooms from a rooms text such as '3室2厅1卫' (the number before 室), or null. */
export function bedroomsFromRooms(rooms: string): number | null {
  const match = /(\d+)\s*室/.exec(rooms);
  return match?.[1] ? Number(match[1]) : null;
}

/** '' and null mean "not filled in"; strings from inputs become numbers. */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string') return Number(v.trim());
  return v;
}

const m = PROPERTY_FORM_MESSAGES;

/** The publish/edit form (spec §5 property form). Prices in 元, areas in ㎡. */
export const propertyFormSchema = z.strictObject({
  title: z
    .string({ error: m.titleMin })
    .trim()
    .min(PROPERTY_TITLE_MIN, m.titleMin)
    .max(TITLE_MAX, m.titleMax),
  type: z.enum(PROPERTY_TYPES, { error: m.type }),
  rooms: z.string({ error: m.rooms }).trim().min(1, m.rooms).max(ROOMS_MAX, m.roomsMax),
  bedrooms: z.preprocess(toNumber, z.int().min(0).max(99).optional()),
  area: z.preprocess(toNumber, z.number({ error: m.area }).min(1, m.area).max(AREA_MAX, m.area)),
  description: z
    .string({ error: m.descriptionMin })
    .trim()
    .min(DESCRIPTION_MIN, m.descriptionMin)
    .max(DESCRIPTION_MAX, m.descriptionMax),
  price: z.preprocess(
    toNumber,
    z.number({ error: m.price }).min(1, m.price).max(PRICE_MAX, m.price),
  ),
  address: z.strictObject(
    {
      province: z.string().trim().max(20).default(DEFAULT_PROVINCE),
      city: z.string().trim().max(20).default(DEFAULT_CITY),
      district: z.enum(TOWNSHIPS, { error: m.district }),
      community: z.string().trim().max(50).default(''),
      address: z
        .string({ error: m.addressMin })
        .trim()
        .min(ADDRESS_MIN, m.addressMin)
        .max(ADDRESS_MAX, m.addressMax),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? m.addressMin : undefined) },
  ),
  contact_name: z.string().trim().max(30, m.contactName).optional(),
  contact_phone: phoneSchema,
  features: z.array(featureTagSchema).max(FEATURES_MAX, m.tooManyFeatures).default([]),
  panorama_url: panoramaUrlSchema.optional(),
});
export type PropertyForm = z.infer<typeof propertyFormSchema>;
export type PropertyFormInput = z.input<typeof propertyFormSchema>;

/** Publish steps 1–4; steps 1–3 validate these fields, step 4 is media (spec §2, §5). */
export const STEP_FIELDS = {
  1: ['title', 'type'],
  2: ['rooms', 'area', 'description'],
  3: ['price', 'address', 'contact_phone'],
} as const satisfies Record<1 | 2 | 3, readonly (keyof PropertyForm)[]>;
export type FormStep = 1 | 2 | 3 | 4;
export const PUBLISH_STEP_COUNT = 4;

/**
 * Validates only the fields of `step` ("next" checks the current step). Returns one message per
 * field path ('title', 'address.address', ...), empty when the step is fine.
 */
export function validatePropertyStep(step: FormStep, values: unknown): Record<string, string> {
  const fields: readonly string[] = step === 4 ? [] : STEP_FIELDS[step];
  const result = propertyFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [head] = issue.path;
    if (typeof head !== 'string' || !fields.includes(head)) continue;
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

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
