/** The way back from the login, carried by a plain link to it (the guard's router state otherwise). */
import type { LoginRedirectState } from './require-auth';

/**
 * The login's query parameter with the way back, for a plain link to the login (a page the gateway
 * rendered, before its app has loaded, has no router state to give).
 */
export const LOGIN_NEXT_PARAM = 'next';

/** A link to the login that comes back to `path` (the page's own path and query). */
export function loginHref(path: string): string {
  return `/login?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: path })}`;
}

/**
 * The way back a login link carries (`loginHref`), as router state; null without one, or when it
 * is not a path of this site (a link could otherwise send a login elsewhere).
 */
export function redirectFromLink(search: string): LoginRedirectState | null {
  const next = new URLSearchParams(search).get(LOGIN_NEXT_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const url = new URL(next, 'http://site.invalid');
  if (url.origin !== 'http://site.invalid') return null;
  return { from: { pathname: url.pathname, search: url.search, hash: url.hash } };
}
