/**
 * Runs the sign-out flow when a menu or the profile screen asks for it; its code loads then, so
 * the first screen does not carry it.
 */
import { lazy, useSyncExternalStore } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import { signOutRequest } from '@client/components/auth/use-sign-out';

const SignOutFlow = lazy(() => import('./sign-out-flow').then((m) => ({ default: m.SignOutFlow })));

export function SignOutHost() {
  // Not a transition (unlike the menus' `signingOut`): a transition waits for every other one
  // pending on the page, and an e2e run saw the flow's code loaded but the flow never started.
  const signingOut = useSyncExternalStore(
    signOutRequest.subscribe,
    signOutRequest.get,
    signOutRequest.get,
  );
  if (!signingOut) return null;
  return (
    <LazyPart name="the sign-out flow" fallback={null}>
      <SignOutFlow onDone={signOutRequest.done} />
    </LazyPart>
  );
}
