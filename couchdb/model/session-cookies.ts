/**
 * The cookies of a signed-in session (architecture §6). Free of zod: the app's first screen reads the hint.
 *
 * - The refresh token travels only in an httpOnly SameSite=Strict cookie scoped to /api/auth.
 * - A second cookie, readable by the page and carrying no secret, says that such a refresh cookie
 *   was set: a device without it (and without a cached user) is a visitor at once, with no refresh
 *   round trip before the first screen settles.
 */
export const REFRESH_COOKIE = 'cj_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const SESSION_HINT_COOKIE = 'cj_session';

/** Whether `cookieHeader` (document.cookie) carries the session hint. */
export function hasSessionHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
