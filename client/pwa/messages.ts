/** The PWA chrome's words, defined once for the components and the tests. */
export const INSTALL_LABEL = '安装应用';

export const UPDATE_MESSAGES = {
  available: '发现新版本',
  refresh: '刷新',
  later: '稍后',
  saveFirst: '请先保存当前填写的内容，再刷新到新版本',
} as const;

export const OFFLINE_MESSAGE = '当前处于离线状态，显示的是本机保存的数据';
