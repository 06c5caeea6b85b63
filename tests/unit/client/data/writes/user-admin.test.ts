import { describe, expect, it } from 'vitest';
import {
  deleteUserAccount,
  setUserEnabled,
  setUserRole,
  updateUserProfile,
  type AdminRequest,
} from '@client/data/writes/user-admin';
import { buildUser } from '../../../../fixtures/builders';

/** A request function that records each call and answers like the gateway. */
function recorder() {
  const calls: { path: string; method?: string; body?: unknown }[] = [];
  const user = buildUser({ id: 'u-1' });
  const request = (async (path: string, options: { method?: string; body?: unknown } = {}) => {
    calls.push({ path, method: options.method, body: options.body });
    return options.method === 'DELETE' ? undefined : { user };
  }) as AdminRequest;
  return { calls, request, user };
}

describe('the admin account actions', () => {
  it('call the account endpoints with their bodies and hand back the saved account', async () => {
    const { calls, request, user } = recorder();
    expect(await updateUserProfile(request, 'u-1', { name: '张三', phone: '13900000001' })).toEqual(
      user,
    );
    expect(await setUserEnabled(request, 'u-1', false)).toEqual(user);
    expect(await setUserRole(request, 'u-1', 'agent')).toEqual(user);
    await deleteUserAccount(request, 'u-1');
    expect(calls).toEqual([
      {
        path: '/api/admin/users/u-1',
        method: 'PATCH',
        body: { name: '张三', phone: '13900000001' },
      },
      { path: '/api/admin/users/u-1/enabled', method: 'PUT', body: { enabled: false } },
      { path: '/api/admin/users/u-1/role', method: 'PUT', body: { role: 'agent' } },
      { path: '/api/admin/users/u-1', method: 'DELETE', body: undefined },
    ]);
  });
});
