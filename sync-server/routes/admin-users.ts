/**
 * /api/admin/users (admins only; the rules are checked again in AccountAdmin): edit a user's name
 * and phone, enable or disable, change the role, reset the password, delete. The spec's POST /api/auth/delete-user
 * ({userId}) is the same deletion (mounted by the auth routes).
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { adminUserUpdateSchema, userRoleSchema } from '@couchdb/model/user';
import { requireCaller } from '../middleware/authenticate';
import { validateBody } from '../middleware/validate';
import type { AccountAdmin } from '../services/account-admin';
import { HttpError } from '../http-error';
import { requestInfo } from './request-info';

const enabledBody = z.strictObject({ enabled: z.boolean() });
const roleBody = z.strictObject({ role: userRoleSchema });
export const deleteUserBody = z.strictObject({ userId: idSchema });

function userIdOf(req: Request): string {
  const id = idSchema.safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, 'user_not_found');
  return id.data;
}

export function adminUserRoutes(accounts: AccountAdmin): Router {
  const router = Router();
  router.use(requireCaller);

  router.patch('/:id', validateBody(adminUserUpdateSchema), async (req, res) => {
    res.json({
      user: await accounts.updateProfile(req.caller!, userIdOf(req), req.body, requestInfo(req)),
    });
  });

  router.put('/:id/enabled', validateBody(enabledBody), async (req, res) => {
    const { enabled } = req.body as z.infer<typeof enabledBody>;
    res.json({
      user: await accounts.setEnabled(req.caller!, userIdOf(req), enabled, requestInfo(req)),
    });
  });

  router.put('/:id/role', validateBody(roleBody), async (req, res) => {
    const { role } = req.body as z.infer<typeof roleBody>;
    res.json({ user: await accounts.setRole(req.caller!, userIdOf(req), role, requestInfo(req)) });
  });

  // The temporary password is in this answer only: nothing may keep it.
  router.post('/:id/reset-password', async (req, res) => {
    const reset = await accounts.resetPassword(req.caller!, userIdOf(req), requestInfo(req));
    res.set('Cache-Control', 'no-store').json(reset);
  });

  router.delete('/:id', async (req, res) => {
    await accounts.deleteUser(req.caller!, userIdOf(req), requestInfo(req));
    res.status(204).end();
  });

  return router;
}
