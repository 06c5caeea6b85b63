/**
 * /api/auth: register, login, refresh, logout, me (read and edit), change password.
 * The refresh token travels only in an httpOnly SameSite=Strict cookie scoped to this path.
 */
import { Router, type CookieOptions, type Request, type Response } from 'express';

/** What the session cookies depend on: whether the request came over https. */
type Secure = Pick<Request, 'secure'>;
import {
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from '@couchdb/model/auth';
import {
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
} from '@couchdb/model/session-cookies';
import { requireCaller, requireRole } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { AccountAdmin } from '../services/account-admin';
import type { AuthService, Session } from '../services/auth-service';
import { deleteUserBody } from './admin-users';
import { requestInfo } from './request-info';
import { REFRESH_TOKEN_TTL_SECONDS } from '../services/tokens';

function cookieOptions(req: Secure): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: req.secure, path: REFRESH_COOKIE_PATH };
}

/** The page-readable hint that a refresh cookie was set (no secret in it). */
function hintOptions(req: Secure): CookieOptions {
  return { httpOnly: false, sameSite: 'strict', secure: req.secure, path: '/' };
}

function clearSessionCookies(req: Secure, res: Response) {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(req));
  res.clearCookie(SESSION_HINT_COOKIE, hintOptions(req));
}

function sendSession(req: Secure, res: Response, session: Session, status = 200) {
  const maxAge = REFRESH_TOKEN_TTL_SECONDS * 1000;
  res.cookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions(req), maxAge });
  res.cookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(req), maxAge });
  res.set('Cache-Control', 'no-store');
  res
    .status(status)
    .json({ user: session.user, accessToken: session.accessToken, expiresAt: session.expiresAt });
}

function refreshCookie(req: Pick<Request, 'cookies'>): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

export function authRoutes(auth: AuthService, accounts: AccountAdmin): Router {
  const router = Router();

  router.post('/register', validate({ body: registerRequestSchema }), async (req, res) => {
    const user = await auth.register(req.body, req.ip ?? 'unknown');
    res.status(201).json({ user });
  });

  router.post('/login', validate({ body: loginSchema }), async (req, res) => {
    sendSession(req, res, await auth.login(req.body, req.ip ?? 'unknown'));
  });

  router.post('/refresh', async (req, res) => {
    try {
      sendSession(req, res, await auth.refresh(refreshCookie(req)));
    } catch (err) {
      clearSessionCookies(req, res);
      throw err;
    }
  });

  router.post('/logout', async (req, res) => {
    await auth.logout(refreshCookie(req));
    clearSessionCookies(req, res);
    res.status(204).end();
  });

  router.get('/me', requireCaller, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ user: await auth.getUser(req.caller!.id) });
  });

  router.patch('/me', requireCaller, validate({ body: profileUpdateSchema }), async (req, res) => {
    res.json({ user: await auth.updateProfile(req.caller!.id, req.body) });
  });

  router.post(
    '/change-password',
    requireCaller,
    validate({ body: changePasswordSchema }),
    async (req, res) => {
      const caller = req.caller!;
      await auth.changePassword(caller.id, req.body, req.ip ?? 'unknown', caller.session);
      res.status(204).end();
    },
  );

  // The spec's account deletion (admins only; the same as DELETE /api/admin/users/:id).
  router.post(
    '/delete-user',
    requireRole('admin'),
    validate({ body: deleteUserBody }),
    async (req, res) => {
      await accounts.deleteUser(req.caller!, req.body.userId, requestInfo(req));
      res.status(204).end();
    },
  );

  return router;
}
