/**
 * The gateway's error codes and the user-facing text for each (product §8, in Chinese).
 * The gateway answers `{error: {code, message}}`; the client turns a code into text here, in one place.
 */

/** Said of every way a session ends before the user signs out (refresh refused, token of an ended session). */
const SESSION_OVER = '登录状态已失效，请重新登录';

export const ERROR_MESSAGES = {
  bad_request: '请求格式错误',
  bad_json: '请求内容不是有效的 JSON',
  validation_failed: '提交的数据不正确',
  unauthorized: '未授权访问，请重新登录',
  token_expired: '登录已过期，请重新登录',
  invalid_credentials: '手机号或密码错误',
  refresh_invalid: SESSION_OVER,
  refresh_reused: SESSION_OVER,
  /** An access token of a session that has ended (signed out, the password changed elsewhere). */
  session_ended: SESSION_OVER,
  forbidden: '权限不足',
  invalid_transition: '当前状态不允许此操作',
  not_found: '请求的资源不存在',
  user_not_found: '用户不存在',
  account_disabled: '账号已被禁用，请联系管理员',
  has_content: '无法删除该用户，该用户有关联的房源或需求信息',
  last_admin: '至少需要保留一个启用的管理员',
  not_agent: '该推广链接无效：推广人不是本平台的经纪人',
  phone_taken: '该手机号已注册',
  wrong_password: '当前密码不正确',
  conflict: '数据已被修改，请刷新后重试',
  /**
   * A pushed create past its owner's cap of the collection (listings, demands, favourites, saved
   * searches, inbox entries); the refusal carries the collection's own text with the cap in it.
   */
  too_many: '数量已达上限，请删除不再需要的内容后再试',
  payload_too_large: '提交的内容过大',
  unsupported_media: '不支持的文件格式',
  file_too_large: '文件过大',
  too_many_files: '文件数量过多',
  empty_file: '文件是空的',
  bad_filename: '文件名不合法',
  upload_failed: '文件上传失败',
  rate_limited: '操作过于频繁，请稍后再试',
  store_unavailable: '服务暂时不可用，请稍后重试',
  internal: '服务器内部错误',
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** JSON bodies nested deeper than this (objects and arrays) are refused: 400 with this message. */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = '提交的内容层级过深，无法处理';

/** The shape of every gateway error response. */
export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}

/** Text for a failed request without a usable error body (product §8 "By status"). */
export function messageForStatus(status: number | undefined): string {
  if (status === undefined || status === 0) return '未知错误';
  if (status === 401) return ERROR_MESSAGES.unauthorized;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  if (status === 404) return ERROR_MESSAGES.not_found;
  if (status >= 500) return ERROR_MESSAGES.internal;
  return `请求失败（${status}）`;
}

/** 429 text with the wait rounded up to whole minutes. */
export const rateLimitedMessage = (seconds: number) =>
  `操作过于频繁，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

/** 429 of a password check (login, change password) slowed down after too many attempts. */
export const passwordAttemptsMessage = (seconds: number) =>
  `密码尝试次数过多，为保护账号安全，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

/**
 * The device's storage is full: the browser refused a write for lack of space. Said by the kind of
 * the failure, never with its details (a storage error carries the documents it was writing).
 */
export const STORAGE_FULL_MESSAGES = {
  /** The toast of the change that was not saved (what was typed stays on the screen). */
  notSaved:
    '手机存储空间已满，刚才的修改没有保存。请清理手机存储空间（如删除不用的照片、视频或应用）后再试一次。',
  /** The banner that stays until the user closes it. */
  banner:
    '本机存储空间已满，新的数据没能保存。请清理手机存储空间，或在浏览器设置中清除其他网站的数据后重试。',
  /** The banner's close button, for screen readers. */
  close: '关闭',
} as const;

/** Auth screens (product §8 "Auth"). */
export const AUTH_MESSAGES = {
  /** The server ended the session (expired, revoked elsewhere): the device data stays. */
  sessionEnded: `${SESSION_OVER}。本机保存的内容不会丢失，登录后自动发送。`,
  loginTimeout: '登录超时，请检查网络后重试',
  registerTimeout: '注册超时，请检查网络后重试',
  badFormat: '服务器响应格式错误',
  emptyResponse: '服务器返回空响应',
  parseFailed: '服务器响应解析失败',
  loginFailed: '登录失败',
  loginSuccess: '登录成功',
  registerFailed: '注册失败',
  registerSuccess: '注册成功',
  networkError: '网络连接异常，请检查网络设置',
  notLoggedIn: '用户未登录',
  profileUpdated: '资料更新成功',
  loggedOut: '已退出登录',
  logoutFailed: '退出登录失败',
  loginRequired: '请先登录',
} as const;

/** Login and register requests give up after 10 s (product §9). */
export const AUTH_REQUEST_TIMEOUT_MS = 10_000;

/** Said of a change made offline: it waits on the device and is sent once the device is online. */
const SAVED_OFFLINE_NOTE = '已保存在本机，联网后自动上传';

/** A done-message for a change made offline (审核通过 → 审核通过（已保存在本机，联网后自动上传）). */
export function withSavedOfflineNote(message: string): string {
  return `${message}（${SAVED_OFFLINE_NOTE}）`;
}

/** Retry texts shared by several screens (product §8 "Publishing and deletion", admin settings). */
export const GENERIC_MESSAGES = {
  publishFailed: '发布失败，请重试',
  deleteFailed: '删除失败，请重试',
  loadFailed: '加载失败',
  reloadHint: '请刷新页面重试',
  saveFailed: '保存失败，请重试',
  /** A change on the device that failed for a reason with no text of its own. */
  operationFailed: '操作失败，请重试',
  /** A document written on this device that the server does not hold yet (made offline). */
  unsynced: '未同步',
  /** An edit saved while offline. */
  savedOffline: `修改${SAVED_OFFLINE_NOTE}`,
  reload: '重新加载',
} as const;
