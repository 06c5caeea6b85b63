/** The sync indicator's texts: 离线 / 连接中 / 同步中（n） / 已同步 / 同步出错, and its tooltip. */
import type { SyncPhase, SyncStatus } from '@client/data/sync/sync-status';
import { formatDateTime } from '@couchdb/rules/format';

export const PHASE_COLORS: Record<
  SyncPhase,
  'default' | 'primary' | 'success' | 'warning' | 'error'
> = {
  offline: 'default',
  connecting: 'default',
  syncing: 'primary',
  'up-to-date': 'success',
  error: 'error',
};

type ShownStatus = Pick<SyncStatus, 'phase' | 'pending' | 'outbox' | 'outboxStopped'>;

/**
 * The phase shown: the replication's, with the listings waiting for their files counted in (the
 * data is in sync, but a listing has not gone out yet: still syncing, or stopped at a failed file).
 */
export function shownPhase(status: ShownStatus): SyncPhase {
  if (status.phase === 'up-to-date' && status.outbox > 0) {
    return status.outboxStopped ? 'error' : 'syncing';
  }
  return status.phase;
}

/** The chip's label: 离线 / 连接中 / 同步中（n） / 已同步 / 同步出错. */
export function syncLabel(status: ShownStatus): string {
  // The count is of this device's own unsent changes and listings: none while only receiving.
  const waiting = status.pending + status.outbox;
  switch (shownPhase(status)) {
    case 'offline':
      return waiting > 0 ? `离线（${waiting}）` : '离线';
    case 'connecting':
      return '连接中';
    case 'syncing':
      return waiting > 0 ? `同步中（${waiting}）` : '同步中';
    case 'up-to-date':
      return '已同步';
    case 'error':
      return '同步出错';
  }
}

/** The tooltip: last sync time (Shanghai, YYYY-MM-DD HH:mm), unsent and refused changes. */
export function syncTooltip(status: SyncStatus): string {
  const lines = [status.lastSyncAt ? `上次同步：${formatDateTime(status.lastSyncAt)}` : '尚未同步'];
  if (status.pending > 0) lines.push(`${status.pending} 项修改待上传`);
  if (status.outbox > 0) lines.push(`${status.outbox} 条房源等待上传图片视频`);
  if (status.outboxStopped) lines.push('有图片视频上传未完成，请到发布管理查看');
  if (status.queuedCounters > 0) lines.push(`${status.queuedCounters} 项浏览记录待发送`);
  if (status.refused > 0) lines.push(`${status.refused} 项修改未被接受`);
  return lines.join('，');
}
