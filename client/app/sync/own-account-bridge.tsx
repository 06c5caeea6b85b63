/**
 * Keeps the session's user in step with the user's own account document on the device: an admin's
 * change (role, enabled state, name, phone) reaches the device through sync within seconds, and the
 * screens, the sync scope and the cached identity follow it without signing in again.
 */
import { useEffect } from 'react';
import { useDeviceDatabase } from '@client/data/open-device';
import type { UserDoc } from '@client/data/schemas/user.schema';
import { useAuth } from '@client/lib/session/auth-context';
import type { User } from '@couchdb/model/user';

const ACCOUNT_FIELDS = [
  'user_type',
  'is_verified',
  'name',
  'phone',
  'avatar_url',
  'company',
  'position',
  'updated_at',
] as const;

export function OwnAccountBridge() {
  const db = useDeviceDatabase();
  const { user, updateUser } = useAuth();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!db || !userId || !db.users) return;
    const sub = db.users.findOne(userId).$.subscribe((doc) => {
      if (!doc) return;
      const { server_rev: _rev, ...stored } = doc.toJSON() as UserDoc;
      const next = stored as User;
      if (!user || next.updated_at < user.updated_at) return;
      if (ACCOUNT_FIELDS.some((f) => next[f] !== user[f])) updateUser(next);
    });
    return () => sub.unsubscribe();
  }, [db, userId, user, updateUser]);

  return null;
}
