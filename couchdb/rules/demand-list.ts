/**
 * The demand list of /admin/demands and its status change (product §2 "Admin demands", §4 "Demand
 * status"): the search and the type and status filters, newest first; who published a demand as
 * the card names them; and the one change of state, which the spec leaves free among its three
 * values (any may become any other).
 */
import {
  DEMAND_MESSAGES,
  DEMAND_STATUSES,
  type DemandStatus,
  type DemandType,
} from '../model/demand-facts';
import { ROLE_SHORT_LABELS, type UserRole } from '../model/roles';
import { matchesKeyword } from './keyword-search';

export interface DemandFilter {
  keyword: string;
  /** '' for every type. */
  type: '' | DemandType;
  /** '' for every status. */
  status: '' | DemandStatus;
}

export const DEFAULT_DEMAND_FILTER: DemandFilter = { keyword: '', type: '', status: '' };

type ListedDemand = {
  id: string;
  type: DemandType;
  status: DemandStatus;
  title?: string;
  requirements?: string;
  areas?: readonly string[];
  contact?: { name?: string; phone?: string };
  created_at?: string;
};

/**
 * The demands matching `filter`, newest first: the keyword is looked for in the title, the
 * requirements, the areas and the contact's name and phone.
 */
export function filterDemands<T extends ListedDemand>(
  list: readonly T[],
  filter: DemandFilter,
): T[] {
  return list
    .filter(
      (d) =>
        (!filter.type || d.type === filter.type) &&
        (!filter.status || d.status === filter.status) &&
        matchesKeyword(
          filter.keyword,
          d.title,
          d.requirements,
          ...(d.areas ?? []),
          d.contact?.name,
          d.contact?.phone,
        ),
    )
    .sort((a, b) =>
      (a.created_at ?? '') === (b.created_at ?? '')
        ? a.id.localeCompare(b.id)
        : (a.created_at ?? '') < (b.created_at ?? '')
          ? 1
          : -1,
    );
}

/** Whether `viewer` may change or delete `demand`: its owner, or an admin (product §6). */
export function canManageDemand(
  viewer: { id: string; role: UserRole } | null,
  demand: { user_id: string },
): boolean {
  return viewer !== null && (viewer.role === 'admin' || viewer.id === demand.user_id);
}

export type DemandStatusChange<T> = { ok: true; demand: T } | { ok: false; message: string };

/** `demand` moved to `to` at `now`; refused for a value outside the spec's three or no change. */
export function changeDemandStatus<T extends { status: DemandStatus; updated_at: string }>(
  demand: T,
  to: string,
  now: string,
): DemandStatusChange<T> {
  if (!(DEMAND_STATUSES as readonly string[]).includes(to)) {
    return { ok: false, message: DEMAND_MESSAGES.statusInvalid };
  }
  if (demand.status === to) return { ok: false, message: DEMAND_MESSAGES.statusUnchanged };
  return { ok: true, demand: { ...demand, status: to as DemandStatus, updated_at: now } };
}

/**
 * The publisher line of a demand card (product §2): their name, else their phone, with their role's
 * short label (经纪人, 普通用户; 管理员 for an admin). `account` is the account as the device holds
 * it (current name and role), `copied` the name and role the gateway copied onto the demand.
 */
export function demandPublisher(
  account: { name?: string; phone?: string; user_type?: UserRole } | null | undefined,
  copied: { name?: string; user_type?: UserRole } | undefined,
): { name: string; role: string } {
  const name = account?.name || copied?.name || account?.phone || DEMAND_MESSAGES.unknownPublisher;
  const role = account?.user_type ?? copied?.user_type ?? 'user';
  return { name, role: ROLE_SHORT_LABELS[role] };
}
