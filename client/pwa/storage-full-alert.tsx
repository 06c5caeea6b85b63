/** The full-storage message's gate: its UI is a chunk of its own, loaded when storage runs full. */
import { lazy } from 'react';
import { LazyPart, PlainNotice } from '@client/components/lazy-part';
import { STORAGE_MESSAGES, useQuotaExceeded } from './storage';

const StorageFullAlertView = lazy(() => import('./storage-full-alert-view'));

export function StorageFullAlert() {
  if (!useQuotaExceeded()) return null;
  return (
    <LazyPart
      name="the storage-full alert"
      fallback={<PlainNotice text={STORAGE_MESSAGES.quotaExceeded} testId="storage-full" />}
    >
      <StorageFullAlertView />
    </LazyPart>
  );
}
