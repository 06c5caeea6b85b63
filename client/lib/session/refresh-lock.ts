/**
 * The web lock every renewal of the session takes, in the pages and in the service worker: they
 * share the refresh cookie, and each renewal rotates it, so a second renewal with the old cookie
 * would be refused.
 */
export const REFRESH_LOCK = 'cjfc-auth-refresh';
