/**
 * /api/admin/users (admins only: each route's first check, and the rules again in AccountAdmin):
 * edit a user's name and phone, enable or disable, change the role, reset the password, delete.
 * The spec's POST /api/auth/delete-user ({userId}) is the same deletion (mounted by the auth routes).
 */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { adminUserUpdateSchema, userRoleSchema } from '@couchdb/model/user';
import { requireRole } from '../middleware/authenticate';
import { refuseWith, validate } from '../middleware/validate';
import type { AccountAdmin } from '../services/account-admin';
import { requestInfo } from './request-info';

/** The user a path names; an id that cannot be one is a user that does not exist. */
const userParams = {
  schema: z.object({ id: idSchema }),
  refusal: refuseWith(404, 'user_not_found'),
};
const enabledBody = z.strictObject({ enabled: z.boolean() });
const roleBody = z.strictObject({ role: userRoleSchema });
export const deleteUserBody = z.strictObject({ userId: idSchema });

export function adminUserRoutes(accounts: AccountAdmin): Router {
  const router = Router();

  router.patch(
    '/:id',
    requireRole('admin'),
    validate({ body: adminUserUpdateSchema, params: userParams }),
    async (req, res) => {
      res.json({
        user: await accounts.updateProfile(req.caller!, req.params.id, req.body, requestInfo(req)),
      });
    },
  );

  router.put(
    '/:id/enabled',
    requireRole('admin'),
    validate({ body: enabledBody, params: userParams }),
    async (req, res) => {
      const { enabled } = req.body;
      res.json({
        user: await accounts.setEnabled(req.caller!, req.params.id, enabled, requestInfo(req)),
      });
    },
  );

  router.put(
    '/:id/role',
    requireRole('admin'),
    validate({ body: roleBody, params: userParams }),
    async (req, res) => {
      res.json({
        user: await accounts.setRole(req.caller!, req.params.id, req.body.role, requestInfo(req)),
      });
    },
  );

  // The temporary password is in this answer only: nothing may keep it.
  router.post(
    '/:id/reset-password',
    requireRole('admin'),
    validate({ params: userParams }),
    async (req, res) => {
      const reset = await accounts.resetPassword(req.caller!, req.params.id, requestInfo(req));
      res.set('Cache-Control', 'no-store').json(reset);
    },
  );

  router.delete(
    '/:id',
    requireRole('admin'),
    validate({ params: userParams }),
    async (req, res) => {
      await accounts.deleteUser(req.caller!, req.params.id, requestInfo(req));
      res.status(204).end();
    },
  );

  return router;
}
