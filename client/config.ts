/** Product-wide UI settings. The name is configurable (DESIGN: APP_NAME). */
export const APP_NAME = '澄江房产';
export const APP_TAGLINE = '澄江本地房产信息平台';
