/**
 * The warning that unsent items may be cleared with the site's data (Safari without installing):
 * its UI is a chunk of its own, loaded when the first unsent item found storage not persistent.
 */
import { lazy } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import { useUnsentAtRisk } from './storage';

const UnsentStorageAlertView = lazy(() => import('./unsent-storage-alert-view'));

export function UnsentStorageAlert() {
  if (!useUnsentAtRisk()) return null;
  return (
    <LazyPart name="the unsent-storage alert" fallback={null}>
      <UnsentStorageAlertView />
    </LazyPart>
  );
}
