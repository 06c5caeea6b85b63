/**
 * Two tabs of one browser share the refresh cookie: a sign-out in one signs the other out too, a
 * sign-in as someone else there moves this tab to that session, and a profile edited there shows
 * here. The tabs learn it from localStorage's `storage` event (the cached user's key).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@couchdb/model/user';
import { ApiError } from '@client/lib/http';
import type { AuthApi, SessionResponse } from '@client/lib/session/auth-api';
import { USER_KEY } from '@client/lib/session/user-cache';
import { MemoryStorage, signedIn as signedInAs, stopSessions } from './support';

const alice = {
  id: 'u-1',
  phone: '13800000003',
  name: '王芳',
  user_type: 'user',
  is_verified: true,
} as User;
const bob = {
  id: 'u-2',
  phone: '13800000004',
  name: '赵明',
  user_type: 'user',
  is_verified: true,
} as User;

/** The gateway as the cookie says: `cookieUser` is whom a renewal answers for now. */
function fakeApi(first: User) {
  const api = {
    cookieUser: first,
    refreshes: 0,
    session(): SessionResponse {
      return {
        user: api.cookieUser,
        accessToken: `token-${api.cookieUser.id}`,
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      };
    },
    login: async () => api.session(),
    register: async () => first,
    refresh: async () => {
      api.refreshes += 1;
      return api.session();
    },
    logout: async () => undefined,
  };
  return api as typeof api & AuthApi;
}

let events: EventTarget;

/** What another tab's change to the cached user looks like here. */
function otherTab(newValue: string | null): void {
  const oldValue = localStorage.getItem(USER_KEY);
  if (newValue === null) localStorage.removeItem(USER_KEY);
  else localStorage.setItem(USER_KEY, newValue);
  events.dispatchEvent(Object.assign(new Event('storage'), { key: USER_KEY, oldValue, newValue }));
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  events = new EventTarget();
  Object.assign(globalThis, {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  });
});

afterEach(() => {
  stopSessions();
  delete (globalThis as { localStorage?: unknown }).localStorage;
  delete (globalThis as { addEventListener?: unknown }).addEventListener;
  delete (globalThis as { removeEventListener?: unknown }).removeEventListener;
});

const signedIn = (api: AuthApi) => signedInAs(api, alice.phone);

describe('another tab of this browser', () => {
  it('signing out signs this tab out too', async () => {
    const manager = await signedIn(fakeApi(alice));
    otherTab(null);
    expect(manager.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(await manager.getAccessToken()).toBeNull();
  });

  it('signing in as someone else moves this tab to that session', async () => {
    const api = fakeApi(alice);
    const manager = await signedIn(api);
    api.cookieUser = bob;
    otherTab(JSON.stringify(bob));
    await expect.poll(() => manager.getSnapshot().user?.id).toBe(bob.id);
    expect(await manager.getAccessToken()).toBe(`token-${bob.id}`);
  });

  it('editing the profile shows the edit here, without a renewal', async () => {
    const api = fakeApi(alice);
    const manager = await signedIn(api);
    const before = api.refreshes;
    otherTab(JSON.stringify({ ...alice, name: '王芳芳' }));
    expect(manager.getSnapshot().user?.name).toBe('王芳芳');
    expect(api.refreshes).toBe(before);
  });

  it('signing in while this tab is signed out signs this tab in', async () => {
    const api = fakeApi(alice);
    const manager = await signedIn(api);
    await manager.logout();
    api.cookieUser = bob;
    otherTab(JSON.stringify(bob));
    await expect.poll(() => manager.getSnapshot().status).toBe('authenticated');
    expect(manager.getSnapshot().user?.id).toBe(bob.id);
  });

  it('signing in while this tab is signed out: a renewal that fails on the way is tried again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = fakeApi(alice);
      const manager = await signedIn(api);
      await manager.logout();
      api.cookieUser = bob;
      let failures = 1;
      const renew = api.refresh;
      api.refresh = async () => {
        if (failures-- > 0) throw new ApiError(0, 'network_error', '网络连接失败');
        return renew();
      };
      otherTab(JSON.stringify(bob));
      await vi.waitFor(() => expect(failures).toBe(0));
      expect(manager.getSnapshot().status).toBe('anonymous');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(manager.getSnapshot()).toEqual({ status: 'authenticated', user: bob });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the server ending the session', () => {
  it('signs out with the reason the login page gives; a sign-out by the user has none', async () => {
    const api = fakeApi(alice);
    const manager = await signedIn(api);
    api.refresh = async () => {
      throw new ApiError(401, 'refresh_invalid', '登录状态已失效，请重新登录');
    };
    expect(await manager.refresh()).toBeNull();
    expect(manager.getSnapshot()).toEqual({
      status: 'anonymous',
      user: null,
      ended: { phone: alice.phone },
    });

    // A disabled account: the server's words, which say more than an expired session.
    const api2 = fakeApi(alice);
    const manager2 = await signedIn(api2);
    api2.refresh = async () => {
      throw new ApiError(403, 'account_disabled', '账号已被禁用，请联系管理员');
    };
    expect(await manager2.refresh()).toBeNull();
    expect(manager2.getSnapshot().ended).toEqual({
      phone: alice.phone,
      reason: '账号已被禁用，请联系管理员',
    });

    const again = await signedIn(fakeApi(alice));
    await again.logout();
    expect(again.getSnapshot()).toEqual({ status: 'anonymous', user: null });
  });
});
