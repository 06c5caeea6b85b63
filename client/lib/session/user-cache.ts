/**
 * The last signed-in user's profile, kept in localStorage so an offline boot keeps the
 * identity (and its on-device data). Tokens are never stored here: they live in memory.
 */
import type { User } from '@couchdb/model/user';

export const USER_KEY = 'cjfc.session.user';
const REMEMBERED_PHONE_KEY = 'cjfc.login.phone';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * A light shape check instead of the zod schema, which would put zod in the first screen's
 * bundle: the value was written by this app from a validated server answer.
 */
function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.phone === 'string' &&
    typeof v.name === 'string' &&
    typeof v.user_type === 'string' &&
    typeof v.is_verified === 'boolean'
  );
}

export function readCachedUser(): User | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return looksLikeUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearCachedUser(): void {
  storage()?.removeItem(USER_KEY);
}

/** The login screen's 记住手机号: prefill this phone next time. */
export function readRememberedPhone(): string {
  return storage()?.getItem(REMEMBERED_PHONE_KEY) ?? '';
}

export function writeRememberedPhone(phone: string | null): void {
  if (phone) storage()?.setItem(REMEMBERED_PHONE_KEY, phone);
  else storage()?.removeItem(REMEMBERED_PHONE_KEY);
}
