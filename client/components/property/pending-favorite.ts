/**
 * A listing tapped 收藏 signed out, remembered in this tab while the login opens at once (a few
 * lines: the tap needs no chunk first); favorite-after-login.ts applies it once signed in.
 */
import type { NavigateFunction } from 'react-router';
import type { LoginRedirectState } from '../auth/require-auth';

export const PENDING_FAVORITE_KEY = 'cjfc.pending-favorite';

export interface PendingFavorite {
  propertyId: string;
  at: number;
}

/** Remembers the listing and opens the login, which comes back here once signed in. */
export function askToLogIn(propertyId: string, navigate: NavigateFunction): void {
  try {
    const pending: PendingFavorite = { propertyId, at: Date.now() };
    sessionStorage.setItem(PENDING_FAVORITE_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (a private window's quota): the login still opens, the tap is not kept.
  }
  const { pathname, search, hash } = window.location;
  const state: LoginRedirectState = { from: { pathname, search, hash } };
  void navigate('/login', { state });
}

/** Whether a listing waits for the login in this tab. */
export function hasPendingFavorite(): boolean {
  try {
    return sessionStorage.getItem(PENDING_FAVORITE_KEY) !== null;
  } catch {
    return false;
  }
}
