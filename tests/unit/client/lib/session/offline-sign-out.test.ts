/**
 * Signing out without a connection (issue 21): the device forgets the session at once, and the
 * revocation the server has not had is sent at the next online moment — at the next start, on
 * `online`, and before another sign-in (whose answer replaces the cookie) — never a renewal with
 * the signed-out session's cookie.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_SERVER_WAIT_MS } from '@couchdb/model/constants';
import type { User } from '@couchdb/model/user';
import { ApiError } from '@client/lib/http';
import type { AuthApi, SessionResponse } from '@client/lib/session/auth-api';
import {
  PENDING_REVOCATION_KEY,
  readPendingRevocation,
} from '@client/lib/session/pending-revocation';
import { SessionManager } from '@client/lib/session/session';
import { writeCachedUser } from '@client/lib/session/user-cache';
import { MemoryStorage, signedIn as signedInAs, startedUntilTheEnd, stopSessions } from './support';

const user: User = {
  id: 'agent-1',
  phone: '13800000002',
  name: '李经纪',
  user_type: 'agent',
  is_verified: true,
} as User;

function session(accessToken = 'token-1'): SessionResponse {
  return { user, accessToken, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() };
}

const offlineError = () => new ApiError(0, 'network_error', '网络连接异常，请检查网络设置');

/** A fake gateway: records the calls; `online` decides whether they are answered. */
function fakeApi() {
  const calls: string[] = [];
  const api = {
    online: true,
    calls,
    login: async () => {
      calls.push('login');
      if (!api.online) throw offlineError();
      return session('token-2');
    },
    register: async () => user,
    refresh: async () => {
      calls.push('refresh');
      if (!api.online) throw offlineError();
      return session();
    },
    logout: async () => {
      calls.push('logout');
      if (!api.online) throw offlineError();
    },
  };
  return api as typeof api & AuthApi;
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

afterEach(() => {
  stopSessions();
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const signedIn = (api: AuthApi) => signedInAs(api, user.phone);

describe('signing out without a connection', () => {
  it('forgets the session at once and owes the server its revocation', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    api.online = false;

    expect(await manager.logout()).toBe('revocation-pending');
    expect(manager.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(await manager.getAccessToken()).toBeNull();
    expect(readPendingRevocation()).toMatchObject({ userId: user.id });
  });

  it('with a connection the server revokes it now and nothing is owed', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    expect(await manager.logout()).toBe('revoked');
    expect(api.calls.at(-1)).toBe('logout');
    expect(localStorage.getItem(PENDING_REVOCATION_KEY)).toBeNull();
  });

  it('a revocation with no answer in time goes on in the background, the user signed out here', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    let answer: () => void = () => undefined;
    api.logout = () => {
      api.calls.push('logout');
      return new Promise<void>((resolve) => (answer = resolve));
    };
    vi.useFakeTimers();
    try {
      const result = manager.logout();
      await vi.advanceTimersByTimeAsync(SIGN_OUT_SERVER_WAIT_MS - 1);
      expect(manager.getSnapshot().status).toBe('authenticated');
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBe('revocation-pending');
    } finally {
      vi.useRealTimers();
    }
    expect(manager.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(api.calls.at(-1)).toBe('logout');
    // Owed until the server has answered; its late answer settles it.
    expect(readPendingRevocation()).toMatchObject({ userId: user.id });
    answer();
    await expect.poll(() => readPendingRevocation()).toBeNull();
  });

  it('a page loaded later starts signed out and sends the revocation instead of renewing', async () => {
    const api = fakeApi();
    const first = await signedIn(api);
    api.online = false;
    await first.logout();
    first.stop();
    // Whatever cached identity there was, the owed sign-out wins.
    writeCachedUser(user);

    api.online = true;
    api.calls.length = 0;
    const next = new SessionManager(api);
    expect(next.getSnapshot().status).toBe('anonymous');
    startedUntilTheEnd(next);
    await expect.poll(() => readPendingRevocation()).toBeNull();
    expect(api.calls).toEqual(['logout']);
    expect(next.getSnapshot().status).toBe('anonymous');
  });

  it('a renewal while the revocation is owed sends it and stays signed out', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    api.online = false;
    await manager.logout();
    api.online = true;
    api.calls.length = 0;

    expect(await manager.refresh()).toBeNull();
    expect(api.calls).toEqual(['logout']);
    expect(manager.getSnapshot().status).toBe('anonymous');
    expect(readPendingRevocation()).toBeNull();
  });

  it('the next account’s sign-in sends the owed revocation first', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    api.online = false;
    await manager.logout();
    api.online = true;
    api.calls.length = 0;

    await manager.login({ phone: '13800000003', password: 'x' } as never);
    expect(api.calls).toEqual(['logout', 'login']);
    expect(readPendingRevocation()).toBeNull();
    expect(manager.getSnapshot().status).toBe('authenticated');
  });

  it('a sign-in still offline fails and the revocation stays owed', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    api.online = false;
    await manager.logout();

    await expect(manager.login({ phone: user.phone, password: 'x' } as never)).rejects.toThrow(
      ApiError,
    );
    expect(api.calls.at(-1)).toBe('logout');
    expect(readPendingRevocation()).not.toBeNull();
  });
});

describe('renewing without a connection', () => {
  const events = new EventTarget();
  const connection = { onLine: true };
  beforeEach(() => {
    connection.onLine = true;
    Object.assign(globalThis, {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    });
    Object.defineProperty(globalThis, 'navigator', { value: connection, configurable: true });
  });
  afterEach(() => {
    const g = globalThis as { addEventListener?: unknown; removeEventListener?: unknown };
    delete g.addEventListener;
    delete g.removeEventListener;
    Reflect.deleteProperty(globalThis, 'navigator');
  });

  it('sends no request while offline, keeps the user signed in, and renews once online', async () => {
    const api = fakeApi();
    const manager = await signedIn(api);
    api.online = false;
    connection.onLine = false;
    api.calls.length = 0;
    vi.useFakeTimers();
    try {
      await expect(manager.refresh()).rejects.toThrow(ApiError);
      await expect(manager.refresh()).rejects.toThrow(ApiError);
      // No retry timer either: a minute offline sends nothing.
      await vi.advanceTimersByTimeAsync(60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(api.calls).toEqual([]);
    expect(manager.getSnapshot()).toEqual({ status: 'authenticated', user });

    api.online = true;
    connection.onLine = true;
    events.dispatchEvent(new Event('online'));
    await expect.poll(() => api.calls).toEqual(['refresh']);
    expect(manager.getSnapshot()).toEqual({ status: 'authenticated', user });
  });
});
