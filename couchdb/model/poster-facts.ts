/**
 * The listing poster's texts and file name (房源海报, issue 15 item 3), apart from promotion-facts.ts:
 * that module is on the first screen, and these are needed only once a poster is made.
 */
/** The listing poster (房源海报, issue 15 item 3). */
export const POSTER_MESSAGES = {
  button: '生成海报',
  title: '房源海报',
  save: '保存图片',
  share: '分享',
  saved: '海报已保存',
  saveFailed: '海报保存失败，请重试',
  drawFailed: '海报生成失败，请重试',
  drawing: '正在生成海报…',
  offlineCover: '房源照片未缓存，已使用默认封面',
  shareText: (title: string) => `${title}，澄江房产为您推荐`,
} as const;

/** The poster PNG's file name for a listing. */
export function posterFileName(propertyId: string): string {
  return `cjfc-poster-${propertyId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}.png`;
}
