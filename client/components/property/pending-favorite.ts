/**
 * Whether a listing tapped 收藏 signed out waits for the login in this tab (favorite-after-login.ts
 * keeps and applies it; this check is all the first screen carries).
 */
export const PENDING_FAVORITE_KEY = 'cjfc.pending-favorite';

export function hasPendingFavorite(): boolean {
  try {
    return sessionStorage.getItem(PENDING_FAVORITE_KEY) !== null;
  } catch {
    return false;
  }
}
