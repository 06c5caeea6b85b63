import { createContext, useContext } from 'react';
import type { LoginInput, RegisterRequest } from '@couchdb/model/auth';
import type { User } from '@couchdb/model/user';
import type { ApiRequestOptions } from '@client/lib/api-client';
import type { AuthStatus, SignOutResult } from './session';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user, or the cached one while offline; null when signed out. */
  user: User | null;
  /**
   * Signed out because the server ended the session (not by the user): whose session it was;
   * null otherwise.
   */
  sessionEnded: { phone: string; reason?: string } | null;
  login(input: LoginInput): Promise<User>;
  register(input: RegisterRequest): Promise<User>;
  /**
   * Signs out at once (offline too: the server revokes the session when a connection returns).
   * `keepData`: keep this account's unsent changes and files on the device, sent at its next
   * sign-in here; otherwise its device data is removed.
   */
  logout(options?: { keepData?: boolean }): Promise<SignOutResult>;
  updateUser(user: User): void;
  /** A gateway call as the signed-in user (Bearer token, one renewal on 401). */
  request<T>(path: string, options?: Omit<ApiRequestOptions, 'token'>): Promise<T>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
