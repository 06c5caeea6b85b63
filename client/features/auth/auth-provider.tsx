import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import { SessionManager } from './session';

/** Holds the session for the whole app and restores it from the refresh cookie on boot. */
export function AuthProvider({
  children,
  session: given,
}: {
  children: ReactNode;
  session?: SessionManager;
}) {
  const [session] = useState(() => given ?? new SessionManager());
  useEffect(() => session.start(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      login: (input) => session.login(input),
      register: (input) => session.register(input),
      logout: () => session.logout(),
      updateUser: (user) => session.updateUser(user),
      request: (path, options) => session.request(path, options),
    }),
    [session, state],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
