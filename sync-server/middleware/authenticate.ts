/**
 * Establishes the caller from `Authorization: Bearer <jwt>`. A missing token means a visitor;
 * a present but bad or expired token is a 401 (so the device refreshes instead of silently
 * getting the visitor's view).
 */
import type { RequestHandler } from 'express';
import type { UserRole } from '@couchdb/model/user';
import { HttpError } from '../http-error';
import { verifyAccessToken, type Caller } from '../services/tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** The authenticated caller, or undefined for a visitor. */
    caller?: Caller;
  }
}

export function authenticate(secret: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (header) {
      const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header);
      if (!match?.[1]) throw new HttpError(401, 'unauthorized');
      req.caller = verifyAccessToken(secret, match[1]);
    }
    next();
  };
}

export const requireCaller: RequestHandler = (req, _res, next) => {
  if (!req.caller) throw new HttpError(401, 'unauthorized');
  next();
};

export function requireRole(...roles: UserRole[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.caller) throw new HttpError(401, 'unauthorized');
    if (!roles.includes(req.caller.role)) throw new HttpError(403, 'forbidden');
    next();
  };
}
