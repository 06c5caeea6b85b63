import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';
import { SessionManager } from './session';

/** Holds the session for the whole app and restores it from the refresh cookie on boot. */
export function AuthProvider({
  children,
  session: given,
  onSignedOut,
}: {
  children: ReactNode;
  session?: SessionManager;
  /** After an explicit logout: forget that user's data on this device (unless it is kept). */
  onSignedOut?: (userId: string, options: { keepData: boolean }) => Promise<void>;
}) {
  const [session] = useState(() => given ?? new SessionManager());
  useEffect(() => session.start(), [session]);
  // Not a transition (unlike the page's other stores): a sign-in or sign-out reaches every screen,
  // and the login guard, in the same render.
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      sessionEnded: state.ended ?? null,
      login: (input) => session.login(input),
      register: (input) => session.register(input),
      logout: async ({ keepData = false } = {}) => {
        const userId = state.user?.id;
        const result = await session.logout();
        if (userId && onSignedOut) {
          await onSignedOut(userId, { keepData }).catch((err: unknown) =>
            console.error('removing the signed-out user’s device data failed', err),
          );
        }
        return result;
      },
      updateUser: (user) => session.updateUser(user),
      request: (path, options) => session.request(path, options),
    }),
    [session, state, onSignedOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
