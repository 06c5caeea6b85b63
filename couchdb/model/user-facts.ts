/**
 * The zod-free half of user.ts (name limits, the avatar link rule, profile-photo and user admin
 * texts), so the app bar and the device data layer can use them without loading the schema library.
 * The roles are in roles.ts.
 */
import { MEDIA_PATH_PATTERN } from './common-facts';
import { ERROR_MESSAGES } from './errors';

export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const NAME_MIN_MESSAGE = '姓名至少2个字符';
export const NAME_MAX_MESSAGE = '姓名不能超过30个字符';

/**
 * A profile photo: empty (none), a photo uploaded to this site (`/media/...`), or an https link.
 * Plain http and other schemes are refused: the avatar shows on every page, so it must not turn a
 * secure page into mixed content or run anything.
 */
export function isAvatarUrl(value: string): boolean {
  return (
    value === '' || MEDIA_PATH_PATTERN.test(value) || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value)
  );
}

/** The profile photo in the edit dialog (the file checks are the upload's, product §5 "Upload"). */
export const AVATAR_MESSAGES = {
  uploadFailed: (reason: string) => `头像上传失败：${reason}`,
  choose: '更换头像',
  remove: '移除头像',
} as const;

/** Admin user management texts (product §5, §8 "Admin"). */
export const USER_ADMIN_MESSAGES = {
  updateFailed: (msg: string) => `更新失败: ${msg}`,
  statusFailed: (msg: string) => `状态更新失败: ${msg}`,
  roleFailed: (msg: string) => `角色更新失败: ${msg}`,
  deleteFailed: (msg: string) => `删除失败: ${msg}`,
  loadFailed: '无法加载用户数据，请稍后重试',
  hasListings: ERROR_MESSAGES.has_content,
  notFound: ERROR_MESSAGES.user_not_found,
  ownRole: '不能修改自己的角色',
  ownStatus: '不能禁用自己的账号',
  /** Account actions end or reshape sessions, which only the gateway holds: they need a connection. */
  offline: '当前离线：修改账号需要联网，联网后再试',
  deleteConfirm: (who: string) =>
    `确定要删除用户「${who}」吗？删除后该账号无法再登录，此操作不可撤销。`,
  /** Disabling signs the user out at once: the admin confirms it (enabling needs no confirmation). */
  disableConfirm: (who: string) =>
    `确定要禁用「${who}」的账号吗？该用户将立即退出登录，重新启用前无法登录。`,
  /** Giving or taking admin rights is confirmed; a change between user and agent is not. */
  roleConfirm: (who: string, role: string, toAdmin: boolean) =>
    toAdmin
      ? `确定要将「${who}」设为${role}吗？管理员可以审核和管理平台上的所有内容。`
      : `确定要将「${who}」的角色改为${role}吗？该用户将不再拥有管理员权限。`,
  lastAdmin: ERROR_MESSAGES.last_admin,
  /** Role and enabled state change sessions (gateway only): not a replicated edit. */
  viaAccountScreen: '账号的角色和启用状态需联网在用户管理中修改',
  updated: '用户信息已更新',
  enabled: '账号已启用',
  disabled: '账号已禁用',
  roleChanged: '角色已修改',
  deleted: '用户已删除',
  /**
   * 重置密码 for a user who forgot theirs and called the platform line: the gateway makes a
   * temporary password, shown to the admin once, to pass on by phone; every session of the account
   * ends. One's own password is changed in 个人中心 (it asks for the current one).
   */
  resetPassword: '重置密码',
  resetPasswordHint: '用户忘记密码时，核实身份后为其生成临时密码',
  ownPassword: '请在个人中心修改自己的密码',
  resetPasswordConfirm: (who: string) =>
    `确定要重置「${who}」的密码吗？该账号的所有设备都会退出登录，需用新的临时密码重新登录。`,
  passwordReset: '密码已重置',
  resetPasswordFailed: (msg: string) => `重置密码失败: ${msg}`,
  temporaryPasswordTitle: '临时密码',
  temporaryPasswordNote:
    '请通过电话告诉用户这个临时密码，并提醒其登录后在个人中心修改密码。关闭后不再显示。',
  copyPassword: '复制密码',
  passwordCopied: '临时密码已复制',
} as const;

/** A temporary password's length and letters: no 0/O, 1/l/I, so it can be read out on the phone. */
export const TEMPORARY_PASSWORD_LENGTH = 10;
export const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** The operation log's line for a reset (the account document itself does not change). */
export const PASSWORD_RESET_LOG_DETAIL = '重置密码';
