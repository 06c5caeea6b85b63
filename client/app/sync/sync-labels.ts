/** The sync indicator's texts: 离线 / 连接中 / 同步中（n） / 已同步 / 同步出错, and its tooltip. */
import type { SyncPhase, SyncStatus } from '@client/data/sync-status';
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

/** The chip's label: 离线 / 连接中 / 同步中（n） / 已同步 / 同步出错. */
export function syncLabel(status: Pick<SyncStatus, 'phase' | 'pending'>): string {
  switch (status.phase) {
    case 'offline':
      return status.pending > 0 ? `离线（${status.pending}）` : '离线';
    case 'connecting':
      return '连接中';
    case 'syncing':
      // The count is of this device's own unsent changes: none while only receiving.
      return status.pending > 0 ? `同步中（${status.pending}）` : '同步中';
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
  if (status.queuedCounters > 0) lines.push(`${status.queuedCounters} 项浏览记录待发送`);
  if (status.refused > 0) lines.push(`${status.refused} 项修改未被接受`);
  return lines.join('，');
}
