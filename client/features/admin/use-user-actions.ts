/**
 * The admin's account actions with their toasts (product §8 "Users"): each calls the gateway (they
 * need a connection, see client/data/writes/user-admin.ts) and shows the spec's failure text with
 * the gateway's reason. The list follows by itself through the users feed.
 */
import type { AdminUserUpdate } from '@couchdb/model/user';
import type { UserRole } from '@couchdb/model/roles';
import { USER_ADMIN_MESSAGES } from '@couchdb/model/user-facts';
import { useToast } from '@client/components/toast/toast-context';
import {
  deleteUserAccount,
  setUserEnabled,
  setUserRole,
  updateUserProfile,
} from '@client/data/writes/user-admin';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session/auth-context';

const m = USER_ADMIN_MESSAGES;

export interface UserActions {
  /** Rejects with the error (the edit dialog puts a refusal under its field); toasts either way. */
  update(id: string, change: AdminUserUpdate): Promise<void>;
  setEnabled(id: string, enabled: boolean): Promise<boolean>;
  setRole(id: string, role: UserRole): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}

export function useUserActions(): UserActions {
  const { request } = useAuth();
  const toast = useToast();

  /** Runs `work`; on failure toasts `failure(reason)` and rethrows when `rethrow`. */
  const run = async (
    what: string,
    failure: (msg: string) => string,
    work: () => Promise<string>,
    rethrow = false,
  ): Promise<boolean> => {
    if (!navigator.onLine) {
      toast.warning(m.offline);
      if (rethrow) throw new Error(m.offline);
      return false;
    }
    try {
      toast.success(await work());
      return true;
    } catch (err) {
      if (!(err instanceof ApiError) || err.isTransient) console.error(`${what} failed`, err);
      toast.error(failure(err instanceof Error ? err.message : String(err)));
      if (rethrow) throw err;
      return false;
    }
  };

  return {
    async update(id, change) {
      await run(
        'updating the user',
        m.updateFailed,
        async () => {
          await updateUserProfile(request, id, change);
          return m.updated;
        },
        true,
      );
    },
    setEnabled: (id, enabled) =>
      run('changing the account state', m.statusFailed, async () => {
        await setUserEnabled(request, id, enabled);
        return enabled ? m.enabled : m.disabled;
      }),
    setRole: (id, role) =>
      run('changing the role', m.roleFailed, async () => {
        await setUserRole(request, id, role);
        return m.roleChanged;
      }),
    remove: (id) =>
      run('deleting the user', m.deleteFailed, async () => {
        await deleteUserAccount(request, id);
        return m.deleted;
      }),
  };
}
