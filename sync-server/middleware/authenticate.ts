/**
 * Establishes the caller from `Authorization: Bearer <jwt>`. A missing token means a visitor;
 * a present but bad or expired token is a 401 (so the device refreshes instead of silently
 * getting the visitor's view). The caller's role is the account's role now, not the one in the
 * token, and a disabled or deleted account is refused at once (product §2 Admin users), as is a token
 * of a session that has ended (signed out, the password changed or reset elsewhere).
 */
import type { RequestHandler } from 'express';
import type { UserRole } from '@couchdb/model/roles';
import { HttpError } from '../http-error';
import type { AccountDirectory } from '../services/account-directory';
import { verifyAccessToken, type AccessClaims } from '../services/tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** The authenticated caller, or undefined for a visitor. */
    caller?: AccessClaims;
  }
}

/**
 * The caller an `Authorization` header names: undefined for none (a visitor). Throws the 401 for a
 * bad or expired token, an unknown account or a disabled one, or a session that has ended.
 */
export async function callerOf(
  header: string | undefined,
  secret: string,
  accounts: AccountDirectory,
): Promise<AccessClaims | undefined> {
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'unauthorized');
  const token = verifyAccessToken(secret, match[1]);
  const [account, live] = await Promise.all([
    accounts.current(token.id),
    accounts.sessionLive(token.id, token.session),
  ]);
  if (!account) throw new HttpError(401, 'unauthorized');
  if (!account.enabled) throw new HttpError(401, 'account_disabled');
  if (!live) throw new HttpError(401, 'session_ended');
  return { id: token.id, role: account.role, session: token.session };
}

export function authenticate(secret: string, accounts: AccountDirectory): RequestHandler {
  return async (req, _res, next) => {
    const caller = await callerOf(req.headers.authorization, secret, accounts);
    if (caller) req.caller = caller;
    next();
  };
}

/** A check that reads only the caller: it fits in any route's chain, whatever the route parses. */
type CallerCheck = RequestHandler<unknown, unknown, unknown, unknown>;

export const requireCaller: CallerCheck = (req, _res, next) => {
  if (!req.caller) throw new HttpError(401, 'unauthorized');
  next();
};

export function requireRole(...roles: UserRole[]): CallerCheck {
  return (req, _res, next) => {
    if (!req.caller) throw new HttpError(401, 'unauthorized');
    if (!roles.includes(req.caller.role)) throw new HttpError(403, 'forbidden');
    next();
  };
}
