/**
 * Asks before the app leaves a screen whose form holds unsaved input (client/pwa/unsaved-changes.ts
 * says which); closing the tab is asked by the browser (beforeunload, set up at boot). The app's
 * history (client/app/app-history.ts) holds the navigation meanwhile, a back move included.
 */
import { lazy, useEffect, useState } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import { shouldAskBeforeLeaving } from '@client/pwa/unsaved-changes';
import { useAppHistory, type HeldNavigation } from '../app-history';

const LeaveDialog = lazy(() => import('./leave-dialog').then((m) => ({ default: m.LeaveDialog })));

export function LeaveGuard() {
  const history = useAppHistory();
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  useEffect(() => {
    if (!history) return;
    const removeCheck = history.setLeaveCheck(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname !== nextLocation.pathname && shouldAskBeforeLeaving(),
    );
    const stopListening = history.onHeld(setHeld);
    return () => {
      removeCheck();
      stopListening();
    };
  }, [history]);
  if (!held) return null;
  return (
    <LazyPart name="the leave question" fallback={null}>
      <LeaveDialog onStay={held.reset} onLeave={held.proceed} />
    </LazyPart>
  );
}
