import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@client/components/page-spinner';
import { useAuth } from '@client/lib/session/auth-context';

/** Where to return after login, kept in the router state of the /login redirect. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
  phone?: string;
}

/**
 * Guard for login-required routes (product §2): spinner while auth loads, else /login with the
 * original location kept. Checks login only; role pages do their own checks.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="正在验证登录状态" />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
