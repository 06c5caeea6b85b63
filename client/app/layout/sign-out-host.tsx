/**
 * Runs the sign-out flow when a menu or the profile screen asks for it; its code loads then, so
 * the first screen does not carry it.
 */
import { lazy } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import { signOutRequest, useSignOut } from '@client/components/auth/use-sign-out';

const SignOutFlow = lazy(() => import('./sign-out-flow').then((m) => ({ default: m.SignOutFlow })));

export function SignOutHost() {
  const { signingOut } = useSignOut();
  if (!signingOut) return null;
  return (
    <LazyPart name="the sign-out flow" fallback={null}>
      <SignOutFlow onDone={signOutRequest.done} />
    </LazyPart>
  );
}
