/**
 * Which admin action a write is, and its line in the admin action log, from the document before
 * and after (architecture §4 "admin action log"). Pure: the gateway logs with it, screens may label with it.
 */
import {
  describeAdminAction,
  roleChangeDetail,
  type AdminAction,
  type AdminLogTarget,
} from '../model/admin-log-facts';
import { DEMAND_STATUS_LABELS, type DemandStatus } from '../model/demand-facts';
import { NEWS_STATUS_LABELS, type NewsStatus } from '../model/news-facts';
import type { UserRole } from '../model/roles';

type Doc = Readonly<Record<string, unknown>>;

export interface AdminLogLine {
  action: AdminAction;
  /** The target's name as shown (a user's name or phone, an article's title, a setting's key). */
  label: string;
  description: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function labelOf(target: AdminLogTarget, doc: Doc): string {
  switch (target) {
    case 'users':
      return (text(doc.name) || text(doc.phone)).slice(0, 100);
    case 'news':
      return text(doc.title).slice(0, 100);
    case 'demands':
      return text(doc.title) || text(doc.requirements).slice(0, 30);
    case 'settings':
      return text(doc.setting_key) || text(doc.id);
  }
}

/**
 * The action an admin's write of `target` is: `before` null for a create, `after` null for a
 * delete. `detail` names a change the documents do not show (a password reset): an update.
 */
export function classifyAdminWrite(
  target: AdminLogTarget,
  before: Doc | null,
  after: Doc | null,
  detail?: string,
): AdminLogLine {
  const doc = after ?? before ?? {};
  const label = labelOf(target, doc);
  const line = (action: AdminAction, detail = '') => ({
    action,
    label,
    description: describeAdminAction(action, target, label, detail),
  });
  if (detail) return line('update', detail);
  if (!before) return line('create');
  if (!after) return line('delete');
  if (target === 'users') {
    if (before.user_type !== after.user_type)
      return line(
        'role',
        roleChangeDetail(before.user_type as UserRole, after.user_type as UserRole),
      );
    if (before.is_verified !== after.is_verified)
      return line(after.is_verified === true ? 'enable' : 'disable');
  }
  if (target === 'news' && before.status !== after.status)
    return line(
      'status',
      `${NEWS_STATUS_LABELS[before.status as NewsStatus] ?? ''} → ${NEWS_STATUS_LABELS[after.status as NewsStatus] ?? ''}`,
    );
  if (target === 'demands' && before.status !== after.status)
    return line(
      'status',
      `${DEMAND_STATUS_LABELS[before.status as DemandStatus] ?? ''} → ${DEMAND_STATUS_LABELS[after.status as DemandStatus] ?? ''}`,
    );
  return line('update');
}
