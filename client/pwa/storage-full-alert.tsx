/** The full-storage message's gate: its UI is a chunk of its own, loaded when storage runs full. */
import { lazy, Suspense } from 'react';
import { useQuotaExceeded } from './storage';

const StorageFullAlertView = lazy(() => import('./storage-full-alert-view'));

export function StorageFullAlert() {
  if (!useQuotaExceeded()) return null;
  return (
    <Suspense fallback={null}>
      <StorageFullAlertView />
    </Suspense>
  );
}
