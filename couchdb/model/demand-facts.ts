/**
 * The zod-free half of demand.ts (demand types and statuses with their labels, the form and screen
 * texts), so the demand cards and the device data layer can use them without loading the schema
 * library.
 */
import { PHONE_MESSAGE, TITLE_MAX_MESSAGE } from './common-facts';
import { GENERIC_MESSAGES } from './errors';
import { PROPERTY_FORM_MESSAGES } from './property-facts';

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

/** Demand form messages (product §5 "Demand form"; the ≥0 and type texts are ours). */
export const DEMAND_FORM_MESSAGES = {
  title: '请输入需求标题',
  titleMax: TITLE_MAX_MESSAGE,
  type: '请选择需求类型',
  price: '价格不能小于0',
  area: '面积不能小于0',
  /** Not a number, or more than any listing can be. */
  priceInvalid: PROPERTY_FORM_MESSAGES.price,
  areaInvalid: PROPERTY_FORM_MESSAGES.area,
  location: '请输入期望区域',
  description: '请输入需求描述',
  descriptionMax: '需求描述不能超过1000个字符',
  phoneRequired: '请输入联系电话',
  phone: PHONE_MESSAGE,
  priceRange: '最低价格不能高于最高价格',
  areaRange: '最小面积不能大于最大面积',
  rooms: '请选择正确的户型',
} as const;

/** Demands one user keeps at most: the gateway refuses the next create. */
export const DEMAND_MAX = 50;

/** Demand screens' texts (product §2, §8). */
export const DEMAND_MESSAGES = {
  tooMany: `您发布的需求已达上限（${DEMAND_MAX}条），请删除不再需要的需求后再发布`,
  publishSuccess: '需求发布成功！',
  /** Published offline: the demand waits on the device (the spec's toast is for online). */
  publishSavedOffline: '需求已保存在本机，联网后自动发布',
  publishFailed: GENERIC_MESSAGES.publishFailed,
  deleteSuccess: '需求删除成功',
  deleteFailed: GENERIC_MESSAGES.deleteFailed,
  adminDeleteFailed: '删除失败，请稍后重试',
  myDeleteFailed: '删除需求失败，请重试',
  loadFailed: '加载需求列表失败',
  loadFailedHint: '读取本机数据时出错，请重新加载',
  reload: GENERIC_MESSAGES.reload,
  updateSuccess: '需求更新成功',
  updateSavedOffline: GENERIC_MESSAGES.savedOffline,
  notFound: '需求不存在或已删除',
  empty: '暂无需求',
  emptyHint: '发布求购或求租需求，让经纪人找到您',
  noMatch: '没有符合条件的需求',
  deleteConfirm: '确定要删除这条需求吗？删除后无法恢复。',
  /** 清空草稿 on a new demand (the draft is ours: the spec keeps none). */
  discardDraftConfirm: '确定要清空草稿吗？已填写的内容都会删除。',
  /** The status change (the spec only lists the states, product §4; the texts are ours). */
  statusChanged: (label: string) => `需求状态已更新为${label}`,
  statusFailed: '状态更新失败，请重试',
  statusInvalid: '需求状态无效',
  statusUnchanged: '需求已是该状态',
  /** The page titles of /admin/demands (product §2): all demands for admins, one's own for others. */
  adminTitle: '需求管理',
  ownTitle: '我的需求',
  unknownPublisher: '未知用户',
} as const;
