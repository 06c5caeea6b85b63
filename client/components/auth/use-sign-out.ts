import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { useToast } from '@client/components/toast/toast-context';
import { useAuth } from '@client/lib/session/auth-context';

/** Sign out from the user menu: revoke on the server, toast, back to the home page. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
      toast.success(AUTH_MESSAGES.loggedOut);
      // Replace: the guard may already have swapped a private page for /login.
      await navigate('/', { replace: true });
    } catch (err) {
      console.error('sign out failed', err);
      toast.error(AUTH_MESSAGES.logoutFailed);
    } finally {
      setSigningOut(false);
    }
  }, [logout, navigate, toast]);

  return { signOut, signingOut };
}
