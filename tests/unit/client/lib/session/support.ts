/** What the session tests share: a localStorage in memory, and signed-in managers stopped after each test. */
import type { AuthApi } from '@client/lib/session/auth-api';
import { SessionManager } from '@client/lib/session/session';

export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const started: (() => void)[] = [];

/** Starts `manager` until `stopSessions`. */
export function startedUntilTheEnd(manager: SessionManager): SessionManager {
  started.push(manager.start());
  return manager;
}

/** A started session manager, signed in through `api` (stopped by `stopSessions`). */
export async function signedIn(api: AuthApi, phone: string): Promise<SessionManager> {
  const manager = startedUntilTheEnd(new SessionManager(api));
  await manager.login({ phone, password: 'x' } as never);
  return manager;
}

/** Stops every manager `signedIn` started (after each test). */
export function stopSessions(): void {
  for (const stop of started.splice(0)) stop();
}
