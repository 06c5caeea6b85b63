/**
 * Who sees and writes what (architecture §4) as pure functions: the gateway enforces them on every pull
 * and push, and the client uses the same functions to hide what the gateway would refuse.
 */
import { AUTH_MESSAGES, ERROR_MESSAGES } from '../model/errors';
import type { AuditStatus, PropertyStatus } from '../model/property-facts';
import { PHONE_READONLY_MESSAGE } from '../model/auth-facts';
import type { UserRole } from '../model/roles';
import { USER_ADMIN_MESSAGES } from '../model/user-facts';
import { REPORT_MESSAGES } from '../model/trust-facts';
import {
  accessRoleOf,
  ADMIN_ONLY_PROPERTY_FIELDS,
  COLLECTION_ACCESS,
  IMMUTABLE_PROPERTY_FIELDS,
  readScope,
  type AccessRole,
  type Collection,
} from './collection-access';
import { ALLOW, type Decision, refuse } from './decision';
import { jsonEqual } from './json-equal';
import { withPublicLocation, type LocationPoint } from './listing-location';
import { publicVersion } from './listing-review';
import { canChangeAudit, canChangeStatus } from './property-status';

/** The caller: a logged-in identity, or null for a visitor. */
export type Viewer = { id: string; role: UserRole } | null;

/** Denial and refusal texts (product §6 and our write rules). */
export const ACCESS_MESSAGES = {
  loginRequired: AUTH_MESSAGES.loginRequired,
  restricted: '访问受限',
  adminOnlyPage: '此页面仅限管理员访问',
  loginFirstPage: '请先登录后访问此页面',
  agentOnlyPage: '此页面仅限经纪人访问',
  notOwner: '只能修改自己发布的内容',
  adminOnlyFields: '只有管理员可以修改审核、推荐和优先展示状态',
  immutableField: (field: string) => `不能修改字段：${field}`,
  newsAdminOnly: '只有管理员可以管理资讯',
  settingsAdminOnly: '只有管理员可以修改系统设置',
  oplogReadOnly: '操作日志由系统自动记录，不能修改',
  usersViaRegister: '用户只能通过注册创建',
  ownProfileOnly: '只能修改自己的资料',
  adminOnlyUserFields: '角色和认证状态只能由管理员修改',
  phoneReadonly: PHONE_READONLY_MESSAGE,
  softDeleteOnly: '房源只能标记为已删除，不能直接移除',
  ownFavoritesOnly: '只能管理自己的收藏',
  ownMessagesOnly: '只能管理自己的搜索和消息',
  cannotDeleteSelf: '不能删除自己的账号',
  unknownCollection: '未知的数据集合',
} as const;
const am = ACCESS_MESSAGES;

type PropertyAccess = { user_id: string; status: PropertyStatus; audit_status: AuditStatus };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Whether `viewer` may see `doc` of `collection` (architecture §4 table). */
export function canReadDocument(
  collection: Collection,
  doc: Readonly<Record<string, unknown>>,
  viewer: Viewer,
): boolean {
  const access = COLLECTION_ACCESS[collection];
  if (!access) return false;
  const own = () => viewer !== null && !!access.owner && str(doc[access.owner]) === viewer.id;
  const isPublic = () => access.isPublic?.(doc) ?? false;
  switch (readScope(collection, accessRoleOf(viewer))) {
    case 'all':
      return true;
    case 'public+own':
      return isPublic() || own();
    case 'public':
      return isPublic();
    case 'own':
      return own();
    case 'none':
      return false;
  }
}

type ProjectableProperty = PropertyAccess & {
  contact?: { name?: string; phone?: string } | undefined;
  contact_phone?: string | undefined;
  location?: LocationPoint | undefined;
};

/**
 * The listing as `viewer` receives it, or null when it is not visible to them. Visitors get every
 * phone field stripped; users get public listings with phones plus their own; admins get all.
 * Everyone but the owner and admins gets the location on the public grid (listing-location.ts).
 */
export function projectPropertyFor<P extends ProjectableProperty>(
  viewer: Viewer,
  property: P,
): P | null {
  if (!canReadDocument('properties', property, viewer)) return null;
  if (viewer?.role === 'admin' || (viewer && property.user_id === viewer.id)) return property;
  // Everyone else sees the last approved version of a change waiting for review.
  const reviewed = withPublicLocation(publicVersion(property));
  if (viewer !== null) return reviewed;
  const { contact_phone: _phone, ...rest } = reviewed;
  const projected = { ...rest } as P;
  if (reviewed.contact) {
    const { phone: _contactPhone, ...contact } = reviewed.contact;
    projected.contact = contact;
  }
  return projected;
}

/** The fields the gateway forces onto a new listing (architecture §4). */
export interface ForcedPropertyFields {
  user_id: string;
  status: 'active';
  audit_status: 'pending' | 'approved';
  audit_comment: '';
  audited_by: null;
  audited_at: null;
  is_priority: false;
  is_featured: false;
  view_count: 0;
  created_at: string;
  updated_at: string;
}

/**
 * A new listing as stored: pending (approved when audit_required is off), active, owned by the
 * caller, counters 0, not priority or featured, never audited.
 */
export function forceNewPropertyFields<T extends object>(
  input: T,
  viewer: { id: string },
  settings: { auditRequired: boolean },
  now: number = Date.now(),
): Omit<T, keyof ForcedPropertyFields> & ForcedPropertyFields {
  const at = new Date(now).toISOString();
  return {
    ...input,
    user_id: viewer.id,
    status: 'active',
    audit_status: settings.auditRequired ? 'pending' : 'approved',
    audit_comment: '',
    audited_by: null,
    audited_at: null,
    is_priority: false,
    is_featured: false,
    view_count: 0,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Whether a sent value claims an admin-only field on create: anything but its one allowed value.
 * A flag whose allowed value is false is claimed only by `true` (any other value is no flag, and
 * the gateway forces it off anyway).
 */
const claims = (value: unknown, allowed: unknown): boolean =>
  allowed === false ? value === true : value !== undefined && !jsonEqual(value, allowed);

/**
 * The refusal of a NEW document of `collection` written by `role` that sets a field only an admin
 * sets on create (a listing's audit status, priority, featured), or null when it may be sent. The
 * gateway answers exactly this; the publish form calls it to refuse the same offline.
 */
export function createRefusal(
  collection: Collection,
  role: AccessRole,
  doc: Readonly<Record<string, unknown>>,
): { ok: false; code: 'forbidden'; message: string } | null {
  if (role === 'admin') return null;
  const adminOnly = COLLECTION_ACCESS[collection]?.adminOnlyOnCreate ?? {};
  const claimed = Object.entries(adminOnly).some(([field, allowed]) => claims(doc[field], allowed));
  return claimed ? { ok: false, code: 'forbidden', message: am.adminOnlyFields } : null;
}

/** The first of `fields` whose value differs between the two documents, if any. */
export function changedField(
  oldDoc: Readonly<Record<string, unknown>>,
  newDoc: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string | undefined {
  return fields.find((f) => !jsonEqual(oldDoc[f], newDoc[f]));
}

type Doc = Readonly<Record<string, unknown>>;
const isDeletion = (doc: Doc): boolean => doc._deleted === true;

function writeProperty(viewer: NonNullable<Viewer>, oldDoc: Doc | null, newDoc: Doc): Decision {
  if (isDeletion(newDoc)) return refuse('forbidden', am.softDeleteOnly);
  const admin = viewer.role === 'admin';
  if (oldDoc === null) {
    // Admins may create on their own behalf only; the gateway forces the rest.
    return str(newDoc.user_id) === viewer.id ? ALLOW : refuse('forbidden', am.notOwner);
  }
  if (!admin && str(oldDoc.user_id) !== viewer.id) return refuse('forbidden', am.notOwner);
  const immutable = changedField(oldDoc, newDoc, IMMUTABLE_PROPERTY_FIELDS);
  if (immutable) return refuse('forbidden', am.immutableField(immutable));
  if (!admin && changedField(oldDoc, newDoc, ADMIN_ONLY_PROPERTY_FIELDS)) {
    return refuse('forbidden', am.adminOnlyFields);
  }
  // An admin decides on a pending listing only, once (product §4).
  const audit = canChangeAudit(oldDoc, newDoc);
  if (!audit.ok) return audit;
  if (!jsonEqual(oldDoc.status, newDoc.status)) {
    // A listing taken down after a report goes up again only by an admin (issue 19).
    const moderation = oldDoc.moderation as { kind?: string } | null | undefined;
    if (!admin && moderation?.kind === 'taken_down' && newDoc.status === 'active') {
      return refuse('invalid_transition', REPORT_MESSAGES.takenDownStays);
    }
    return canChangeStatus(oldDoc as unknown as PropertyAccess, newDoc.status as PropertyStatus);
  }
  if (oldDoc.status === 'deleted')
    return canChangeStatus(oldDoc as unknown as PropertyAccess, 'deleted');
  return ALLOW;
}

function writeOwned(
  viewer: NonNullable<Viewer>,
  oldDoc: Doc | null,
  newDoc: Doc,
  message: string,
): Decision {
  if (oldDoc !== null && str(oldDoc.user_id) !== viewer.id) return refuse('forbidden', message);
  if (!isDeletion(newDoc) && str(newDoc.user_id) !== viewer.id) return refuse('forbidden', message);
  return ALLOW;
}

function writeUser(viewer: NonNullable<Viewer>, oldDoc: Doc | null, newDoc: Doc): Decision {
  if (oldDoc === null) return refuse('forbidden', am.usersViaRegister);
  if (isDeletion(newDoc)) {
    // Deleting goes through the admin endpoint, which checks canDeleteUser.
    return refuse('forbidden', ERROR_MESSAGES.forbidden);
  }
  const self = str(oldDoc.id) === viewer.id;
  if (changedField(oldDoc, newDoc, ['id', 'created_at'])) {
    return refuse('forbidden', am.immutableField('id'));
  }
  if (viewer.role === 'admin') {
    if (self && changedField(oldDoc, newDoc, ['user_type'])) {
      return refuse('forbidden', USER_ADMIN_MESSAGES.ownRole);
    }
    // A role or enabled-state change ends or reshapes sessions, which only the account endpoints
    // do (canChangeAccount); a replicated edit of them is refused.
    if (changedField(oldDoc, newDoc, COLLECTION_ACCESS.users.adminOnlyOnUpdate ?? [])) {
      return refuse('forbidden', USER_ADMIN_MESSAGES.viaAccountScreen);
    }
    return ALLOW;
  }
  if (!self) return refuse('forbidden', am.ownProfileOnly);
  if (changedField(oldDoc, newDoc, ['phone'])) return refuse('forbidden', am.phoneReadonly);
  if (changedField(oldDoc, newDoc, COLLECTION_ACCESS.users.adminOnlyOnUpdate ?? [])) {
    return refuse('forbidden', am.adminOnlyUserFields);
  }
  return ALLOW;
}

/**
 * Whether `viewer` may write `newDoc` over `oldDoc` (null = create) in `collection`. A deletion is
 * `newDoc._deleted === true`. Schema validity is checked separately by the write schemas.
 */
export function canWrite(
  collection: Collection,
  viewer: Viewer,
  oldDoc: Doc | null,
  newDoc: Doc,
): Decision {
  if (collection === 'oplog') return refuse('forbidden', am.oplogReadOnly);
  if (viewer === null) return refuse('unauthorized', am.loginRequired);
  const admin = viewer.role === 'admin';
  switch (collection) {
    case 'properties':
      return writeProperty(viewer, oldDoc, newDoc);
    case 'demands':
      return admin ? ALLOW : writeOwned(viewer, oldDoc, newDoc, am.notOwner);
    case 'favorites':
      return writeOwned(viewer, oldDoc, newDoc, am.ownFavoritesOnly);
    case 'saved_searches':
    case 'inbox':
      return writeOwned(viewer, oldDoc, newDoc, am.ownMessagesOnly);
    case 'news':
      return admin ? ALLOW : refuse('forbidden', am.newsAdminOnly);
    case 'settings':
      return admin ? ALLOW : refuse('forbidden', am.settingsAdminOnly);
    case 'users':
      return writeUser(viewer, oldDoc, newDoc);
    default:
      return refuse('forbidden', am.unknownCollection);
  }
}

/**
 * Whether an admin may delete a user (product §5): refused for a missing user, oneself, or a user
 * who still has listings or demands.
 */
export function canDeleteUser(
  viewer: Viewer,
  target: { id: string } | null,
  owned: { properties: number; demands: number },
): Decision {
  if (viewer === null) return refuse('unauthorized', am.loginRequired);
  if (viewer.role !== 'admin') return refuse('forbidden', ERROR_MESSAGES.forbidden);
  if (target === null) return refuse('not_found', USER_ADMIN_MESSAGES.notFound);
  if (target.id === viewer.id) return refuse('forbidden', am.cannotDeleteSelf);
  if (owned.properties > 0 || owned.demands > 0) {
    return refuse('has_content', USER_ADMIN_MESSAGES.hasListings);
  }
  return ALLOW;
}

/** An admin's change to an account (product §2 Admin users). */
export type AccountChange =
  | { kind: 'profile' }
  | { kind: 'role'; role: UserRole }
  | { kind: 'enabled'; enabled: boolean }
  | { kind: 'password' }
  | { kind: 'delete' };

/** Whether an account is an admin who can act (enabled). */
export const isActiveAdmin = (user: { user_type: UserRole; is_verified: boolean }) =>
  user.user_type === 'admin' && user.is_verified;

/** Whether `change` would take an active admin away (demote, disable or delete one). */
export function removesAdmin(
  target: { user_type: UserRole; is_verified: boolean },
  change: AccountChange,
): boolean {
  if (!isActiveAdmin(target)) return false;
  return (
    change.kind === 'delete' ||
    (change.kind === 'role' && change.role !== 'admin') ||
    (change.kind === 'enabled' && !change.enabled)
  );
}

/**
 * Whether an admin may make `change` to `target` (product §2, §5): admins only; never their own role,
 * enabled state, password (reset: their own is changed in 个人中心) or account; never the last
 * active admin (`activeAdmins` counted now).
 */
export function canChangeAccount(
  viewer: Viewer,
  target: { id: string; user_type: UserRole; is_verified: boolean } | null,
  change: AccountChange,
  activeAdmins: number,
): Decision {
  if (viewer === null) return refuse('unauthorized', am.loginRequired);
  if (viewer.role !== 'admin') return refuse('forbidden', ERROR_MESSAGES.forbidden);
  if (target === null) return refuse('not_found', USER_ADMIN_MESSAGES.notFound);
  if (target.id === viewer.id) {
    if (change.kind === 'role') return refuse('forbidden', USER_ADMIN_MESSAGES.ownRole);
    if (change.kind === 'enabled') return refuse('forbidden', USER_ADMIN_MESSAGES.ownStatus);
    if (change.kind === 'delete') return refuse('forbidden', am.cannotDeleteSelf);
    if (change.kind === 'password') return refuse('forbidden', USER_ADMIN_MESSAGES.ownPassword);
  }
  if (removesAdmin(target, change) && activeAdmins <= 1) {
    return refuse('last_admin', USER_ADMIN_MESSAGES.lastAdmin);
  }
  return ALLOW;
}

/** Pages that check the role themselves (product §2, §6). */
export type PageGate = 'login' | 'agent' | 'admin';

/** The denial screen for a gated page, or null when `viewer` may enter. */
export function pageDenial(
  gate: PageGate,
  viewer: Viewer,
): { title: string; message: string } | null {
  if (viewer === null) return { title: am.restricted, message: am.loginFirstPage };
  if (gate === 'admin' && viewer.role !== 'admin') {
    return { title: am.restricted, message: am.adminOnlyPage };
  }
  if (gate === 'agent' && viewer.role !== 'agent') {
    return { title: am.restricted, message: am.agentOnlyPage };
  }
  return null;
}

/** Favouriting and the phone dialog need a login (product §5); returns the login prompt or null. */
export function checkLoggedIn(viewer: Viewer): string | null {
  return viewer === null ? am.loginRequired : null;
}
