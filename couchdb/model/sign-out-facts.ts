/**
 * Signing out with items the server does not have yet (listings waiting for their files, files,
 * other changes, refused changes): what the device counts, and the texts of the sign-out dialog.
 */

/** What the signed-in account's device holds that the server does not have yet. */
export interface UnsentCounts {
  /** Listings (new ones, or edits adding files) waiting for their photos and videos. */
  listings: number;
  photos: number;
  videos: number;
  /** Other rows written on the device and not yet accepted by the server. */
  changes: number;
  /** Changes the server refused, kept for the author (waiting does not send them). */
  refused: number;
}

/** The dialog's lines, one a kind of item the device holds (none when the count is 0). */
export function unsentLines(counts: UnsentCounts): string[] {
  const lines: string[] = [];
  if (counts.listings > 0) lines.push(`${counts.listings} 条房源`);
  if (counts.photos > 0) lines.push(`${counts.photos} 张图片`);
  if (counts.videos > 0) lines.push(`${counts.videos} 个视频`);
  if (counts.changes > 0) lines.push(`${counts.changes} 项其他更改`);
  if (counts.refused > 0) lines.push(`${counts.refused} 项被退回的更改`);
  return lines;
}

export const SIGN_OUT_MESSAGES = {
  title: '还有内容没有发送到服务器',
  intro: '本机上还有以下内容没有发送到服务器，退出登录前请选择如何处理：',
  refusedHint: '被退回的更改需要您在“发布管理”中处理，等待不会发送它们。',
  wait: '等待发送完成',
  waiting: '正在发送…',
  waitingOffline: '没有网络连接，联网后继续发送…',
  keep: '保留在本机并退出',
  keepHint: '下次用此账号在本机登录时会自动发送。',
  discard: '放弃并退出',
  cancel: '取消',
  discardTitle: '确定放弃这些内容？',
  discardMessage: '放弃后，这些内容将从本机删除，无法恢复。',
  discardConfirm: '确定放弃',
  checking: '正在检查未发送的内容…',
  /** Signed out with no connection: the server ends the session once one returns. */
  loggedOutOffline: '已退出登录，联网后将同时在服务器上结束本次登录',
  keptForNextSignIn: '已退出登录，未发送的内容已保留在本机',
} as const;
