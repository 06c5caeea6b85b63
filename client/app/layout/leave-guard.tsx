/**
 * Asks before the app leaves a screen whose form holds unsaved input (client/pwa/unsaved-changes.ts
 * says which); closing the tab is asked by the browser (beforeunload, set up at boot). The router is
 * a data router (createBrowserRouter), so react-router's blocker holds the navigation meanwhile.
 */
import { lazy } from 'react';
import { useBlocker } from 'react-router';
import { LazyPart } from '@client/components/lazy-part';
import { shouldAskBeforeLeaving } from '@client/pwa/unsaved-changes';

const LeaveDialog = lazy(() => import('./leave-dialog').then((m) => ({ default: m.LeaveDialog })));

export function LeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldAskBeforeLeaving(),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <LazyPart name="the leave question" fallback={null}>
      <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    </LazyPart>
  );
}
