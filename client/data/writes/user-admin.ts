/**
 * The admin's account actions (product §2 "Admin users"): edit name and phone, enable or disable,
 * change the role, reset a forgotten password, delete. Unlike other admin writes they go straight to the gateway, not to the
 * device first: they end or reshape the account's sessions, which only the gateway holds. The users
 * collection is never written here; the change comes back through the users feed.
 */
import type { AdminUserUpdate, User } from '@couchdb/model/user';
import type { UserRole } from '@couchdb/model/roles';
import type { AuthContextValue } from '@client/lib/session/auth-context';

/** The signed-in admin's gateway call (useAuth().request). */
export type AdminRequest = AuthContextValue['request'];

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** Saves a user's name and phone; the gateway refuses a phone another account uses. */
export async function updateUserProfile(
  request: AdminRequest,
  id: string,
  change: AdminUserUpdate,
): Promise<User> {
  const { user } = await request<{ user: User }>(userPath(id), { method: 'PATCH', body: change });
  return user;
}

/** Enables or disables an account (`is_verified`); a disabled account's sessions end at once. */
export async function setUserEnabled(
  request: AdminRequest,
  id: string,
  enabled: boolean,
): Promise<User> {
  const { user } = await request<{ user: User }>(`${userPath(id)}/enabled`, {
    method: 'PUT',
    body: { enabled },
  });
  return user;
}

/** Gives an account another role; its device follows within seconds. */
export async function setUserRole(
  request: AdminRequest,
  id: string,
  role: UserRole,
): Promise<User> {
  const { user } = await request<{ user: User }>(`${userPath(id)}/role`, {
    method: 'PUT',
    body: { role },
  });
  return user;
}

/**
 * Resets a user's forgotten password: the gateway makes a temporary one, returned here once (for
 * the admin to read out on the phone), and ends every session of the account.
 */
export async function resetUserPassword(request: AdminRequest, id: string): Promise<string> {
  const { password } = await request<{ password: string }>(`${userPath(id)}/reset-password`, {
    method: 'POST',
  });
  return password;
}

/** Deletes an account that owns no listing or demand (the gateway refuses it otherwise). */
export async function deleteUserAccount(request: AdminRequest, id: string): Promise<void> {
  await request<void>(userPath(id), { method: 'DELETE' });
}
