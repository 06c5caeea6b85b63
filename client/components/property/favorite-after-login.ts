/**
 * 收藏 tapped signed out (pending-favorite.ts remembers the listing): once the visitor is back
 * signed in and their database is open, it becomes a favourite ('已添加收藏'), as they asked.
 * Loaded on demand (a remembered listing after the login).
 */
import { FAVORITE_MESSAGES } from '@couchdb/model/favorite-facts';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import type { DeviceDatabase } from '@client/data/storage/database';
import { addFavorite } from '@client/data/hooks/use-favorites';
import { LimitReachedError } from '@client/data/writes/limit-reached';
import { failureMessage } from '@client/pwa/failure-message';
import type { Toast } from '../toast/toast-context';
import { PENDING_FAVORITE_KEY, type PendingFavorite } from './pending-favorite';

/** A listing remembered longer ago than this (a login abandoned) is forgotten. */
const KEEP_MS = 30 * 60_000;

function takePending(now: number): string | null {
  try {
    const raw = sessionStorage.getItem(PENDING_FAVORITE_KEY);
    sessionStorage.removeItem(PENDING_FAVORITE_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingFavorite>;
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
