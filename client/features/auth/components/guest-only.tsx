import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@client/components/page-spinner';
import { useAuth } from '@client/lib/session/auth-context';

/**
 * The gate of /login and /register: a signed-in user goes to /profile once the session is known
 * (a spinner until then, so the form never flashes). The form reports when it signs in itself
 * (`signingIn`): from then on the session it makes is the form's to follow, not the gate's.
 */
export function GuestOnly({ children }: { children(signingIn: () => void): ReactNode }) {
  const { status } = useAuth();
  const [signedInHere, setSignedInHere] = useState(false);
  if (!signedInHere && status === 'loading') return <PageSpinner label="正在验证登录状态" />;
  if (!signedInHere && status === 'authenticated') return <Navigate to="/profile" replace />;
  return children(() => setSignedInHere(true));
}
