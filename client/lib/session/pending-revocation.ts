/**
 * A sign-out the server has not heard of yet (the device was offline). The refresh token itself is
 * an httpOnly cookie the page cannot read, and the cookie stays in the browser until the gateway
 * clears it: so this record says only that the cookie's session must be revoked (and whose it was),
 * and the next online moment sends POST /api/auth/logout with that cookie, before anything else
 * (a refresh, another account's sign-in) could replace or use it.
 */
export const PENDING_REVOCATION_KEY = 'cjfc.session.revoke';

export interface PendingRevocation {
  /** Whose session it was (for the log; the cookie names the session). */
  userId: string | null;
  /** When the device signed out. */
  at: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readPendingRevocation(): PendingRevocation | null {
  const raw = storage()?.getItem(PENDING_REVOCATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingRevocation>;
    return { userId: typeof value.userId === 'string' ? value.userId : null, at: String(value.at) };
  } catch {
    // Unreadable, yet written by this app: a revocation is still owed.
    return { userId: null, at: '' };
  }
}

export function writePendingRevocation(record: PendingRevocation): void {
  storage()?.setItem(PENDING_REVOCATION_KEY, JSON.stringify(record));
}

export function clearPendingRevocation(): void {
  storage()?.removeItem(PENDING_REVOCATION_KEY);
}
