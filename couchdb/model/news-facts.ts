/**
 * The zod-free half of news.ts (categories and statuses with their labels, limits, the news texts
 * and the cover check), so the device data layer can declare the news collection without loading
 * the schema library.
 */
import { TITLE_MAX_MESSAGE } from './common-facts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from './constants';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from './errors';

export const NEWS_CATEGORIES = ['market', 'policy', 'guide'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const NEWS_CATEGORY_LABELS: Record<NewsCategory, string> = {
  market: '市场动态',
  policy: '政策解读',
  guide: '购房指南',
};

export const NEWS_STATUSES = ['draft', 'published', 'archived'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  draft: '草稿',
  published: '已发布',
  archived: '已归档',
};

export const NEWS_SUMMARY_MAX = 300;
/** HTML can be long; bounded so one article cannot bloat every device. */
export const NEWS_CONTENT_MAX = 100_000;

/** News form and screen texts (product §2, §5, §8 "News", "Uploads"). */
export const NEWS_MESSAGES = {
  titleAndContent: '请填写标题和内容',
  titleMax: TITLE_MAX_MESSAGE,
  summaryMax: '摘要不能超过300个字符',
  contentMax: '内容过长',
  category: '请选择资讯分类',
  status: '请选择资讯状态',
  coverNotImage: '请选择图片文件',
  coverTooLarge: `图片大小不能超过${IMAGE_MAX_MB}MB`,
  noImageSelected: '没有选择图片文件',
  imageUploadFailed: '图片上传失败，请重试',
  imageUploadFailedWith: (reason: string) => `图片上传失败：${reason}`,
  /** Offline, images cannot be uploaded: the text can be saved now and the cover added later. */
  imagesNeedConnection: '当前离线：图片需联网上传。可先保存文字内容，联网后再编辑添加封面和图片。',
  createFailed: '创建失败，请重试',
  updateFailed: '更新失败，请重试',
  deleteFailed: GENERIC_MESSAGES.deleteFailed,
  notLoggedIn: AUTH_MESSAGES.notLoggedIn,
  created: '资讯创建成功',
  updated: '资讯更新成功',
  deleted: '资讯删除成功',
  notFound: '文章不存在',
  liked: '感谢您的点赞！',
  empty: '暂无资讯',
} as const;

const nm = NEWS_MESSAGES;

/** Text of an HTML fragment (tags removed), e.g. to tell an empty editor ('<p></p>') apart. */
export function stripHtml(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
}

/** Checks a picked cover image: an image type, at most 5 MB. Returns the message or null. */
export function checkNewsCover(
  file: { type: string; size: number } | null | undefined,
): string | null {
  if (!file) return nm.noImageSelected;
  if (!file.type.startsWith('image/')) return nm.coverNotImage;
  if (file.size > IMAGE_MAX_BYTES) return nm.coverTooLarge;
  return null;
}
