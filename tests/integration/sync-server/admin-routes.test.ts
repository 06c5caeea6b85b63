/**
 * Every admin route of the gateway, one table: a visitor is asked to sign in (401), a user or an
 * agent is refused (403) before anything they sent is looked at, and an admin gets past the role
 * check (here to the route's own answer about a user or listing that does not exist).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import { ERROR_MESSAGES } from '../../../couchdb/model/errors';
import type { UserRole } from '../../../couchdb/model/roles';
import { type Account } from '../../helpers/accounts';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
/** One signed-in account of each role, and none for a visitor. */
let as: Record<UserRole | 'visitor', Account | null>;

beforeAll(async () => {
  gw = await startTestGateway();
  as = {
    visitor: null,
    user: await gw.createUser('user'),
    agent: await gw.createUser('agent'),
    admin: await gw.createUser('admin'),
  };
});
afterAll(async () => {
  await gw?.cleanup();
});

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An admin route: how to call it about `id`, with a body that passes its schema. */
interface AdminRoute {
  method: Method;
  path: (id: string) => string;
  body?: (id: string) => object;
}

const ADMIN_ROUTES: AdminRoute[] = [
  { method: 'patch', path: (id) => `/api/admin/users/${id}`, body: () => ({ name: '改名' }) },
  {
    method: 'put',
    path: (id) => `/api/admin/users/${id}/enabled`,
    body: () => ({ enabled: false }),
  },
  { method: 'put', path: (id) => `/api/admin/users/${id}/role`, body: () => ({ role: 'agent' }) },
  { method: 'post', path: (id) => `/api/admin/users/${id}/reset-password` },
  { method: 'delete', path: (id) => `/api/admin/users/${id}` },
  { method: 'post', path: () => '/api/auth/delete-user', body: (id) => ({ userId: id }) },
  { method: 'get', path: () => '/api/admin/reports' },
  {
    method: 'post',
    path: (id) => `/api/admin/reports/${id}/decision`,
    body: () => ({ decision: 'dismissed' }),
  },
];

function call(route: AdminRoute, who: Account | null, id: string, body?: object) {
  const gateway = request(gw.app);
  return gateway[route.method](route.path(id))
    .set(api.bearer(who))
    .send(body ?? route.body?.(id));
}

const named = ADMIN_ROUTES.map((route) => ({
  ...route,
  name: `${route.method.toUpperCase()} ${route.path(':id')}`,
}));

describe.each(named)('$name', (route) => {
  it('a visitor is asked to sign in', async () => {
    const res = await call(route, as.visitor, newId());
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized' });
  });

  it.each(['user', 'agent'] as const)('a caller of role %s is refused', async (role) => {
    const res = await call(route, as[role], newId());
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: ERROR_MESSAGES.forbidden });
  });

  it('a user is refused before what they sent is read', async () => {
    const res = await call(route, as.user, 'not an id!', { unexpected: true });
    expect(res.status).toBe(403);
  });

  it('an admin gets past the role check', async () => {
    const res = await call(route, as.admin, newId());
    expect([401, 403]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  });
});
