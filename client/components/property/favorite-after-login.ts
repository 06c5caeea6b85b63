/**
 * 收藏 tapped signed out: the visitor is told to log in (spec: '请先登录') and taken to the login,
 * and the listing is remembered in this tab; once they are back signed in and their database is
 * open, it becomes a favourite ('已添加收藏'), as they asked. Loaded on demand (a visitor's tap,
 * or a remembered listing after the login): the first screen carries only `hasPendingFavorite`.
 */
import type { NavigateFunction } from 'react-router';
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import type { DeviceDatabase } from '@client/data/storage/database';
import { addFavorite } from '@client/data/hooks/use-favorites';
import { LimitReachedError } from '@client/data/writes/limit-reached';
import { failureMessage } from '@client/pwa/failure-message';
import type { LoginRedirectState } from '../auth/require-auth';
import type { Toast } from '../toast/toast-context';
import { PENDING_FAVORITE_KEY } from './pending-favorite';

/** A listing remembered longer ago than this (a login abandoned) is forgotten. */
const KEEP_MS = 30 * 60_000;

interface Pending {
  propertyId: string;
  at: number;
}

/** Remembers the listing and opens the login, which comes back here once signed in. */
export function askToLogIn(propertyId: string, navigate: NavigateFunction): void {
  try {
    const pending: Pending = { propertyId, at: Date.now() };
    sessionStorage.setItem(PENDING_FAVORITE_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (a private window's quota): the login still opens, the tap is not kept.
  }
  const { pathname, search, hash } = window.location;
  const state: LoginRedirectState = { from: { pathname, search, hash } };
  void navigate('/login', { state });
}

function takePending(now: number): string | null {
  try {
    const raw = sessionStorage.getItem(PENDING_FAVORITE_KEY);
    sessionStorage.removeItem(PENDING_FAVORITE_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<Pending>;
    if (typeof pending.propertyId !== 'string' || typeof pending.at !== 'number') return null;
    return now - pending.at <= KEEP_MS ? pending.propertyId : null;
  } catch {
    return null;
  }
}

/** Favourites the listing remembered before the login, once (the user's database open). */
export async function applyPendingFavorite(
  db: DeviceDatabase,
  userId: string,
  toast: Toast,
): Promise<void> {
  const propertyId = takePending(Date.now());
  if (!propertyId) return;
  try {
    await addFavorite(db, userId, propertyId);
    toast.success(FAVORITE_MESSAGES.added);
  } catch (err) {
    if (err instanceof LimitReachedError) {
      toast.warning(err.message);
      return;
    }
    toast.error(
      failureMessage(
        `favouriting ${propertyId} after the login failed`,
        err,
        GENERIC_MESSAGES.operationFailed,
      ),
    );
  }
}
