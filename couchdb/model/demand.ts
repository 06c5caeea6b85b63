/**
 * The demand (wanted-to-buy/rent) document of spec §3 and its publish form of spec §5. Unlike the
 * original product, the collected title is kept on the document.
 */
import { z } from 'zod';
import {
  displayNameSchema,
  idSchema,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  phoneSchema,
  TITLE_MAX,
  TITLE_MAX_MESSAGE,
  timestampSchema,
} from './common';
import { ROOMS_OR_MORE, TOWNSHIPS } from './constants';
import { GENERIC_MESSAGES } from './errors';
import { AREA_MAX, DESCRIPTION_MAX, PRICE_MAX } from './property';
import { userRoleSchema } from './user';

export const DEMAND_TYPES = ['buy', 'rent'] as const;
export type DemandType = (typeof DEMAND_TYPES)[number];
export const DEMAND_TYPE_LABELS: Record<DemandType, string> = { buy: '求购', rent: '求租' };

export const DEMAND_STATUSES = ['active', 'inactive', 'completed'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];
export const DEMAND_STATUS_LABELS: Record<DemandStatus, string> = {
  active: '待处理',
  inactive: '已暂停',
  completed: '已完成',
};

/** Demand form messages (spec §5 "Demand form"; the ≥0 and type texts are ours). */
export const DEMAND_FORM_MESSAGES = {
  title: '请输入需求标题',
  titleMax: TITLE_MAX_MESSAGE,
  type: '请选择需求类型',
  price: '价格不能小于0',
  area: '面积不能小于0',
  location: '请输入期望区域',
  description: '请输入需求描述',
  descriptionMax: '需求描述不能超过1000个字符',
  phoneRequired: '请输入联系电话',
  phone: PHONE_MESSAGE,
  priceRange: '最低价格不能高于最高价格',
  areaRange: '最小面积不能大于最大面积',
  rooms: '请选择正确的户型',
} as const;

/** Demand screens' texts (spec §2, §8). */
export const DEMAND_MESSAGES = {
  publishSuccess: '需求发布成功！',
  publishFailed: GENERIC_MESSAGES.publishFailed,
  deleteSuccess: '需求删除成功',
  deleteFailed: GENERIC_MESSAGES.deleteFailed,
  adminDeleteFailed: '删除失败，请稍后重试',
  myDeleteFailed: '删除需求失败，请重试',
  loadFailed: '加载需求列表失败',
  loadFailedHint: '读取本机数据时出错，请重新加载',
  reload: GENERIC_MESSAGES.reload,
  updateSuccess: '需求更新成功',
  notFound: '需求不存在或已删除',
  empty: '暂无需求',
  emptyHint: '发布求购或求租需求，让经纪人找到您',
  noMatch: '没有符合条件的需求',
  deleteConfirm: '确定要删除这条需求吗？删除后无法恢复。',
} as const;

/** A demand document as replicated to devices. */
const demandShape = {
  id: idSchema,
  user_id: idSchema,
  title: z.string().trim().min(1).max(TITLE_MAX),
  type: z.enum(DEMAND_TYPES),
  status: z.enum(DEMAND_STATUSES),
  /** 元 (total for buy, per month for rent). */
  min_price: z.number().min(0).max(PRICE_MAX).optional(),
  max_price: z.number().min(0).max(PRICE_MAX).optional(),
  /** ㎡. */
  min_area: z.number().min(0).max(AREA_MAX).optional(),
  max_area: z.number().min(0).max(AREA_MAX).optional(),
  areas: z.array(z.enum(TOWNSHIPS)).max(TOWNSHIPS.length).default([]),
  rooms: z.array(z.int().min(1).max(ROOMS_OR_MORE)).max(ROOMS_OR_MORE).default([]),
  requirements: z.string().max(DESCRIPTION_MAX).default(''),
  contact: z.object({ name: displayNameSchema.default(''), phone: phoneSchema }),
  /** Publisher, copied by the gateway. */
  user: z.object({ name: displayNameSchema, user_type: userRoleSchema }).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};
export const demandSchema = z.object(demandShape);
export type Demand = z.infer<typeof demandSchema>;
/** A demand as written by a device: unknown keys are refused. */
export const demandWriteSchema = z.strictObject(demandShape);

/** '' and null mean "not given"; input strings become numbers. */
function toOptionalNumber(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v;
}

const dm = DEMAND_FORM_MESSAGES;
const formAmount = (message: string, max: number) =>
  z.preprocess(toOptionalNumber, z.number({ error: message }).min(0, message).max(max).optional());

/** The publish-demand form (spec §5), including both min/max cross-field rules. */
export const demandFormSchema = z
  .strictObject({
    title: z.string({ error: dm.title }).trim().min(1, dm.title).max(TITLE_MAX, dm.titleMax),
    type: z.enum(DEMAND_TYPES, { error: dm.type }),
    min_price: formAmount(dm.price, PRICE_MAX),
    max_price: formAmount(dm.price, PRICE_MAX),
    min_area: formAmount(dm.area, AREA_MAX),
    max_area: formAmount(dm.area, AREA_MAX),
    /** One township is chosen; kept as a list as the document stores it. */
    areas: z
      .array(z.enum(TOWNSHIPS, { error: dm.location }), { error: dm.location })
      .min(1, dm.location)
      .max(TOWNSHIPS.length),
    rooms: z
      .array(z.int({ error: dm.rooms }).min(1, dm.rooms).max(ROOMS_OR_MORE, dm.rooms))
      .max(ROOMS_OR_MORE)
      .default([]),
    requirements: z
      .string({ error: dm.description })
      .trim()
      .min(1, dm.description)
      .max(DESCRIPTION_MAX, dm.descriptionMax),
    contact_name: z.string().trim().max(30).optional(),
    contact_phone: z
      .string({ error: dm.phoneRequired })
      .trim()
      .min(1, { error: dm.phoneRequired, abort: true })
      .regex(PHONE_PATTERN, dm.phone),
  })
  .superRefine((v, ctx) => {
    if (v.min_price !== undefined && v.max_price !== undefined && v.min_price > v.max_price) {
      ctx.addIssue({ code: 'custom', path: ['min_price'], message: dm.priceRange });
    }
    if (v.min_area !== undefined && v.max_area !== undefined && v.min_area > v.max_area) {
      ctx.addIssue({ code: 'custom', path: ['min_area'], message: dm.areaRange });
    }
  });
export type DemandForm = z.infer<typeof demandFormSchema>;
export type DemandFormInput = z.input<typeof demandFormSchema>;
