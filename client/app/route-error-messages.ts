/** What the route error screen says (client/app/route-error-screen.tsx). */
export const ROUTE_ERROR_MESSAGES = {
  title: '页面出错了',
  chunkFailed: '页面资源加载失败，请检查网络后刷新。',
  reloadsOnline: '联网后将自动重新加载此页面。',
  failed: '页面出现错误，请刷新后重试。',
  reload: '刷新页面',
} as const;
